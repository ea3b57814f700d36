import { afterAll, describe, expect, test } from 'bun:test'
import { encodeBase64urlNoPadding } from '@oslojs/encoding'
import { createTestApp, makeClient, ORIGIN } from '../../test/helpers'
import { pkceChallenge } from './tokens'

/**
 * A minimal OpenID Connect provider on a loopback port: discovery, JWKS and a token endpoint that
 * checks the client, the redirect URI and the PKCE verifier and answers an RS256-signed ID token.
 * Authorization codes are minted by the test (standing in for the user's consent screen).
 */
async function startIssuer() {
  const keys = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )
  const jwk = { ...(await crypto.subtle.exportKey('jwk', keys.publicKey)), kid: 'k1', use: 'sig' }
  const codes = new Map<string, { challenge: string; claims: Record<string, unknown> }>()
  const b64 = (value: object) =>
    encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)))
  const sign = async (claims: Record<string, unknown>) => {
    const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${b64(claims)}`
    const signature = await crypto.subtle.sign(
      'RSASSA-PKCS1-v1_5',
      keys.privateKey,
      new TextEncoder().encode(input),
    )
    return `${input}.${encodeBase64urlNoPadding(new Uint8Array(signature))}`
  }
  let issuer = ''
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req): Promise<Response> {
      const url = new URL(req.url)
      if (url.pathname === '/.well-known/openid-configuration') {
        return Response.json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          authorization_response_iss_parameter_supported: true,
        })
      }
      if (url.pathname === '/jwks') return Response.json({ keys: [jwk] })
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await req.text())
        const entry = codes.get(form.get('code') ?? '')
        codes.delete(form.get('code') ?? '')
        const bad = (error: string) => Response.json({ error }, { status: 400 })
        if (!entry) return bad('invalid_grant')
        if (form.get('client_id') !== 'cadence' || form.get('client_secret') !== 's3cret')
          return bad('invalid_client')
        if (form.get('redirect_uri') !== `${ORIGIN}/auth/callback`) return bad('invalid_grant')
        if (pkceChallenge(form.get('code_verifier') ?? '') !== entry.challenge)
          return bad('invalid_grant')
        const now = Math.floor(Date.now() / 1000)
        const id_token = await sign({
          iss: issuer,
          aud: 'cadence',
          iat: now,
          exp: now + 300,
          ...entry.claims,
        })
        return Response.json({ access_token: 'at', token_type: 'Bearer', id_token })
      }
      return new Response('not found', { status: 404 })
    },
  })
  issuer = `http://127.0.0.1:${server.port}`
  const consent = (authorizeUrl: string, claims: Record<string, unknown>) => {
    const code = crypto.randomUUID()
    const challenge = new URL(authorizeUrl).searchParams.get('code_challenge') ?? ''
    // A provider puts the authorization request's nonce into the ID token (claims may override).
    const nonce = new URL(authorizeUrl).searchParams.get('nonce')
    codes.set(code, { challenge, claims: nonce ? { nonce, ...claims } : claims })
    return code
  }
  return { issuer, consent, stop: () => server.stop(true) }
}

const issuer = await startIssuer()
afterAll(() => issuer.stop())

const env = {
  OIDC_ISSUER: issuer.issuer,
  OIDC_CLIENT_ID: 'cadence',
  OIDC_CLIENT_SECRET: 's3cret',
}
const profile = {
  sub: 'user-42',
  email: 'Grace@Example.com',
  email_verified: true,
  name: 'Grace Hopper',
  picture: 'https://example.com/g.png',
}

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The development provider's authorize page is HTML, not an API route: it is requested by hand.
async function begin() {
  const { app } = await createTestApp(env)
  const client = makeClient(app)
  const start = await client.api.oauth.google.redirect_url.get()
  expect(start.status).toBe(200)
  return { app, client, url: new URL(start.data!.redirectUrl) }
}

