import { describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { cookieHeader, createTestApp, makeClient, ORIGIN, signIn } from '../test/helpers'
import { DEFAULT_BODY_LIMIT, MB, PUBLIC_BODY_LIMIT, RouteTable, routeRules } from './route-rules'

const table = (app: { routes: Parameters<RouteTable['load']>[0] }) =>
  new RouteTable().load(app.routes)

describe('RouteTable: a route found as Elysia routes it', () => {
  const app = new Elysia({ prefix: '/api' })
    .use(routeRules)
    .get('/things/', () => 1, { rules: { cachedPerUser: true } })
    .get('/things/:id', () => 1, { rules: { tokenInPath: true } })
    .put('/things/:id', () => 1, { rules: { bodyLimit: 2 * MB } })
    .get('/things/special', () => 1, { rules: { public: true } })
    .get('/things/:id/parts', () => 1, { rules: { formPost: true } })
    .get('/files/*', () => 1, { rules: { public: true, bodyLimit: 5 } })

  test('a fixed segment before a parameter, a parameter before the rest, a trailing slash ignored', () => {
    const rules = table(app)
    expect(rules.find('GET', '/api/things')).toEqual({ cachedPerUser: true })
    expect(rules.find('GET', '/api/things/')).toEqual({ cachedPerUser: true })
    expect(rules.find('GET', '/api/things/special')).toEqual({ public: true })
    expect(rules.find('GET', '/api/things/42')).toEqual({ tokenInPath: true })
    expect(rules.find('GET', '/api/things/special/parts')).toEqual({ formPost: true })
    expect(rules.find('GET', '/api/files/a/b/c')).toEqual({ public: true, bodyLimit: 5 })
  })

  test('by method: HEAD is its GET; another method or path finds nothing', () => {
    const rules = table(app)
    expect(rules.find('PUT', '/api/things/42')).toEqual({ bodyLimit: 2 * MB })
    expect(rules.find('HEAD', '/api/things/42')).toEqual({ tokenInPath: true })
    expect(rules.find('POST', '/api/things/42')).toBeUndefined()
    expect(rules.find('GET', '/api/other')).toBeUndefined()
    expect(rules.find('GET', '/api/things/42/parts/more')).toBeUndefined()
  })

  test('the token rule holds for every method at its path; limits default by public or not', () => {
    const rules = table(app)
    expect(rules.tokenInPath('/api/things/42')).toBe(true)
    expect(rules.tokenInPath('/api/things')).toBe(false)
    expect(rules.bodyLimit('PUT', '/api/things/42')).toBe(2 * MB)
    expect(rules.bodyLimit('GET', '/api/things/special')).toBe(PUBLIC_BODY_LIMIT)
    expect(rules.bodyLimit('POST', '/api/nowhere')).toBe(DEFAULT_BODY_LIMIT)
    expect(rules.maxBodyLimit()).toBe(2 * MB)
    expect(rules.routes((r) => r.cachedPerUser)).toEqual([{ method: 'GET', path: '/api/things/' }])
  })

  test('the template a request is logged under is the route that answers it, as declared', () => {
    const rules = table(new Elysia().use(app).all('/api/any/:id', () => 1))
    expect(rules.template('GET', '/api/things/special')).toBe('/api/things/special')
    expect(rules.template('HEAD', '/api/things/42')).toBe('/api/things/:id')
    expect(rules.template('PUT', '/api/things/42/')).toBe('/api/things/:id')
    expect(rules.template('GET', '/api/things/7/parts')).toBe('/api/things/:id/parts')
    expect(rules.template('GET', '/api/files/a/b')).toBe('/api/files/*')
    expect(rules.template('DELETE', '/api/any/3')).toBe('/api/any/:id')
    expect(rules.template('POST', '/api/things/42')).toBeUndefined()
    expect(rules.template('GET', '/api/nowhere')).toBeUndefined()
  })
})

describe("the app's routes declare their rules", () => {
  test('an API route is public exactly when it answers without a session', async () => {
    const { app } = await createTestApp()
    const anonymous = makeClient(app)
    const wrong: string[] = []
    for (const route of app.routes) {
      if (!route.path.startsWith('/api/')) continue
      // Parameters that pass validation, so what answers is the session check or the route.
      const path = route.path.replace(/:[^/]+/g, '1').replace('*', '1')
      const res = await anonymous.request(
        route.method,
        path,
        route.method === 'GET' ? undefined : {},
      )
      const needsSession = res.status === 401 && res.json?.error === 'Not signed in'
      const rules = (route.hooks as { rules?: { public?: true } }).rules
      // The plugin's own route (the OpenAPI document) declares nothing; a GET needs no declaration.
      const isPublic = Boolean(rules?.public) || route.path === '/api/openapi.json'
      if (needsSession === isPublic) wrong.push(`${route.method} ${route.path} ${res.status}`)
    }
    expect(wrong).toEqual([])
  })

  test('cached per user: only signed-in GETs, never public or opened by a token', async () => {
    const { app } = await createTestApp()
    const cached = new RouteTable().load(app.routes).routes((r) => r.cachedPerUser)
    expect(cached.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/reports/:uuid')
    const table = new RouteTable().load(app.routes)
    const wrong = cached.filter((r) => {
      const rules = table.find(r.method, r.path.replace(/:[^/]+/g, '1'))
      return r.method !== 'GET' || rules?.public || rules?.tokenInPath
    })
    expect(wrong).toEqual([])
  })

  test('a body over the route’s declared limit is refused 413 before it is read', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const post = (path: string, bytes: number, cookie = true) =>
      app.handle(
        new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            'content-length': String(bytes),
            ...(cookie ? { cookie: cookieHeader(ada.jar) } : {}),
          },
          body: '{}',
        }),
      )
    expect((await post('/api/import', 8 * MB + 1)).status).toBe(413)
    expect((await post('/api/import', 2 * MB)).status).not.toBe(413)
    expect((await post('/api/reports/import/preview', 2 * MB + 1)).status).toBe(413)
    expect((await post('/api/reports/import/preview', MB + 1)).status).not.toBe(413)
    expect((await post('/api/projects', MB + 1)).status).toBe(413)
    // A public write takes little: no session stands behind it.
    expect((await post('/api/shared/x/questions', PUBLIC_BODY_LIMIT + 1, false)).status).toBe(413)
    const largest = new RouteTable().load(app.routes).maxBodyLimit()
    expect(largest).toBe(8 * MB)
  })

  test('a write without a session cookie is 401 unless its route is public', async () => {
    const { app } = await createTestApp()
    const anonymous = makeClient(app).api
    expect((await anonymous.projects.post({ name: 'X' })).status).toBe(401)
    expect(
      (await anonymous.reports({ uuid: 'x' }).shares.post({ expires_in_days: 30 })).status,
    ).toBe(401)
    // Public: answered by the route itself (here: no such link).
    const asked = await anonymous.shared({ token: 'x' }).questions.post({ name: 'R', text: 'Why?' })
    expect(asked.status).toBe(404)
    expect((await anonymous.logout.post()).status).toBe(200)
  })

  test('only the development sign-in takes a form post', async () => {
    const { app } = await createTestApp()
    const form = (path: string) =>
      app.handle(
        new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=a%40example.com&name=A',
        }),
      )
    expect((await form('/api/sessions')).status).toBe(400)
    const dev = await form('/api/oauth/dev/authorize?state=s&code_challenge=c&redirect_uri=x')
    expect([303, 400]).toContain(dev.status)
    expect(await dev.text()).not.toContain('Content-Type must be application/json')
  })

  test('a token in the path: the API and the app pages answer no-store, no referrer, noindex', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'cadence-rules-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>')
    const { app } = await createTestApp({ APP_DIST: dist })
    const get = (path: string) => app.handle(new Request(`${ORIGIN}${path}`))
    for (const path of ['/r/abc', '/invite/abc', '/api/shared/abc', '/api/invitations/abc']) {
      const res = await get(path)
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'no-store'])
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-robots-tag')).toContain('noindex')
    }
    expect(await (await get('/r/abc')).text()).toContain('<title>app</title>')
    expect((await get('/r/abc.js')).status).toBe(404)
    const page = await get('/dashboard')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect(page.headers.get('x-robots-tag')).toBeNull()
    expect((await get('/api/reports')).headers.get('x-robots-tag')).toBeNull()
  })
})
