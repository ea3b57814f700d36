// Several instances on one database behave as one: two real server processes on the
// same database — a fresh PostgreSQL database when the suite runs on PostgreSQL, a SQLite file
// otherwise — prove it over HTTP: a session made on one is valid on the other, a write through
// one is read at once through the other (also through If-None-Match: never a stale 304), writes
// through both land exactly once, logout on one ends the session everywhere, and a SIGKILL of one
// loses no acknowledged write.
import { afterAll, describe, expect, test } from 'bun:test'
import { testEngine } from '../test/engines'
import { instanceRunner, signInAcross } from '../test/instances'

const runner = instanceRunner()
afterAll(() => runner.stop())
const { twoInstances } = runner

describe(`two instances on one ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'} database`, () => {
  test('behave as one: sessions, reads after writes, writes once, logout everywhere, SIGKILL', async () => {
    const { a, b, publicUrl } = await twoInstances()
    const cookie = await signInAcross(a.base, b.base, publicUrl, 'ada@example.com')
    const headers = { cookie, 'content-type': 'application/json', origin: publicUrl }
    const get = (base: string, path: string, extra: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers: { cookie, ...extra } })
    const post = (base: string, path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

    // The session made through B is valid on A.
    const me = await get(a.base, '/api/users/me')
    expect(me.status).toBe(200)
    expect(((await me.json()) as { email: string }).email).toBe('ada@example.com')

    // Read after write, across instances, including a revalidation with the old ETag.
    const first = await get(b.base, '/api/projects')
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag') as string
    expect(etag).toBeTruthy()
    expect((await get(b.base, '/api/projects', { 'if-none-match': etag })).status).toBe(304)
    expect((await post(a.base, '/api/projects', { name: 'Apollo' })).status).toBeLessThan(300)
    const after = await get(b.base, '/api/projects', { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(((await after.json()) as Array<{ name: string }>).map((p) => p.name)).toEqual(['Apollo'])

    // Concurrent writes through both land exactly once each.
    const names = Array.from({ length: 40 }, (_, i) => `Project ${String(i).padStart(2, '0')}`)
    const created = await Promise.all(
      names.map((name, i) => post(i % 2 ? a.base : b.base, '/api/projects', { name })),
    )
    expect(created.every((r) => r.status === 200 || r.status === 201)).toBe(true)
    for (const base of [a.base, b.base]) {
      const list = (await (await get(base, '/api/projects')).json()) as Array<{ name: string }>
      expect(list.map((p) => p.name).sort()).toEqual(['Apollo', ...names].sort())
    }

    // Logout on one instance ends the session on every instance.
    const bob = await signInAcross(b.base, a.base, publicUrl, 'bob@example.com')
    expect((await fetch(`${b.base}/api/users/me`, { headers: { cookie: bob } })).status).toBe(200)
    const logout = await fetch(`${a.base}/api/logout`, {
      headers: { cookie: bob, origin: publicUrl },
    })
    expect(logout.status).toBe(200)
    expect((await fetch(`${b.base}/api/users/me`, { headers: { cookie: bob } })).status).toBe(401)
    expect((await fetch(`${a.base}/api/users/me`, { headers: { cookie: bob } })).status).toBe(401)

    // A SIGKILL of one instance loses no write it acknowledged; the other keeps serving.
    const templates = await post(a.base, '/api/section-templates', { name: 'Tasks', type: 'tasks' })
    expect(templates.status).toBeLessThan(300)
    const report = (await (
      await post(a.base, '/api/reports', { week_start_date: '2026-11-23' })
    ).json()) as { uuid: string; sections: Array<{ id: number }> }
    const acknowledged = new Set<number>()
    let stop = false
    const writer = async (n: number) => {
      while (!stop) {
        try {
          const res = await post(b.base, '/api/section-items', {
            section_id: report.sections[0].id,
            content: `write ${n}`,
          })
          if (res.ok) acknowledged.add(((await res.json()) as { id: number }).id)
        } catch {
          return
        }
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    await Bun.sleep(300)
    b.proc.kill('SIGKILL')
    await b.proc.exited
    stop = true
    await Promise.all(writers)
    expect(acknowledged.size).toBeGreaterThan(5)
    const full = (await (await get(a.base, `/api/reports/${report.uuid}`)).json()) as {
      sections: Array<{ items: Array<{ id: number }> }>
    }
    const present = new Set(full.sections[0].items.map((i) => i.id))
    for (const id of acknowledged) expect(present.has(id)).toBe(true)
    expect((await get(a.base, '/api/health')).status).toBe(200)
  }, 90_000)
})
