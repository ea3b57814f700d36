import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { devAuthCodes, sessions } from '../../db/schema'
import { createTestApp, makeClient, ORIGIN, signIn } from '../../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The development provider's pages (its form, its authorize URL) are HTML, not API routes: they
// are requested by hand.
async function startHandshake(
  app: Awaited<ReturnType<typeof createTestApp>>['app'],
  email = 'ada@example.com',
) {
  const client = makeClient(app)
  const start = await client.api.oauth.google.redirect_url.get()
  const url = new URL(start.data!.redirectUrl)
  const form = await app.handle(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name: 'Ada' }).toString(),
    }),
  )
  const location = new URL(form.headers.get('location')!)
  return { client, url, form, location }
}

/** The callback's code and state, as the app sends them to POST /api/sessions. */
const exchange = (location: URL) => ({
  code: location.searchParams.get('code') ?? undefined,
  state: location.searchParams.get('state') ?? undefined,
})

describe('sign-in through the development provider', () => {
  test('redirect_url points at the dev provider with state and an S256 PKCE challenge', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.oauth.google.redirect_url.get()
    expect(res.status).toBe(200)
    const url = new URL(res.data!.redirectUrl)
    expect(url.origin).toBe(ORIGIN)
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
  })

  test('the provider page is an HTML form with email and name that says it is the development sign-in', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.oauth.google.redirect_url.get()
    const page = await app.handle(new Request(res.data!.redirectUrl))
    const html = await page.text()
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('name="email"')
    expect(html).toContain('name="name"')
    expect(html).toContain('Development sign-in')
    expect(html).toContain('method="post"')
  })

  test('a bad e-mail in the form gives the page back with the message and no code', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.oauth.google.redirect_url.get()
    const page = await app.handle(
      new Request(res.data!.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'not an email', name: 'Ada' }).toString(),
      }),
    )
    expect(page.status).toBe(400)
    expect(page.headers.get('location')).toBeNull()
    const html = await page.text()
    expect(html).toContain('Valid email is required')
    expect(html).toContain('name="email"')
  })

  test('submitting the form answers 303 to /auth/callback with code and state', async () => {
    const { app } = await createTestApp()
    const { url, form, location } = await startHandshake(app)
    expect(form.status).toBe(303)
    expect(location.pathname).toBe('/auth/callback')
    expect(location.searchParams.get('state')).toBe(url.searchParams.get('state'))
    expect(location.searchParams.get('code')).toBeTruthy()
  })

  test('exchanging the code sets an HttpOnly SameSite=Lax session cookie and /users/me answers the user', async () => {
    const { app } = await createTestApp()
    const { client, location } = await startHandshake(app)
    const res = await client.api.sessions.post(exchange(location))
    expect(res.status).toBe(200)
    const cookie = res.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('cadence_session='))!
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(cookie).not.toContain('Secure')
    const me = await client.api.users.me.get()
    expect(me.status).toBe(200)
    expect(me.data).toMatchObject({ email: 'ada@example.com', name: 'Ada', is_admin: false })
    expect(me.data?.provider_user_id).toBe('ada@example.com')
  })

  test('only the SHA-256 hash of the session token is stored', async () => {
    const { app, db } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    const token = client.jar.get('cadence_session')!
    expect(token.length).toBeGreaterThanOrEqual(26) // 160 bits in base32
    const rows = await db.orm.select().from(sessions)
    expect(rows).toHaveLength(1)
    expect(rows[0].id).not.toBe(token)
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a code cannot be used twice', async () => {
    const { app } = await createTestApp()
    const { client, location } = await startHandshake(app)
    const body = exchange(location)
    const jar = new Map(client.jar)
    expect((await client.api.sessions.post(body)).status).toBe(200)
    const replay = makeClient(app, jar)
    const again = await replay.api.sessions.post(body)
    expect([400, 401]).toContain(again.status)
    expect(again.error?.value).toEqual({ error: expect.any(String) })
  })

  test('a state that does not match the one issued is refused', async () => {
    const { app } = await createTestApp()
    const { client, location } = await startHandshake(app)
    const res = await client.api.sessions.post({ ...exchange(location), state: 'forged' })
    expect(res.status).toBe(401)
    expect((await client.api.users.me.get()).status).toBe(401)
  })

  test('a missing code is a 400 with its message', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.sessions.post({})
    expect(res.status).toBe(400)
    expect(res.error?.value).toEqual({
      error: 'Cannot exchange code for session token: no code provided in the URL search params.',
    })
  })

  test('a code exchanged from another browser (without the state cookie) is refused', async () => {
    const { app } = await createTestApp()
    const { location } = await startHandshake(app)
    const res = await makeClient(app).api.sessions.post(exchange(location))
    expect(res.status).toBe(401)
  })

  test('every sign-in gets a new token', async () => {
    const { app } = await createTestApp()
    const a = await signIn(app, 'ada@example.com')
    const b = await signIn(app, 'ada@example.com')
    expect(a.jar.get('cadence_session')).not.toBe(b.jar.get('cadence_session'))
    expect((await a.api.users.me.get()).data?.id).toBe((await b.api.users.me.get()).data!.id)
  })

  test('logout ends the session on the server and the old cookie gets 401', async () => {
    const { app } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    const saved = new Map(client.jar)
    expect((await client.api.logout.get()).status).toBe(200)
    expect(client.jar.has('cadence_session')).toBe(false)
    expect((await makeClient(app, saved).api.users.me.get()).status).toBe(401)
  })

  test('sign out everywhere ends every session of the user, this one too, and no one else’s', async () => {
    const { app, db } = await createTestApp()
    const phone = await signIn(app, 'ada@example.com')
    const laptop = await signIn(app, 'ada@example.com')
    const tom = await signIn(app, 'tom@example.com')
    // The laptop's session is known to this instance (a hinted write checks it in its statement).
    const project = (await laptop.api.projects.post({ name: 'Apollo' })).data!
    await laptop.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    const report = (await laptop.api.reports.post({ week_start_date: '2026-11-23' })).data!
    const item = (
      await laptop.api['section-items'].post({ section_id: report.sections[0].id, content: 'A' })
    ).data!
    expect((await laptop.api['section-items']({ id: item.id }).put({ content: 'B' })).status).toBe(
      200,
    )
    const saved = new Map(phone.jar)
    const res = await phone.api.sessions['revoke-all'].post()
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ success: true, ended: 2 })
    expect(phone.jar.has('cadence_session')).toBe(false)
    for (const client of [makeClient(app, saved), laptop]) {
      expect((await client.api.users.me.get()).status).toBe(401)
      expect((await client.api.projects.post({ name: 'After' })).status).toBe(401)
    }
    expect((await laptop.put(`/api/projects/${project.uuid}`, { name: 'Renamed' })).status).toBe(
      401,
    )
    // The hinted write path (session-hints.ts) refuses too: the item is as it was.
    expect((await laptop.api['section-items']({ id: item.id }).put({ content: 'C' })).status).toBe(
      401,
    )
    const [row] = await db.rows<{ content: string }>(
      sql`SELECT content FROM section_items WHERE id = ${item.id}`,
    )
    expect(row.content).toBe('B')
    // Tom is still signed in; Ada's rows are gone, his stays.
    expect((await tom.api.users.me.get()).status).toBe(200)
    const left = await db.rows<{ n: number }>(sql`SELECT COUNT(*) AS n FROM sessions`)
    expect(Number(left[0].n)).toBe(1)
    // Signed out: 401, and nothing to end.
    expect((await makeClient(app).api.sessions['revoke-all'].post()).status).toBe(401)
  })

  test('without a session /users/me answers 401 with an error', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.users.me.get()
    expect(res.status).toBe(401)
    expect(res.error?.value).toEqual({ error: expect.any(String) })
  })

  test('ADMIN_EMAILS makes a user admin', async () => {
    const { app } = await createTestApp({ ADMIN_EMAILS: 'boss@example.com, other@example.com' })
    const boss = await signIn(app, 'Boss@Example.com')
    expect((await boss.api.admin.profile.get()).data).toEqual({ is_admin: true })
    const ada = await signIn(app, 'ada@example.com')
    expect((await ada.api.admin.profile.get()).data).toEqual({ is_admin: false })
  })

  test('an https PUBLIC_URL gives a Secure __Host- cookie', async () => {
    const { app } = await createTestApp({ PUBLIC_URL: 'https://cadence.example.com' })
    const client = makeClient(app)
    const start = await client.api.oauth.google.redirect_url.get()
    const oauth = start.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-cadence_oauth='))!
    expect(oauth).toContain('Secure')
  })

  test('the dev provider is absent when switched off', async () => {
    const { app } = await createTestApp({ DEV_LOGIN: 'off' })
    const res = await makeClient(app).api.oauth.google.redirect_url.get()
    expect(res.status).toBe(401)
    const page = await app.handle(new Request(`${ORIGIN}/api/oauth/dev/authorize?state=x`))
    expect(page.status).toBe(404)
  })

  test('sign-in is rate limited per client address', async () => {
    const { loadConfig } = await import('../../config')
    const { openDatabase } = await import('../../db')
    const { createApp } = await import('../../app')
    const app = createApp({
      db: openDatabase(':memory:'),
      config: loadConfig({ PUBLIC_URL: ORIGIN }),
      signInLimit: 3,
    })
    const client = makeClient(app)
    const statuses = []
    for (let i = 0; i < 5; i++)
      statuses.push((await client.api.oauth.google.redirect_url.get()).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })

  test('a session past half its life is renewed on use, with a fresh cookie', async () => {
    const { app, db } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString()
    await db.orm.update(sessions).set({ expires_at: soon })
    const res = await client.api.users.me.get()
    expect(res.status).toBe(200)
    const cookie = res.response.headers.getSetCookie().find((c) => c.startsWith('cadence_session='))
    expect(cookie).toContain('HttpOnly')
    const renewed = Date.parse((await db.orm.select().from(sessions))[0]!.expires_at)
    expect(renewed).toBeGreaterThan(Date.now() + 29 * 86_400_000)
  })

  test('an expired session answers 401 and is removed', async () => {
    const { app, db } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    await db.orm.update(sessions).set({ expires_at: new Date(Date.now() - 1000).toISOString() })

    expect((await client.api.users.me.get()).status).toBe(401)
    expect(await db.orm.select().from(sessions)).toHaveLength(0)
  })

  test('a development code older than 10 minutes is refused', async () => {
    const { app, db } = await createTestApp()
    const { client, location } = await startHandshake(app)
    await db.orm.update(devAuthCodes).set({ expires_at: new Date(Date.now() - 1000).toISOString() })

    const res = await client.api.sessions.post(exchange(location))
    expect(res.status).toBe(401)
    expect((await client.api.users.me.get()).status).toBe(401)
  })

  test('codes expire within 10 minutes of being issued', async () => {
    const { app, db } = await createTestApp()
    await startHandshake(app)
    const row = (await db.orm.select().from(devAuthCodes))[0]!
    expect(Date.parse(row.expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000)
  })

  test('each sign-in is recorded in the activity log', async () => {
    const { app, db } = await createTestApp()
    await signIn(app, 'ada@example.com')
    await signIn(app, 'ada@example.com')
    const rows = await db.rows(sql`SELECT action FROM activity_log WHERE action = 'sign_in'`)
    expect(rows).toHaveLength(2)
  })
})