describe('sign-in with an OpenID Connect provider', () => {
  test('the redirect goes to the discovered authorization endpoint with state and S256 PKCE', async () => {
    const { url } = await begin()
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.issuer}/authorize`)
    expect(url.searchParams.get('client_id')).toBe('cadence')
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback`)
    expect(url.searchParams.get('scope')).toBe('openid email profile')
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
  })

  // The issuer advertises RFC 9207 `iss` (as Keycloak does) while the callback page forwards only
  // code and state: this guards the server supplying the issuer itself.
  test('a valid code gives a session for the user of the ID token', async () => {
    const { client, url } = await begin()
    const code = issuer.consent(url.toString(), profile)
    const res = await client.api.sessions.post({
      code,
      state: url.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(200)
    const me = await client.api.users.me.get()
    expect(me.data).toMatchObject({
      provider: 'oidc',
      provider_user_id: 'user-42',
      email: 'grace@example.com',
      name: 'Grace Hopper',
      provider_name: 'Grace Hopper',
      picture: 'https://example.com/g.png',
    })
  })

  test('an ID token for another audience is refused', async () => {
    const { client, url } = await begin()
    const code = issuer.consent(url.toString(), { ...profile, aud: 'someone-else' })
    const res = await client.api.sessions.post({
      code,
      state: url.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(401)
    expect((await client.api.users.me.get()).status).toBe(401)
  })

  test('an ID token without an e-mail is refused', async () => {
    const { client, url } = await begin()
    const code = issuer.consent(url.toString(), { sub: 'no-mail' })
    const res = await client.api.sessions.post({
      code,
      state: url.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(401)
  })

  test('an e-mail the provider marks as unverified is refused', async () => {
    const { client, url } = await begin()
    const code = issuer.consent(url.toString(), { ...profile, email_verified: false })
    const res = await client.api.sessions.post({
      code,
      state: url.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(401)
    expect(res.error?.value).toEqual({ error: expect.stringContaining('verified') })
  })

  test('the request carries a nonce, and an ID token with another nonce is refused', async () => {
    const { client, url } = await begin()
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(20)
    const code = issuer.consent(url.toString(), { ...profile, nonce: 'replayed-token-nonce' })
    const res = await client.api.sessions.post({
      code,
      state: url.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(401)
    expect((await client.api.users.me.get()).status).toBe(401)
  })

  test('an ID token that does not say the e-mail is verified is refused', async () => {
    const { client, url } = await begin()
    const { email_verified: _, ...unsaid } = profile
    const code = issuer.consent(url.toString(), unsaid)
    const res = await client.api.sessions.post({
      code,
      state: url.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(401)
    expect(res.error?.value).toEqual({ error: 'The provider has not verified this e-mail address' })
  })

  // Security review item 3: the account is bound to (provider, subject), not to the address.
  test('the same e-mail from another subject of the provider is refused; the first keeps working', async () => {
    const { app, client, url } = await begin()
    const first = issuer.consent(url.toString(), profile)
    expect(
      (
        await client.api.sessions.post({
          code: first,
          state: url.searchParams.get('state') ?? undefined,
        })
      ).status,
    ).toBe(200)
    const ownerId = (await client.api.users.me.get()).data!.id

    const other = makeClient(app)
    const start = new URL((await other.api.oauth.google.redirect_url.get()).data!.redirectUrl)
    const code = issuer.consent(start.toString(), { ...profile, sub: 'someone-else-99' })
    const res = await other.api.sessions.post({
      code,
      state: start.searchParams.get('state') ?? undefined,
    })
    expect(res.status).toBe(403)
    expect(res.error?.value).toEqual({
      error:
        'This e-mail address belongs to another sign-in provider account here; sign in with the account it was first used with, or ask your administrator',
    })
    expect((await other.api.users.me.get()).status).toBe(401)

    // The owner (same subject) signs in again into the same account.
    const again = makeClient(app)
    const next = new URL((await again.api.oauth.google.redirect_url.get()).data!.redirectUrl)
    const code2 = issuer.consent(next.toString(), profile)
    await again.api.sessions.post({
      code: code2,
      state: next.searchParams.get('state') ?? undefined,
    })
    expect((await again.api.users.me.get()).data).toMatchObject({
      id: ownerId,
      provider_user_id: 'user-42',
    })
  })

  test('a subject whose address changes to another account’s address is refused too', async () => {
    const { app } = await begin()
    const signInAs = async (claims: Record<string, unknown>) => {
      const client = makeClient(app)
      const start = new URL((await client.api.oauth.google.redirect_url.get()).data!.redirectUrl)
      const code = issuer.consent(start.toString(), claims)
      const res = await client.api.sessions.post({
        code,
        state: start.searchParams.get('state') ?? undefined,
      })
      return { res, client }
    }
    expect((await signInAs(profile)).res.status).toBe(200)
    expect((await signInAs({ ...profile, sub: 'b-1', email: 'b@example.com' })).res.status).toBe(
      200,
    )
    const moved = await signInAs({ ...profile, sub: 'b-1', email: 'grace@example.com' })
    expect(moved.res.status).toBe(403)
    // Its own address still works.
    const back = await signInAs({ ...profile, sub: 'b-1', email: 'b@example.com' })
    expect(back.res.status).toBe(200)
    expect((await back.client.api.users.me.get()).data?.email).toBe('b@example.com')
  })

  test('a reused code and a forged state are refused', async () => {
    const { app, client, url } = await begin()
    const code = issuer.consent(url.toString(), profile)
    const state = url.searchParams.get('state') ?? undefined
    expect((await client.api.sessions.post({ code, state: 'forged' })).status).toBe(401)
    const jar = new Map(client.jar)
    const first = makeClient(app, new Map(jar))
    expect((await first.api.sessions.post({ code, state })).status).toBe(200)
    const again = await makeClient(app, new Map(jar)).api.sessions.post({ code, state })
    expect([400, 401]).toContain(again.status)
  })

  test('an unreachable provider answers 502 with an error, not a 500', async () => {
    const { app } = await createTestApp({ ...env, OIDC_ISSUER: 'http://127.0.0.1:9/nowhere' })
    const res = await makeClient(app).api.oauth.google.redirect_url.get()
    expect(res.status).toBe(502)
    expect(res.error?.value).toEqual({ error: expect.stringContaining('sign-in provider') })
  })

  test('a configured provider switches the development sign-in off', async () => {
    const { app } = await begin()
    const page = await app.handle(new Request(`${ORIGIN}/api/oauth/dev/authorize?state=x`))
    expect(page.status).toBe(404)
  })
})
