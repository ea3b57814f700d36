// Security review, items 2 and 7: the state is required even with no sign-in pending; a sign-in
// started in one tab survives one started in another; GET /api/logout refuses foreign origins.
import { describe, expect, test } from 'bun:test'
import { type Client, createTestApp, makeClient, signIn } from '../test/helpers'

type App = Awaited<ReturnType<typeof createTestApp>>['app']

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The development provider's form is an HTML page, not an API route: it is posted by hand.

/** Starts a sign-in in `client` and passes the development provider's form; the callback's query. */
async function startAndConsent(app: App, client: Client, email: string) {
  const start = await client.api.oauth.google.redirect_url.get()
  expect(start.status).toBe(200)
  const form = await app.handle(
    new Request(start.data!.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name: email.split('@')[0] }).toString(),
    }),
  )
  const callback = new URL(form.headers.get('location') as string)
  return {
    code: callback.searchParams.get('code') as string,
    state: callback.searchParams.get('state') as string,
  }
}

describe('the sign-in state', () => {
  test('a callback without a state is a 400 saying so, also when no sign-in is pending', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.sessions.post({ code: 'some-code' })
    expect(res.status).toBe(400)
    expect(res.error?.value).toEqual({ error: 'Sign-in state is missing; try again' })
  })
})

describe('sign-ins started in two tabs', () => {
  test('both finish: the second start does not overwrite the first tab’s pending sign-in', async () => {
    const { app } = await createTestApp()
    // One browser (one cookie jar), two tabs: both start before either comes back.
    const browser = makeClient(app)
    const tabA = await startAndConsent(app, browser, 'ada@example.com')
    const tabB = await startAndConsent(app, browser, 'ada@example.com')
    expect(tabA.state).not.toBe(tabB.state)
    const a = await browser.api.sessions.post(tabA)
    expect(a.status).toBe(200)
    expect((await browser.api.users.me.get()).data?.email).toBe('ada@example.com')
    const b = await browser.api.sessions.post(tabB)
    expect(b.status).toBe(200)
    // Each pending sign-in is used once: the first tab's state is spent.
    const replay = await browser.api.sessions.post(tabA)
    expect(replay.status).toBe(401)
  })

  test('a state of another browser is still refused, and the pending list is bounded', async () => {
    const { app } = await createTestApp()
    const mine = makeClient(app)
    const theirs = makeClient(app)
    const foreign = await startAndConsent(app, theirs, 'eve@example.com')
    await startAndConsent(app, mine, 'ada@example.com')
    const res = await mine.api.sessions.post(foreign)
    expect(res.status).toBe(401)
    expect(res.error?.value).toEqual({ error: 'Sign-in state mismatch; try again' })
    // Many starts in one browser: the cookie stays small, the oldest fall out, the newest work.
    const starts = []
    for (let i = 0; i < 8; i++) starts.push(await startAndConsent(app, mine, 'ada@example.com'))
    expect((mine.jar.get('cadence_oauth') as string).length).toBeLessThan(2000)
    expect((await mine.api.sessions.post(starts[0])).status).toBe(401)
    expect((await mine.api.sessions.post(starts[7])).status).toBe(200)
  })
})

describe('GET /api/logout from another origin', () => {
  test('a foreign Origin (or a same-site sibling) signs nobody out; this origin does', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of foreign) {
      const res = await ada.api.logout.get({ headers })
      expect(res.status).toBe(403)
      expect(res.error?.value).toEqual({ error: 'Sign out from Cadence itself' })
      expect((await ada.api.users.me.get()).status).toBe(200)
    }
    const own = await ada.api.logout.get({
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    })
    expect(own.status).toBe(200)
    expect((await ada.api.users.me.get()).status).toBe(401)
  })
})
