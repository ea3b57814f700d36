// Security review, item 4: who may sign up (ALLOWED_EMAIL_DOMAINS, the admin setting
// allow_new_signups) and the admin's max_reports_per_user, enforced with a clear error.
import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../config'
import { createTestApp, makeClient, signIn } from '../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The development provider's form is an HTML page, not an API route: it is posted by hand.

/** The development provider's handshake, answering the status of POST /api/sessions. */
async function trySignIn(app: Awaited<ReturnType<typeof createTestApp>>['app'], email: string) {
  const client = makeClient(app)
  const start = (await client.api.oauth.google.redirect_url.get()).data!
  const form = await app.handle(
    new Request(start.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name: 'X' }).toString(),
    }),
  )
  const callback = new URL(form.headers.get('location') as string)
  const res = await client.api.sessions.post({
    code: callback.searchParams.get('code') ?? undefined,
    state: callback.searchParams.get('state') ?? undefined,
  })
  return { res, me: (await client.api.users.me.get()).status }
}

describe('who may sign in', () => {
  test('ALLOWED_EMAIL_DOMAINS lets only those domains in, accounts made before included', async () => {
    const { app, db } = await createTestApp()
    await signIn(app, 'old@gmail.com')
    const { createApp } = await import('../app')
    const limited = createApp({
      db,
      config: loadConfig({
        DATABASE_PATH: ':memory:',
        PUBLIC_URL: 'http://localhost:3000',
        ALLOWED_EMAIL_DOMAINS: 'acme.com, @Acme.co.uk',
      }),
      signInLimit: 10_000,
    })
    const outsider = await trySignIn(limited, 'mallory@gmail.com')
    expect(outsider.res.status).toBe(403)
    expect(outsider.res.error?.value).toEqual({
      error: 'Sign-in is limited to addresses at acme.com, acme.co.uk',
    })
    expect(outsider.me).toBe(401)
    expect((await trySignIn(limited, 'old@gmail.com')).res.status).toBe(403)
    expect((await trySignIn(limited, 'ada@ACME.com')).res.status).toBe(200)
    expect((await trySignIn(limited, 'bo@acme.co.uk')).me).toBe(200)
    // A look-alike domain is not the domain.
    expect((await trySignIn(limited, 'eve@evilacme.com')).res.status).toBe(403)
  })

  test('a malformed ALLOWED_EMAIL_DOMAINS stops the start', () => {
    expect(() => loadConfig({ ALLOWED_EMAIL_DOMAINS: 'acme.com, not a domain' })).toThrow(
      "ALLOWED_EMAIL_DOMAINS: 'not a domain' is not a domain name (like example.com)",
    )
  })

  test('allow_new_signups=false keeps new people out, not existing users nor ADMIN_EMAILS', async () => {
    const { app } = await createTestApp({ ADMIN_EMAILS: 'root@example.com' })
    const admin = await signIn(app, 'root@example.com')
    await signIn(app, 'ada@example.com')
    const off = await admin.api.admin['system-settings']({ key: 'allow_new_signups' }).put({
      setting_value: 'false',
    })
    expect(off.status).toBe(200)
    const stranger = await trySignIn(app, 'new@example.com')
    expect(stranger.res.status).toBe(403)
    expect(stranger.res.error?.value).toEqual({
      error: 'New sign-ups are closed; ask your administrator',
    })
    expect(stranger.me).toBe(401)
    expect((await trySignIn(app, 'ada@example.com')).res.status).toBe(200)
    expect((await trySignIn(app, 'root@example.com')).res.status).toBe(200)
  })
})

describe('max_reports_per_user', () => {
  test('a user at the limit cannot create or import another report; nothing is written', async () => {
    const { app } = await createTestApp({ ADMIN_EMAILS: 'root@example.com' })
    const admin = await signIn(app, 'root@example.com')
    await admin.api.admin['system-settings']({ key: 'max_reports_per_user' }).put({
      setting_value: '2',
    })
    const ada = await signIn(app, 'ada@example.com')
    expect((await ada.api.reports.post({ week_start_date: '2026-11-02' })).status).toBe(200)
    expect((await ada.api.reports.post({ week_start_date: '2026-11-09' })).status).toBe(200)
    const third = await ada.api.reports.post({ week_start_date: '2026-11-16' })
    expect(third.status).toBe(403)
    expect(third.error?.value).toEqual({
      error: 'You have reached the limit of 2 reports; delete old ones or ask your administrator',
    })
    const doc = (await ada.api.export.get()).data!
    const bea = await signIn(app, 'bea@example.com')
    doc.reports.push({ ...doc.reports[0], week_start_date: '2026-10-26' })
    // The export's answer type is not the import's body type (the export's settings and rows are
    // open records; the import's weekdays infer as `never`), so the file goes by its path.
    const imported = await bea.post('/api/import', doc)
    expect(imported.status).toBe(403)
    expect((await bea.api.reports.get()).data).toEqual([])
    expect((await ada.api.reports.get()).data).toHaveLength(2)
  })
})
