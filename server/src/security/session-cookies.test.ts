// Security review, items 2 and 7: the sign-in state is required; signing out is a POST that
// really deletes the __Host- cookie; a cross-site GET cannot sign anyone out; HSTS over https.
import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient, signIn } from '../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The development provider's form is an HTML page, not an API route: it is posted by hand.

async function pendingSignIn() {
  const { app } = await createTestApp()
  const client = makeClient(app)
  const start = (await client.api.oauth.google.redirect_url.get()).data!
  const form = await app.handle(
    new Request(start.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'ada@example.com', name: 'Ada' }).toString(),
    }),
  )
  const callback = new URL(form.headers.get('location') as string)
  return {
    app,
    client,
    code: callback.searchParams.get('code') as string,
    state: callback.searchParams.get('state') as string,
  }
}

describe('the sign-in state', () => {
  test('is required: a code exchanged without it gives no session', async () => {
    const { client, code, state } = await pendingSignIn()
    const missing = await client.api.sessions.post({ code })
    expect(missing.status).toBe(400)
    expect(missing.error?.value).toEqual({ error: 'Sign-in state is missing; try again' })
    expect((await client.api.users.me.get()).status).toBe(401)
    // The same code with its state still works: nothing was used up by the refusal.
    expect((await client.api.sessions.post({ code, state })).status).toBe(200)
    expect((await client.api.users.me.get()).status).toBe(200)
  })
})

describe('signing out', () => {
  test('POST /api/logout ends the session; GET still does for older clients', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const copy = makeClient(app, new Map(ada.jar))
    expect((await ada.api.logout.post()).status).toBe(200)
    expect((await copy.api.users.me.get()).status).toBe(401)
    const bea = await signIn(app, 'bea@example.com')
    expect((await bea.api.logout.get()).status).toBe(200)
    expect((await bea.api.users.me.get()).status).toBe(401)
  })

  test('a GET from another site (an <img> on any page) signs nobody out', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const res = await ada.api.logout.get({ headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(403)
    expect((await ada.api.users.me.get()).status).toBe(200)
  })

  test('over https the __Host- session cookie is deleted by a Secure Set-Cookie with Path=/', async () => {
    const { app } = await createTestApp({ PUBLIC_URL: 'https://cadence.example.com' })
    const client = makeClient(app)
    const res = await client.api.logout.post(undefined, {
      headers: { origin: 'https://cadence.example.com' },
    })
    expect(res.status).toBe(200)
    const line = res.response.headers.getSetCookie().find((c) => c.startsWith('__Host-'))
    expect(line).toBeDefined()
    expect(line).toMatch(/; Secure/i)
    expect(line).toMatch(/; Path=\//i)
    expect(line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
  })
})

describe('HSTS', () => {
  test('sent when PUBLIC_URL is https, not over plain http', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://cadence.example.com' })
    const res = await https.app.handle(new Request('https://cadence.example.com/api/health'))
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const http = await createTestApp()
    const plain = await http.app.handle(new Request('http://localhost:3000/api/health'))
    expect(plain.headers.get('strict-transport-security')).toBeNull()
  })
})
