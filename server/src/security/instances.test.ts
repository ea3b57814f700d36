// Several instances on one database behave as one: two real server processes on the
// same database — a fresh PostgreSQL database when the suite runs on PostgreSQL, a SQLite file
// otherwise — prove it over HTTP: a session made on one is valid on the other, a write through
// one is read at once through the other (also through If-None-Match: never a stale 304), writes
// through both land exactly once, logout on one ends the session everywhere, and a SIGKILL of one
// loses no acknowledged write.

import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { treaty } from '@elysiajs/eden'
import type { App } from '../app'
import { testEngine } from '../test/engines'
import { instanceRunner, signInAcross } from '../test/instances'

const runner = instanceRunner()
afterAll(() => runner.stop())
const { twoInstances } = runner

describe(`two instances on one ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'} database`, () => {
  test('behave as one: sessions, reads after writes, writes once, logout everywhere, SIGKILL', async () => {
    const { a, b, publicUrl } = await twoInstances()
    const cookie = await signInAcross(a.base, b.base, publicUrl, 'ada@example.com')
    // The typed client over HTTP to each instance, with the session and this deployment's Origin.
    const over = (base: string, session = cookie) =>
      treaty<App>(base, { parseDate: false, headers: { cookie: session, origin: publicUrl } }).api
    const [onA, onB] = [over(a.base), over(b.base)]

    // The session made through B is valid on A.
    const me = await onA.users.me.get()
    expect(me.status).toBe(200)
    expect(me.data?.email).toBe('ada@example.com')

    // Read after write, across instances, including a revalidation with the old ETag.
    const first = await onB.projects.get()
    expect(first.status).toBe(200)
    const etag = first.response.headers.get('etag') as string
    expect(etag).toBeTruthy()
    const revalidate = () => onB.projects.get({ headers: { 'if-none-match': etag } })
    expect((await revalidate()).status).toBe(304)
    expect((await onA.projects.post({ name: 'Apollo' })).status).toBeLessThan(300)
    const after = await revalidate()
    expect(after.status).toBe(200)
    expect(after.data?.map((p) => p.name)).toEqual(['Apollo'])

    // Concurrent writes through both land exactly once each.
    const names = Array.from({ length: 40 }, (_, i) => `Project ${String(i).padStart(2, '0')}`)
    const created = await Promise.all(
      names.map((name, i) => (i % 2 ? onA : onB).projects.post({ name })),
    )
    expect(created.every((r) => r.status === 200 || r.status === 201)).toBe(true)
    for (const on of [onA, onB]) {
      const list = (await on.projects.get()).data!
      expect(list.map((p) => p.name).sort()).toEqual(['Apollo', ...names].sort())
    }

    // Logout on one instance ends the session on every instance.
    const bob = await signInAcross(b.base, a.base, publicUrl, 'bob@example.com')
    expect((await over(b.base, bob).users.me.get()).status).toBe(200)
    const logout = await over(a.base, bob).logout.get()
    expect(logout.status).toBe(200)
    expect((await over(b.base, bob).users.me.get()).status).toBe(401)
    expect((await over(a.base, bob).users.me.get()).status).toBe(401)

    // A SIGKILL of one instance loses no write it acknowledged; the other keeps serving.
    const templates = await onA['section-templates'].post({ name: 'Tasks', type: 'tasks' })
    expect(templates.status).toBeLessThan(300)
    const report = (await onA.reports.post({ week_start_date: '2026-11-23' })).data!
    const acknowledged = new Set<number>()
    let stop = false
    const writer = async (n: number) => {
      while (!stop) {
        try {
          const res = await onB['section-items'].post({
            section_id: report.sections[0].id,
            content: `write ${n}`,
          })
          if (res.data) acknowledged.add(res.data.id)
        } catch {
          return
        }
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    // Killed mid-stream: once a few writes are acknowledged (a fixed 300 ms saw none at load ~18),
    // and a moment later, with more in flight.
    for (let waited = 0; acknowledged.size <= 5 && waited < 30_000; waited += 20)
      await Bun.sleep(20)
    await Bun.sleep(100)
    b.proc.kill('SIGKILL')
    await b.proc.exited
    stop = true
    await Promise.all(writers)
    expect(acknowledged.size).toBeGreaterThan(5)
    const full = (await onA.reports({ uuid: report.uuid }).get()).data!
    const present = new Set(full.sections[0].items.map((i) => i.id))
    for (const id of acknowledged) expect(present.has(id)).toBe(true)
    expect((await onA.health.get()).status).toBe(200)
  }, 90_000)

  // The cached GETs are answered from a remembered session row on SQLite while nothing is
  // committed to the file (src/db/sqlite/commit-watch.ts): a write or a sign-out through the
  // other instance must still show on the very next answer, a WAL restart in between too.
  test('cached answers follow the other instance at once: writes, sign-outs, a WAL restart', async () => {
    const { a, b, publicUrl, db } = await twoInstances()
    const over = (base: string, session: string) =>
      treaty<App>(base, { parseDate: false, headers: { cookie: session, origin: publicUrl } }).api
    const ada = await signInAcross(a.base, b.base, publicUrl, 'ada@example.com')
    const [onA, onB] = [over(a.base, ada), over(b.base, ada)]
    const etagOnB = async () => {
      const res = await onB.dashboard.get()
      expect(res.status).toBe(200)
      return res.response.headers.get('etag') as string
    }
    // The first answer after signing in goes the ordinary way (it records the day's first use).
    await etagOnB()
    const first = await etagOnB()
    expect(first).toBeTruthy()
    expect(await etagOnB()).toBe(first)
    expect((await onA.reports.post({ week_start_date: '2026-11-23' })).status).toBeLessThan(300)
    const second = await etagOnB()
    expect(second).not.toBe(first)
    expect((await onB.dashboard.get({ headers: { 'if-none-match': first } })).status).toBe(200)
    expect((await onB.dashboard.get({ headers: { 'if-none-match': second } })).status).toBe(304)

    // A checkpoint that restarts the WAL, then a write through A: seen by B's next answer.
    const path = (db as { DATABASE_PATH?: string }).DATABASE_PATH
    if (path) {
      const file = new Database(path)
      file.exec('PRAGMA busy_timeout = 5000')
      file.query('PRAGMA wal_checkpoint(TRUNCATE)').get()
      file.close()
    }
    expect(await etagOnB()).toBe(second)
    expect((await onA.projects.post({ name: 'Apollo' })).status).toBeLessThan(300)
    const third = await etagOnB()
    expect(third).not.toBe(second)
    expect((await onB.projects.get()).data?.map((p) => p.name)).toEqual(['Apollo'])

    // Signed out through A (one session, or every session): B's cached answers refuse it at once.
    const bob = await signInAcross(b.base, a.base, publicUrl, 'bob@example.com')
    const cat = await signInAcross(b.base, a.base, publicUrl, 'cat@example.com')
    for (const session of [bob, cat]) {
      expect((await over(b.base, session).dashboard.get()).status).toBe(200)
      expect((await over(b.base, session).dashboard.get()).status).toBe(200)
    }
    expect((await over(a.base, bob).logout.get()).status).toBe(200)
    expect((await over(b.base, bob).dashboard.get()).status).toBe(401)
    expect((await over(a.base, cat).sessions['revoke-all'].post()).status).toBe(200)
    expect((await over(b.base, cat).dashboard.get()).status).toBe(401)
    expect((await onB.dashboard.get()).status).toBe(200)
  }, 60_000)
})
