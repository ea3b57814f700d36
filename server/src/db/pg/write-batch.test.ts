// PostgreSQL's group commit (write-batch.ts): writes queued together share one transaction, a
// failing one rejects alone and changes nothing, every answer comes after the COMMIT, and many
// concurrent item writes of one user all land in order with the user's data version moved. On
// the run with TEST_DATABASE_URL a fresh database of that cluster; otherwise a throwaway cluster
// of its own (scripts/postgres.ts), so both runs prove it.
import { afterAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { sql } from 'drizzle-orm'
import { type Postgres, startPostgres } from '../../../../scripts/postgres'
import { createApp } from '../../app'
import { loadConfig } from '../../config'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { freshTestDatabaseUrl, testEngine } from '../../test/engines'
import { ORIGIN, publicResolveHost, signIn } from '../../test/helpers'
import { isDatabaseUnavailable } from '../unavailable'
import { openPostgres, type PgDb } from '.'
import { writeBatch } from './write-batch'

let cluster: Postgres | null = null
let frozen: Postgres | null = null
const opened: Array<{ close: () => Promise<void> }> = []
afterAll(async () => {
  for (const db of opened) await db.close()
  await cluster?.stop()
  await frozen?.stop()
}, 30_000)

async function freshUrl() {
  if (testEngine() === 'pg') return freshTestDatabaseUrl()
  cluster ??= await startPostgres()
  const admin = new SQL({ url: cluster.url, max: 1 })
  const name = `batch_${crypto.randomUUID().replaceAll('-', '')}`
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  return cluster.url.replace(/\/postgres$/, `/${name}`)
}

async function fresh(): Promise<{ db: PgDb; url: string }> {
  const url = await freshUrl()
  const db = await openPostgres(url, { max: 4, idleTimeout: 2, statementTimeout: 30 })
  opened.push(db)
  return { db, url }
}

describe('group commit on PostgreSQL (writeBatch)', () => {
  test('writes queued together share one transaction; a failing one rejects alone', async () => {
    const { db, url } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL UNIQUE)')
    const batch = writeBatch(db.pool)
    const insert = (v: string) =>
      batch(1, async (client) => {
        const [row] = await client.unsafe(
          'INSERT INTO t (v) VALUES ($1) RETURNING txid_current()::text AS tx',
          [v],
        )
        return row.tx as string
      })
    const results = await Promise.allSettled([
      insert('a'),
      // The service's own decision, before it writes: rejects alone.
      batch(1, async () => {
        throw new Error('bad input')
      }),
      // A constraint error of PostgreSQL aborts the transaction: run again with savepoints.
      insert('a'),
      insert('b'),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('bad input')
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ errno: '23505' })
    const txs = [results[0], results[3]].map((r) => (r as PromiseFulfilledResult<string>).value)
    expect(txs[0]).toBe(txs[1])
    // Settled only after the COMMIT: another connection already sees exactly the good rows.
    const other = new SQL({ url, max: 1 })
    expect([...(await other.unsafe('SELECT v FROM t ORDER BY v'))]).toEqual([
      { v: 'a' },
      { v: 'b' },
    ])
    await other.close()
    // Nothing is left open: the next write commits on its own.
    expect(await insert('c')).toBeString()
    expect((await db.pool.unsafe('SELECT count(*)::int AS n FROM t'))[0].n).toBe(3)
  })

  test('a batch waits for a multi-statement write of its user, and runs after it', async () => {
    const { db } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    const batch = writeBatch(db.pool)
    const order: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    // db.tx with a user takes that user's write lock first; the batch's shared lock waits for it.
    const tx = db.tx(
      async (t) => {
        locked()
        await held
        await t.exec(sql`INSERT INTO t (v) VALUES ('tx')`)
        order.push('tx')
      },
      { user: 7 },
    )
    await isLocked
    const write = batch(7, async (client) => {
      await client.unsafe("INSERT INTO t (v) VALUES ('batch')")
      order.push('batch')
    })
    await Bun.sleep(200)
    expect(order).toEqual([])
    release()
    await Promise.all([tx, write])
    expect(order).toEqual(['tx', 'batch'])
  })

  test('concurrent item writes of one user over the API: each answers as alone, all land', async () => {
    const { db } = await fresh()
    const config = { ...loadConfig({ PUBLIC_URL: ORIGIN }), resolveHost: publicResolveHost }
    const app = createApp({ db, config, signInLimit: 10_000 })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const bob = await signIn(app, 'bob@example.com', 'Bob')
    await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    await bob.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    const week = weekStart(isoDate(), 'monday')
    const report = (await ada.post('/api/reports', { week_start_date: week })).json
    const section = report.sections[0]
    const bobs = (await bob.post('/api/reports', { week_start_date: week })).json.sections[0]
    const version = async () =>
      Number(
        (
          await db.pool.unsafe('SELECT version FROM data_versions WHERE user_id = $1', [
            report.user_id,
          ])
        )[0]?.version ?? 0,
      )
    const before = await version()
    const N = 40
    const answers = await Promise.all([
      ...Array.from({ length: N }, (_, i) =>
        ada.post('/api/section-items', { section_id: section.id, content: `Item ${i}` }),
      ),
      ada.post('/api/section-items', { section_id: section.id, content: 'Bad', project_id: 999 }),
      ada.post('/api/section-items', { section_id: section.id, content: '   ' }),
      // Another user's section: not found, and nothing of it reaches that user.
      ada.post('/api/section-items', { section_id: bobs.id, content: 'Sneaky' }),
      bob.post('/api/section-items', { section_id: bobs.id, content: 'Bob writes' }),
    ])
    expect(answers.map((a) => a.status)).toEqual([...Array(N).fill(200), 404, 400, 404, 200])
    expect(answers[N].json).toEqual({ error: 'Project not found' })
    expect(answers[N + 1].json).toEqual({ error: 'Content is required' })
    // Every answer gives the item's place as stored: 0…N-1, each once.
    const placed = answers.slice(0, N).map((a) => [a.json.content, a.json.sort_order])
    const shown = (await ada.get(`/api/reports/${report.uuid}`)).json.sections[0].items
    expect(
      shown.map((i: { content: string; sort_order: number }) => [i.content, i.sort_order]),
    ).toEqual([...placed].sort((x, y) => x[1] - y[1]))
    expect(shown.map((i: { sort_order: number }) => i.sort_order)).toEqual(
      Array.from({ length: N }, (_, i) => i),
    )
    expect(answers[N + 3].json.sort_order).toBe(0)
    const sneaky = "SELECT count(*)::int AS n FROM section_items WHERE content = 'Sneaky'"
    expect((await db.pool.unsafe(sneaky))[0].n).toBe(0)
    expect(await version()).toBeGreaterThan(before)
    // Concurrent updates of one item and of others: all answer 200 and the last state is stored.
    const ids = answers.slice(0, 10).map((a) => a.json.id as number)
    const updates = await Promise.all([
      ...ids.map((id) => ada.put(`/api/section-items/${id}`, { is_completed: true })),
      ...ids.map((id) => ada.put(`/api/section-items/${id}`, { content: `Done ${id}` })),
      ada.put('/api/section-items/999999', { is_completed: true }),
    ])
    expect(updates.map((u) => u.status)).toEqual([...Array(20).fill(200), 404])
    const stored = await db.pool.unsafe(
      'SELECT id, content, is_completed FROM section_items WHERE id = ANY($1::int[]) ORDER BY id',
      [`{${ids.join(',')}}`],
    )
    expect([...stored].map((r) => [r.content, r.is_completed])).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => [`Done ${id}`, 1]),
    )
  })

  test('inside a caller transaction an item write is part of it and goes with its rollback', async () => {
    const { db } = await fresh()
    const config = { ...loadConfig({ PUBLIC_URL: ORIGIN }), resolveHost: publicResolveHost }
    const app = createApp({ db, config, signInLimit: 10_000 })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    const report = (
      await ada.post('/api/reports', { week_start_date: weekStart(isoDate(), 'monday') })
    ).json
    const section = report.sections[0]
    const ids = { userId: report.user_id, projectId: null, memberId: null }
    const plan = () => ({
      content: 'Inside',
      project_id: null,
      item_type: 'standard',
      assigned_to_team_member_id: null,
    })
    await expect(
      db.tx(async (tx) => {
        const done = await tx.q.items.create(section.id, ids, plan)
        expect(done?.row.content).toBe('Inside')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const count = await db.pool.unsafe('SELECT count(*)::int AS n FROM section_items')
    expect(count[0].n).toBe(0)
  })

  test('a database that does not answer fails the whole batch as unavailable (503), then writes go on', async () => {
    // A cluster of its own, frozen (SIGSTOP) under an open pool.
    frozen = await startPostgres()
    const db = await openPostgres(frozen.url, {
      max: 4,
      connectTimeout: 1,
      statementTimeout: 1,
      pingTimeout: 1,
    })
    opened.push(db)
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    const batch = writeBatch(db.pool)
    const insert = (v: string) =>
      batch(1, async (client) => {
        await client.unsafe('INSERT INTO t (v) VALUES ($1)', [v])
        return v
      })
    expect(await insert('before')).toBe('before')
    frozen.freeze()
    let results: PromiseSettledResult<string>[]
    try {
      results = await Promise.allSettled([insert('a'), insert('b'), insert('c')])
    } finally {
      frozen.thaw()
    }
    for (const r of results) {
      expect(r.status).toBe('rejected')
      expect(isDatabaseUnavailable((r as PromiseRejectedResult).reason)).toBe(true)
    }
    expect(await insert('after')).toBe('after')
    const rows = await db.pool.unsafe('SELECT v FROM t ORDER BY v')
    expect([...rows].map((r) => r.v)).toEqual(['after', 'before'])
  }, 60_000)
})
