import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { createItem } from '../modules/section-items/service'
import { cookieHeader, createTestApp, signIn } from '../test/helpers'

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob')
  await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16', title: 'W47' }))
    .json
  const section = report.sections[0]
  for (let i = 0; i < 30; i++) {
    await ada.post('/api/section-items', { section_id: section.id, content: `Task number ${i}` })
  }
  const adaId = (await ctx.db.row<{ id: number }>(
    sql`SELECT id FROM users WHERE email = 'ada@example.com'`,
  )) as { id: number }
  return { ...ctx, ada, bob, report, section, adaId: adaId.id }
}

// All her open tasks (the answer lists the first 25; the setup makes more).
const taskCount = (json: { activeTasksTotal: number }) => json.activeTasksTotal

describe('per-user response cache, ETag and 304', () => {
  test('a repeated GET carries the same weak ETag; If-None-Match answers 304 with no body', async () => {
    const { ada } = await setup()
    const first = await ada.get('/api/dashboard')
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('vary')).toContain('Accept-Encoding')
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const second = await ada.get('/api/dashboard')
    expect(second.headers.get('etag')).toBe(etag)
    expect(second.json).toEqual(first.json)
    const revalidated = await ada.request('GET', '/api/dashboard', undefined, {
      'if-none-match': etag as string,
    })
    expect(revalidated.status).toBe(304)
    expect(revalidated.text).toBe('')
    // The security headers still go out on a 304.
    expect(revalidated.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('a write through the API changes the ETag and the next GET shows it', async () => {
    const { ada, section } = await setup()
    const before = await ada.get('/api/dashboard')
    await ada.post('/api/section-items', { section_id: section.id, content: 'One more' })
    const after = await ada.get('/api/dashboard')
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    expect(taskCount(after.json)).toBe(taskCount(before.json) + 1)
    const stale = await ada.request('GET', '/api/dashboard', undefined, {
      'if-none-match': before.headers.get('etag') as string,
    })
    expect(stale.status).toBe(200)
  })

  test('a write outside any request (a service call, like the mail worker) invalidates too', async () => {
    const ctx = await setup()
    const before = await ctx.ada.get(`/api/reports/${ctx.report.uuid}`)
    await createItem(ctx, ctx.adaId, { section_id: ctx.section.id, content: 'Written by a job' })
    const after = await ctx.ada.get(`/api/reports/${ctx.report.uuid}`)
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    expect(JSON.stringify(after.json)).toContain('Written by a job')
  })

  test('another user never gets the cached response of the first, nor a 304 on its ETag', async () => {
    const { ada, bob } = await setup()
    const adas = await ada.get('/api/reports')
    expect(adas.json).toHaveLength(1)
    const bobs = await bob.get('/api/reports')
    expect(bobs.json).toEqual([])
    const probe = await bob.request('GET', '/api/reports', undefined, {
      'if-none-match': adas.headers.get('etag') as string,
    })
    expect(probe.status).toBe(200)
    expect(probe.json).toEqual([])
  })

  test('the session is found in a long Cookie header as in a short one, and only its own', async () => {
    const { app, ada, bob } = await setup()
    const get = (cookie: string) =>
      app.handle(new Request('http://localhost:3000/api/reports', { headers: { cookie } }))
    // The first request of the day records it through the ordinary path (no ETag yet).
    await bob.get('/api/reports')
    const adas = await ada.get('/api/reports')
    const bobs = await bob.get('/api/reports')
    expect(adas.headers.get('etag')).toBeTruthy()
    expect(bobs.headers.get('etag')).toBeTruthy()
    expect(adas.headers.get('etag')).not.toBe(bobs.headers.get('etag'))
    // Other cookies beside the session's, long enough that the header's token is not remembered.
    const padding = `other=${'x'.repeat(1_100)}`
    for (const [client, answer] of [
      [ada, adas],
      [bob, bobs],
    ] as const) {
      for (const cookie of [cookieHeader(client.jar), `${padding}; ${cookieHeader(client.jar)}`]) {
        for (let i = 0; i < 2; i++) {
          const res = await get(cookie)
          expect(res.status).toBe(200)
          expect(res.headers.get('etag')).toBe(answer.headers.get('etag'))
          expect(await res.json()).toEqual(answer.json)
        }
      }
    }
    expect((await get(`${padding}; cadence_session=not-a-session`)).status).toBe(401)
  })

  test('a signed-out request to a cached route is still 401', async () => {
    const { app, ada } = await setup()
    await ada.get('/api/dashboard')
    const res = await app.handle(new Request('http://localhost:3000/api/dashboard'))
    expect(res.status).toBe(401)
  })

  test('every write to a user table bumps only that user’s data version', async () => {
    const { db, ada, bob, section, adaId } = await setup()
    const version = async (id: number) =>
      (
        await db.row<{ version: number }>(
          sql`SELECT version FROM data_versions WHERE user_id = ${id}`,
        )
      )?.version ?? 0
    const bobId = (
      (await db.row<{ id: number }>(sql`SELECT id FROM users WHERE email = 'bob@example.com'`)) as {
        id: number
      }
    ).id
    const steps: Array<() => Promise<unknown>> = [
      () => ada.post('/api/projects', { name: 'Apollo' }),
      () => ada.post('/api/team-members', { name: 'Grace', email: 'g@x.io' }),
      () => ada.post('/api/section-templates', { name: 'Notes', type: 'standard' }),
      () => ada.put('/api/user-settings', { weekly_start_day: 'tuesday' }),
      () => ada.post('/api/section-items', { section_id: section.id, content: 'x' }),
    ]
    for (const step of steps) {
      const [a, b] = [await version(adaId), await version(bobId)]
      await step()
      expect(await version(adaId)).toBeGreaterThan(a)
      expect(await version(bobId)).toBe(b)
    }
    const items = (await db.row<{ id: number }>(
      sql`SELECT id FROM section_items WHERE user_id = ${adaId} ORDER BY id DESC LIMIT 1`,
    )) as { id: number }
    const a = await version(adaId)
    await ada.delete(`/api/section-items/${items.id}`)
    expect(await version(adaId)).toBeGreaterThan(a)
    expect((await bob.get('/api/dashboard')).status).toBe(200)
  })
})

describe('compression', () => {
  test('large JSON is gzipped for a client that accepts it; the bytes are the same JSON', async () => {
    const { ada } = await setup()
    const plain = await ada.get('/api/dashboard')
    expect(plain.text.length).toBeGreaterThan(1024)
    const res = await ada.request('GET', '/api/dashboard', undefined, {
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
  })

  test('gzipped bodies decompress to the JSON, cached or not (search is not cached)', async () => {
    const { app, ada } = await setup()
    for (const path of ['/api/dashboard', '/api/search?query=task']) {
      const jar = ada.jar
      const res = await app.handle(
        new Request(`http://localhost:3000${path}`, {
          headers: {
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
            'accept-encoding': 'gzip',
          },
        }),
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe('gzip')
      const json = JSON.parse(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString())
      expect(json).toEqual((await ada.get(path)).json)
    }
  })

  test('small bodies and clients without Accept-Encoding get plain JSON', async () => {
    const { ada } = await setup()
    const small = await ada.request('GET', '/api/users/me', undefined, {
      'accept-encoding': 'gzip',
    })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(small.json.email).toBe('ada@example.com')
    const plain = await ada.get('/api/dashboard')
    expect(plain.headers.get('content-encoding')).toBeNull()
  })
})

describe('static assets', () => {
  test('text assets are gzipped for a client that accepts it, hashed ones once; others plain', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dist = mkdtempSync(join(tmpdir(), 'cadence-dist-'))
    mkdirSync(join(dist, 'assets'))
    const js = `export const x = ${JSON.stringify('a'.repeat(5000))}\n`
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), js)
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cadence</title>')
    const { app } = await createTestApp({ APP_DIST: dist })
    const get = (path: string, gzip: boolean) =>
      app.handle(
        new Request(`http://localhost:3000${path}`, {
          headers: gzip ? { 'accept-encoding': 'gzip' } : {},
        }),
      )
    for (let i = 0; i < 2; i++) {
      const res = await get('/assets/app-abc123.js', true)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('vary')).toContain('Accept-Encoding')
      expect(res.headers.get('cache-control')).toContain('immutable')
      expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).toBe(js)
    }
    const plain = await get('/assets/app-abc123.js', false)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(js)
    // Under 1 KB: not worth compressing.
    const small = await get('/', true)
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.text()).toContain('<title>Cadence</title>')
  })
})
