// Security review, item 4: who may sign up (ALLOWED_EMAIL_DOMAINS, the admin setting
// allow_new_signups) and the admin's max_reports_per_user, enforced with a clear error.
import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../config'
import { createTestApp, makeClient, signIn } from '../test/helpers'

/** The development provider's handshake, answering the status of POST /api/sessions. */
async function trySignIn(app: Awaited<ReturnType<typeof createTestApp>>['app'], email: string) {
  const client = makeClient(app)
  const start = await client.get('/api/oauth/google/redirect_url')
  const form = await app.handle(
    new Request(start.json.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name: 'X' }).toString(),
    }),
  )
  const callback = new URL(form.headers.get('location') as string)
  const res = await client.post('/api/sessions', {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  })
  return { res, me: (await client.get('/api/users/me')).status }
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
    expect(outsider.res.json.error).toBe('Sign-in is limited to addresses at acme.com, acme.co.uk')
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
    const off = await admin.put('/api/admin/system-settings/allow_new_signups', {
      setting_value: 'false',
    })
    expect(off.status).toBe(200)
    const stranger = await trySignIn(app, 'new@example.com')
    expect(stranger.res.status).toBe(403)
    expect(stranger.res.json.error).toBe('New sign-ups are closed; ask your administrator')
    expect(stranger.me).toBe(401)
    expect((await trySignIn(app, 'ada@example.com')).res.status).toBe(200)
    expect((await trySignIn(app, 'root@example.com')).res.status).toBe(200)
  })
})

describe('max_reports_per_user', () => {
  test('a user at the limit cannot create or import another report; nothing is written', async () => {
    const { app } = await createTestApp({ ADMIN_EMAILS: 'root@example.com' })
    const admin = await signIn(app, 'root@example.com')
    await admin.put('/api/admin/system-settings/max_reports_per_user', { setting_value: '2' })
    const ada = await signIn(app, 'ada@example.com')
    expect((await ada.post('/api/reports', { week_start_date: '2026-11-02' })).status).toBe(200)
    expect((await ada.post('/api/reports', { week_start_date: '2026-11-09' })).status).toBe(200)
    const third = await ada.post('/api/reports', { week_start_date: '2026-11-16' })
    expect(third.status).toBe(403)
    expect(third.json.error).toBe(
      'You have reached the limit of 2 reports; delete old ones or ask your administrator',
    )
    const doc = (await ada.get('/api/export')).json
    const bea = await signIn(app, 'bea@example.com')
    doc.reports.push({ ...doc.reports[0], week_start_date: '2026-10-26' })
    const imported = await bea.post('/api/import', doc)
    expect(imported.status).toBe(403)
    expect((await bea.get('/api/reports')).json).toEqual([])
    expect((await ada.get('/api/reports')).json).toHaveLength(2)
  })
})
