import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db'
import { clientAddress, syncRateLimits, trustedProxies } from '../lib/rate-limit'
import { pkceChallenge, randomVerifier } from '../modules/auth/tokens'
import { freshTestDatabase, testEngine } from '../test/engines'
import { createTestApp, makeClient, ORIGIN, signIn } from '../test/helpers'

/**
 * Security review, item 1: the development sign-in never by accident. With DEV_LOGIN=on beside a
 * real provider, a visitor used to write the pending sign-in cookie ({state, verifier, provider})
 * himself, pick `provider: "dev"` and sign in as anyone, an admin included.
 */
// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The development provider's form is an HTML page, not an API route: it is posted by hand.
const GOOGLE = { GOOGLE_CLIENT_ID: 'id.apps.example', GOOGLE_CLIENT_SECRET: 'secret' }

/** A code from the development provider, for an e-mail of the attacker's choosing. */
async function devCode(app: Awaited<ReturnType<typeof createTestApp>>['app'], email: string) {
  const verifier = randomVerifier()
  const url = new URL(`${ORIGIN}/api/oauth/dev/authorize`)
  url.searchParams.set('state', 'forged-state')
  url.searchParams.set('code_challenge', pkceChallenge(verifier))
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('redirect_uri', `${ORIGIN}/auth/callback`)
  const form = await app.handle(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name: 'Mallory' }).toString(),
    }),
  )
  const code = new URL(form.headers.get('location') as string).searchParams.get('code') ?? undefined
  return { code, verifier }
}

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('the pending sign-in cannot be forged', () => {
  test('a hand-written pending cookie (provider dev beside Google) gives no session', async () => {
    const { app } = await createTestApp({ ...GOOGLE, DEV_LOGIN: 'on', ADMIN_EMAILS: 'boss@x.io' })
    const { code, verifier } = await devCode(app, 'boss@x.io')
    expect(code).toBeTruthy()
    const jar = new Map([
      ['cadence_oauth', forge({ state: 'forged-state', verifier, provider: 'dev' })],
    ])
    const client = makeClient(app, jar)
    const res = await client.api.sessions.post({ code, state: 'forged-state' })
    expect(res.status).toBe(401)
    expect(
      res.response.headers
        .getSetCookie()
        .some((c) => c.startsWith('cadence_session=') && c.length > 20),
    ).toBe(false)
    expect((await client.api.users.me.get()).status).toBe(401)
  })

  test('a pending cookie signed with another key, or tampered with, is refused', async () => {
    const { app } = await createTestApp()
    const client = makeClient(app)
    await client.api.oauth.google.redirect_url.get()
    const jar = new Map<string, string>()
    const start = await makeClient(app, jar).api.oauth.google.redirect_url.get()
    const genuine = jar.get('cadence_oauth') as string
    expect(genuine).toContain('.')
    const [payload, mac] = genuine.split('.')
    const state = new URL(start.data!.redirectUrl).searchParams.get('state') ?? undefined
    const { code, verifier } = await devCode(app, 'eve@x.io')
    const tampered = `${forge({ state, verifier, provider: 'dev' })}.${mac}`
    for (const cookie of [tampered, `${payload}.${'A'.repeat(mac.length)}`]) {
      const res = await makeClient(app, new Map([['cadence_oauth', cookie]])).api.sessions.post({
        code,
        state,
      })
      expect(res.status).toBe(401)
    }
  })

  test('the real flow still signs in, on any instance of the deployment (the key is shared)', async () => {
    const { app, db, config } = await createTestApp()
    const other = createApp({ db, config, signInLimit: 10_000 })
    const jar = new Map<string, string>()
    const start = await makeClient(app, jar).api.oauth.google.redirect_url.get()
    const redirect = new URL(start.data!.redirectUrl)
    const form = await app.handle(
      new Request(redirect, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'ada@x.io', name: 'Ada' }).toString(),
      }),
    )
    const callback = new URL(form.headers.get('location') as string)
    // The callback lands on the other instance.
    const client = makeClient(other, jar)
    const res = await client.api.sessions.post({
      code: callback.searchParams.get('code') ?? undefined,
      state: callback.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(200)
    expect((await client.api.users.me.get()).data?.email).toBe('ada@x.io')
  })

  test('a sign-in started with the development provider is refused once it is off', async () => {
    const { app, db } = await createTestApp()
    const jar = new Map<string, string>()
    const start = await makeClient(app, jar).api.oauth.google.redirect_url.get()
    const state = new URL(start.data!.redirectUrl).searchParams.get('state') ?? undefined
    const { code } = await devCode(app, 'ada@x.io')
    // The deployment is reconfigured with Google only (same database, same signing key).
    const google = createApp({ db, config: loadConfig({ PUBLIC_URL: ORIGIN, ...GOOGLE }) })
    const res = await makeClient(google, jar).api.sessions.post({ code, state })
    expect(res.status).toBe(401)
  })
})

describe('the sign-in rate limit', () => {
  test('holds across instances on one database once they have shared their counts', async () => {
    const db = testEngine() === 'pg' ? await freshTestDatabase() : openDatabase(':memory:')
    const config = loadConfig({ PUBLIC_URL: ORIGIN })
    const instance = () => makeClient(createApp({ db, config, signInLimit: 3 }))
    const start = async (client: ReturnType<typeof instance>) =>
      (await client.api.oauth.google.redirect_url.get()).status
    const [a, b] = [instance(), instance()]
    const statuses = [await start(a), await start(a), await start(a), await start(a)]
    // What an instance let through reaches the database with its next batch (every SYNC_MS);
    // an instance new to the client reads the total before answering.
    await syncRateLimits(db)
    statuses.push(await start(b), await start(instance()))
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    // Two instances busy with one client at the same moment: each learns what the other let
    // through with its own next batch. Past the limit by at most what they let through before
    // that, then refused by both.
    const [c, d] = [instance(), instance()]
    await db.exec(sql`DELETE FROM rate_limits`)
    let allowed = 0
    for (let round = 0; round < 4; round++) {
      for (const client of [c, d, c]) if ((await start(client)) === 200) allowed++
      await syncRateLimits(db)
    }
    expect(allowed).toBeGreaterThanOrEqual(3)
    expect(allowed).toBeLessThanOrEqual(5)
    expect([await start(c), await start(d)]).toEqual([429, 429])
  })

  test('X-Forwarded-For is believed only from a trusted proxy', () => {
    const trusted = trustedProxies(['10.0.0.0/8', '::1'])
    // Behind the proxy, two clients are two keys.
    expect(clientAddress('10.1.2.3', '203.0.113.7', trusted)).toBe('203.0.113.7')
    expect(clientAddress('10.1.2.3', '198.51.100.9', trusted)).toBe('198.51.100.9')
    // A client's own X-Forwarded-For entries left of the proxy's are not believed.
    expect(clientAddress('10.1.2.3', '1.1.1.1, 203.0.113.7', trusted)).toBe('203.0.113.7')
    // Through two trusted proxies, the first address that is not one of them.
    expect(clientAddress('::1', '203.0.113.7, 10.9.9.9', trusted)).toBe('203.0.113.7')
    // Straight from the internet, the header is ignored.
    expect(clientAddress('198.51.100.9', '1.2.3.4', trusted)).toBe('198.51.100.9')
    expect(clientAddress('198.51.100.9', null, trusted)).toBe('198.51.100.9')
  })
})

describe('signIn helper', () => {
  test('still works with the development provider alone', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@x.io')
    expect((await ada.api.users.me.get()).status).toBe(200)
  })
})
