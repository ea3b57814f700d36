import { describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, makeClient, ORIGIN, signIn } from './test/helpers'

describe('HTTP conventions', () => {
  test('unknown /api paths answer 404 JSON, never the app', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).get('/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ error: 'Not found' })
    // A write without a session is refused before anything else (its body is never read).
    expect((await makeClient(app).post('/api/nothing/here', {})).status).toBe(401)
    const ada = await signIn(app, 'ada@example.com')
    const post = await ada.post('/api/nothing/here', {})
    expect(post.status).toBe(404)
    expect(post.json.error).toBeString()
  })

  test('a write without a session is answered 401 before its body is read', async () => {
    const { app } = await createTestApp()
    let read = false
    // A body that records whether anyone read it.
    const body = new ReadableStream(
      {
        pull(controller) {
          read = true
          controller.enqueue(new TextEncoder().encode('[1,2,3]'))
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const res = await app.handle(
      new Request(`${ORIGIN}/api/section-items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body,
      }),
    )
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not signed in' })
    expect(read).toBe(false)
  })

  test('a body over its limit is answered 413 from Content-Length, before it is read', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const big = JSON.stringify({ content: 'x'.repeat(1024 * 1024) })
    const res = await ada.request('POST', '/api/projects', big, {
      'content-length': String(big.length),
    })
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ error: 'Request body too large (at most 1 MB)' })
    // The account import takes documents up to 8 MB; the report import text up to 2 MB.
    const doc = JSON.stringify({ pad: 'x'.repeat(3 * 1024 * 1024) })
    const imported = await ada.request('POST', '/api/import', doc, {
      'content-length': String(doc.length),
    })
    expect(imported.status).not.toBe(413)
    const report = await ada.request('POST', '/api/reports/import/preview', doc, {
      'content-length': String(doc.length),
    })
    expect(report.status).toBe(413)
    expect(report.json).toEqual({ error: 'Request body too large (at most 2 MB)' })
  })

  test('malformed JSON is a 400 with an error, not a 500', async () => {
    const { app } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    const res = await client.request('POST', '/api/projects', '{"name": ', {
      'content-type': 'application/json',
    })
    expect(res.status).toBe(400)
    expect(res.json.error).toBeString()
  })

  test('a state-changing request from a foreign Origin is refused with 403', async () => {
    const { app } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    const res = await client.request(
      'POST',
      '/api/projects',
      { name: 'Apollo' },
      {
        origin: 'https://evil.example',
      },
    )
    expect(res.status).toBe(403)
    expect(res.json.error).toBeString()
    expect((await client.api.projects.get()).data!).toHaveLength(0)
    const same = await client.request(
      'POST',
      '/api/projects',
      { name: 'Apollo' },
      { origin: ORIGIN },
    )
    expect(same.status).toBe(200)
  })

  test('a signed-in change without an Origin header (an API client) is accepted, unless the browser says it is cross-site', async () => {
    const { app } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    const crossSite = await client.request(
      'POST',
      '/api/projects',
      { name: 'Apollo' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    )
    expect(crossSite.status).toBe(403)
    expect((await client.api.projects.get()).data!).toHaveLength(0)
    const res = await client.request('POST', '/api/projects', { name: 'Apollo' }, { origin: '' })
    expect(res.status).toBe(200)
    expect(res.json.name).toBe('Apollo')
  })

  test('a JSON body sent without a content type or as text/plain is read as JSON', async () => {
    const { app } = await createTestApp()
    const client = await signIn(app, 'ada@example.com')
    for (const type of ['', 'text/plain;charset=UTF-8']) {
      const body = JSON.stringify({ name: `Apollo ${type || 'untyped'}` })
      const res = await client.request('POST', '/api/projects', body, { 'content-type': type })
      expect(res.status).toBe(200)
    }
    const names = (await client.api.projects.get()).data!.map((p) => p.name)
    expect(names.sort()).toEqual(['Apollo text/plain;charset=UTF-8', 'Apollo untyped'])
    const broken = await client.request('POST', '/api/projects', '{"name":', {
      'content-type': 'text/plain',
    })
    expect(broken.status).toBe(400)
    expect(broken.json.error).toBe('Malformed request body')
    expect((await client.api.projects.get()).data!).toHaveLength(2)
  })

  test('every response carries the security headers', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).get('/api/users/me')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  test('the API reference page works without the internet: its script comes from this origin', async () => {
    const { app } = await createTestApp()
    const client = makeClient(app)
    const docs = await client.get('/api/docs')
    expect(docs.status).toBe(200)
    // Every script the page loads is same-origin; the CSP names no CDN and allows no inline script.
    const sources = [...docs.text.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])
    expect(sources).toEqual(['/api/docs/scalar.js', '/api/docs/init.js'])
    expect(docs.text).not.toMatch(/<script(?![^>]*\ssrc=)/)
    const init = await client.get('/api/docs/init.js')
    expect(init.text).toContain('"url":"/api/openapi.json"')
    expect(docs.text).not.toMatch(/https?:\/\/(cdn|unpkg|fonts)\./)
    const csp = docs.headers.get('content-security-policy') as string
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))
    expect(scriptSrc).toBe("script-src 'self'")
    // The bundle is the pinned package's, answered as JavaScript.
    const bundle = await app.handle(new Request(`${ORIGIN}/api/docs/scalar.js`))
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toContain('javascript')
    expect((await bundle.text()).length).toBeGreaterThan(100_000)
  })

  test('the OpenAPI document lists the routes', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).get('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/projects/',
        '/api/users/me',
        '/api/team-members/{uuid}/dashboard',
      ]),
    )
  })
})

describe('serving the built app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'cadence-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cadence app</title>')
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  const made = createTestApp({ APP_DIST: dist })
  const get = async (path: string) => (await made).app.handle(new Request(`${ORIGIN}${path}`))

  test('app routes fall back to index.html without caching', async () => {
    for (const path of ['/', '/dashboard', '/reports/123e4567-e89b-12d3-a456-426614174000/draft']) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('Cadence app')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
  })

  test('hashed assets are cached for a year, the service worker is not', async () => {
    const asset = await get('/assets/main-abc123.js')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const sw = await get('/sw.js')
    expect(sw.status).toBe(200)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
  })

  test('without a build, / says the app is not built and how to build it', async () => {
    const { app: bare } = await createTestApp({ APP_DIST: join(dist, 'does-not-exist') })
    const res = await bare.handle(new Request(`${ORIGIN}/`))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('bun run build')
  })

  test('the web manifest is served without caching', async () => {
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Cadence"}')
    const res = await get('/manifest.webmanifest')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  test('a missing file is a 404, and paths cannot escape the build folder', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404)
    expect((await get('/..%2F..%2Fetc%2Fpasswd')).status).not.toBe(200)
  })
})
