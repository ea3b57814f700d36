import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { Elysia } from 'elysia'
import { ITEM_PAGE } from '../modules/reports/read/find'
import { adaWithLargeReport, cookieHeader, createTestApp, ORIGIN, signIn } from '../test/helpers'
import { httpCache } from './http-cache'
import { RouteTable, routeRules } from './route-rules'

// The cached GETs answered before Elysia's routing (http-cache.ts `routes`, given to Bun.serve by
// the app): the same bytes and headers as the app's own answer, never stale, and the app itself
// only on a miss.

// Each answer carries its own request id.
const HEADERS_THAT_DIFFER = new Set(['date', 'content-length', 'x-request-id'])
const textOf = async (res: Response) => {
  const bytes = new Uint8Array(await res.arrayBuffer())
  return new TextDecoder().decode(
    res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes,
  )
}
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !HEADERS_THAT_DIFFER.has(name)))

describe('cached GETs before routing', () => {
  test('a hit answers from the cache without the app; a miss goes to the app', async () => {
    const { app, db, config } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    // The first authenticated request of the day renews the session through the app's own path.
    await ada.get('/api/users/me')
    const rules = new RouteTable()
    const cache = httpCache({ db, config }, { rules })
    let appCalls = 0
    // A route behind the cache's own hooks, declared cached as the app's are.
    const inner = new Elysia()
      .use(cache.plugin)
      .use(routeRules)
      .get('/api/reports', () => [{ title: 'W47' }], { rules: { cachedPerUser: true } })
    rules.load(inner.routes)
    const routes = cache.routes({ 'x-frame-options': 'DENY' }, (request) => {
      appCalls++
      return inner.handle(request)
    })
    const get = () =>
      routes['/api/reports'].GET(
        new Request(`${ORIGIN}/api/reports`, { headers: { cookie: cookieHeader(ada.jar) } }),
      )
    const first = await get()
    const firstBody = await first.json()
    expect(appCalls).toBe(1)
    const second = await get()
    expect(appCalls).toBe(1)
    expect(second.status).toBe(200)
    expect(await second.json()).toEqual(firstBody)
    expect(second.headers.get('x-frame-options')).toBe('DENY')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    // No session: the app answers (in the real app, its 401), nothing from the cache.
    const anonymous = await routes['/api/reports'].GET(new Request(`${ORIGIN}/api/reports`))
    expect(appCalls).toBe(2)
    expect(anonymous.headers.get('etag')).toBeNull()
  })

  test('over HTTP: the same answer as the app, 304 on revalidation, fresh after a write', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16', title: 'W47' }))
      .data!
    const server = app.listen({ port: 0, hostname: '127.0.0.1' })
    try {
      const base = `http://127.0.0.1:${server.server?.port}`
      const cookie = cookieHeader(ada.jar)
      const path = `/api/reports/${report.uuid}`
      const viaApp = await app.handle(
        new Request(`${ORIGIN}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } }),
      )
      const appBody = await textOf(viaApp)
      const fetchRaw = (headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, {
          headers: { cookie, 'accept-encoding': 'gzip', ...headers },
          decompress: false,
        })
      await fetchRaw() // the first answer of this process may be a miss
      const hit = await fetchRaw()
      expect(hit.status).toBe(200)
      expect(headersOf(hit)).toEqual(headersOf(viaApp))
      expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      expect(await textOf(hit)).toBe(appBody)
      const etag = hit.headers.get('etag') as string
      const notModified = await fetchRaw({ 'if-none-match': etag })
      expect(notModified.status).toBe(304)
      expect(notModified.headers.get('etag')).toBe(etag)
      expect(notModified.headers.get('content-security-policy')).toBe(
        viaApp.headers.get('content-security-policy'),
      )
      expect(await notModified.text()).toBe('')
      // A write: the next GET is the new answer and the old ETag no longer matches.
      await ada.put(path, { title: 'Renamed' })
      const fresh = await fetch(`${base}${path}`, { headers: { cookie, 'if-none-match': etag } })
      expect(fresh.status).toBe(200)
      expect((await fresh.json()).title).toBe('Renamed')
    } finally {
      server.stop(true)
    }
  })

  test('over HTTP: a report written in pieces (past ITEM_PAGE items) is answered in them, the same bytes', async () => {
    const { app, db } = await createTestApp()
    const content = (k: number) => `Item ${k} — “quoted” ${'words '.repeat(k % 40)}`
    const { ada, report } = await adaWithLargeReport(app, db, ITEM_PAGE + 5, content)
    const server = app.listen({ port: 0, hostname: '127.0.0.1' })
    try {
      const base = `http://127.0.0.1:${server.server?.port}`
      const cookie = cookieHeader(ada.jar)
      const path = `/api/reports/${report.uuid}`
      const fetchRaw = (headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { headers: { cookie, ...headers }, decompress: false })
      // The miss (the app writes the pieces, gzipped for this client), then hits of both kinds:
      // the plain pieces, and the gzip kept from the miss.
      const miss = await fetchRaw({ 'accept-encoding': 'gzip' })
      const plain = await fetchRaw()
      const zipped = await fetchRaw({ 'accept-encoding': 'gzip' })
      for (const res of [miss, plain, zipped]) expect(res.status).toBe(200)
      expect(miss.headers.get('content-encoding')).toBe('gzip')
      expect(zipped.headers.get('content-encoding')).toBe('gzip')
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(headersOf(zipped)).toEqual(headersOf(miss))
      expect(plain.headers.get('etag')).toBe(miss.headers.get('etag'))
      expect(plain.headers.get('x-frame-options')).toBe(miss.headers.get('x-frame-options'))
      const text = await textOf(plain)
      expect(await textOf(miss)).toBe(text)
      expect(await textOf(zipped)).toBe(text)
      const doc = JSON.parse(text)
      expect(doc.sections[0].items).toHaveLength(ITEM_PAGE + 5)
      expect(doc.sections[0].items[7].content).toBe(content(7))
      // The same bytes through the app (its own hooks, a hit there too).
      const viaApp = await app.handle(new Request(`${ORIGIN}${path}`, { headers: { cookie } }))
      expect(await textOf(viaApp)).toBe(text)
      expect(viaApp.headers.get('etag')).toBe(plain.headers.get('etag'))
    } finally {
      server.stop(true)
    }
  }, 60_000)
})
