// PostgreSQL indexes report items off the write path (drizzle-pg/0015_search_pending.sql,
// src/search/pg.ts): a write appends a pending entry, batches apply them. A search answers the
// current content, two instances applying at once apply every entry once and lose none, and a
// deleted item leaves no index row. On the run with TEST_DATABASE_URL a fresh database of that
// cluster; otherwise a throwaway cluster of its own (scripts/postgres.ts), so both runs prove it.
import { afterAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { type Db, openDatabase } from '../db'
import { copyData } from '../db/copy'
import { openPostgres, type PgDb } from '../db/pg'
import { postgresOnBothRuns } from '../test/engines'
import { ORIGIN, publicResolveHost, signIn } from '../test/helpers'
import { applyPendingIndex } from './pg'

/** Applies pending entries through the engine's pool (src/search/pg.ts). */
const apply = (db: PgDb, limit?: number, wait?: boolean) =>
  applyPendingIndex({ sql: db.pool }, limit, wait)

const postgres = postgresOnBothRuns('search')
const opened: PgDb[] = []
afterAll(async () => {
  for (const db of opened) await db.close()
  await postgres.stop()
}, 30_000)

const freshUrl = () => postgres.url()

const open = async (url: string) => {
  const db = await openPostgres(url, { max: 4, idleTimeout: 2, statementTimeout: 30 })
  opened.push(db)
  return db
}

const appOn = (db: PgDb | Db) =>
  createApp({
    db: db as unknown as Db,
    config: {
      ...loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: ORIGIN }),
      resolveHost: publicResolveHost,
    },
    signInLimit: 10_000,
  })

/** The report items' index rows as they must be: one per item, its current owner and text. */
const EXPECTED = `SELECT id::bigint * 8 + 4 AS rowid, user_id, 'section_item' AS entity_type,
  id AS entity_id, '' AS title, content AS body FROM section_items ORDER BY 1`
const ACTUAL = `SELECT rowid, user_id, entity_type, entity_id, title, body FROM search_index
  WHERE rowid % 8 = 4 ORDER BY 1`
const rowsOf = async (db: PgDb, text: string) =>
  ((await db.pool.unsafe(text)) as Record<string, unknown>[]).map((r) => ({
    ...r,
    rowid: Number(r.rowid),
  }))
const count = async (db: PgDb, text: string, params: unknown[] = []) =>
  Number(((await db.pool.unsafe(text, params)) as { n: string | number }[])[0].n)
const pending = (db: PgDb) => count(db, 'SELECT count(*) AS n FROM search_pending')

/** A user with one report and section, by SQL: no request, so no background sync is asked. */
async function owner(db: PgDb, n: number) {
  const [user] = await db.pool.unsafe(
    "INSERT INTO users (provider, provider_user_id, email) VALUES ('dev', $1, $2) RETURNING id",
    [`u${n}`, `u${n}@x`],
  )
  const [report] = await db.pool.unsafe(
    "INSERT INTO reports (user_id, uuid, week_start_date) VALUES ($1, $2, '2026-11-16') RETURNING id",
    [user.id, crypto.randomUUID()],
  )
  const [section] = await db.pool.unsafe(
    "INSERT INTO report_sections (report_id, user_id, section_name, section_type) VALUES ($1, $2, 'S', 'tasks') RETURNING id",
    [report.id, user.id],
  )
  return { user: user.id as number, section: section.id as number }
}

const insertItem = async (db: PgDb, o: { user: number; section: number }, content: string) =>
  (
    await db.pool.unsafe(
      'INSERT INTO section_items (section_id, user_id, content) VALUES ($1, $2, $3) RETURNING id',
      [o.section, o.user, content],
    )
  )[0].id as number

describe('report items indexed from search_pending on PostgreSQL', () => {
  test('a search right after item writes answers their current content (pending entries applied first)', async () => {
    const db = await open(await freshUrl())
    const app = appOn(db)
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const bob = await signIn(app, 'bob@example.com', 'Bob')
    await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const section = report.sections[0]
    const q = async (who: typeof ada, query: string) =>
      (await who.api.search.get({ query: { query } })).data!.results.map((r) => r.id)
    // While this session holds the apply lock no background batch runs: the writes stay pending.
    const hold = await db.pool.reserve()
    await hold.unsafe('SELECT pg_advisory_lock(7349127002)')
    const item = (
      await ada.api['section-items'].post({ section_id: section.id, content: 'Quokka census' })
    ).data!
    const other = (
      await ada.api['section-items'].post({ section_id: section.id, content: 'Quokka feeding' })
    ).data!
    expect(await pending(db)).toBe(2)
    expect(
      await count(db, "SELECT count(*) AS n FROM search_index WHERE body LIKE 'Quokka%'"),
    ).toBe(0)
    // The search waits for the lock (a batch under way), then applies.
    const found = q(ada, 'quokka')
    await Bun.sleep(50)
    await hold.unsafe('SELECT pg_advisory_unlock(7349127002)')
    hold.release()
    expect((await found).sort()).toEqual([item.id, other.id].sort())
    expect(await pending(db)).toBe(0)
    expect(await q(bob, 'quokka')).toEqual([])
    await ada.api['section-items']({ id: item.id }).put({ content: 'Wombat census' })
    expect(await q(ada, 'census')).toEqual([item.id])
    expect(await q(ada, 'quokka')).toEqual([other.id])
    expect(await q(ada, 'wombat')).toEqual([item.id])
    await ada.api['section-items']({ id: other.id }).delete()
    expect(await q(ada, 'quokka')).toEqual([])
    expect(await rowsOf(db, ACTUAL)).toEqual(await rowsOf(db, EXPECTED))
  }, 60_000)

  test('the background applies what writes left, without a search', async () => {
    const db = await open(await freshUrl())
    const app = appOn(db)
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await ada.api['section-items'].post({ section_id: report.sections[0].id, content: 'Numbat' })
    // Up to 20 s: 5 s was once not enough at load ~20 (the background's first tick comes later).
    for (let waited = 0; waited < 20_000 && (await pending(db)) > 0; waited += 50)
      await Bun.sleep(50)
    expect(await pending(db)).toBe(0)
    expect(await count(db, "SELECT count(*) AS n FROM search_index WHERE body = 'Numbat'")).toBe(1)
  }, 60_000)

  test('an item deleted before its entry is applied leaves no index row', async () => {
    const db = await open(await freshUrl())
    const o = await owner(db, 1)
    const gone = await insertItem(db, o, 'short lived')
    const kept = await insertItem(db, o, 'kept')
    await db.pool.unsafe('DELETE FROM section_items WHERE id = $1', [gone])
    expect(await apply(db)).toBe(3)
    expect(await rowsOf(db, ACTUAL)).toEqual(await rowsOf(db, EXPECTED))
    expect(
      (await rowsOf(db, ACTUAL)).map((r) => (r as unknown as { entity_id: number }).entity_id),
    ).toEqual([kept])
    // Applied, then deleted: its row goes with the next batch.
    await db.pool.unsafe('DELETE FROM section_items WHERE id = $1', [kept])
    expect(await apply(db)).toBe(1)
    expect(await rowsOf(db, ACTUAL)).toEqual([])
  }, 60_000)

  test('after any writes and partial batches, applying the rest leaves the index exact (property)', async () => {
    const db = await open(await freshUrl())
    const text = fc.string({ maxLength: 12 })
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), content: text, who: fc.nat(1) }),
      fc.record({ kind: fc.constant('update' as const), content: text, pick: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('renumber' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('sync' as const), limit: fc.integer({ min: 1, max: 3 }) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 20 }), async (ops) => {
        await db.pool.unsafe('TRUNCATE users, search_index, search_pending CASCADE')
        const owners = [await owner(db, 1), await owner(db, 2)]
        const ids = async () =>
          (
            (await db.pool.unsafe('SELECT id FROM section_items ORDER BY id')) as { id: number }[]
          ).map((r) => r.id)
        for (const o of ops) {
          const list = o.kind === 'insert' || o.kind === 'sync' ? [] : await ids()
          const id = 'pick' in o ? list[o.pick % list.length] : undefined
          if (o.kind === 'insert') await insertItem(db, owners[o.who], o.content)
          else if (o.kind === 'sync') await apply(db, o.limit)
          else if (id === undefined) continue
          else if (o.kind === 'update')
            await db.pool.unsafe('UPDATE section_items SET content = $1 WHERE id = $2', [
              o.content,
              id,
            ])
          // Another owner's section (the owner column moves with it).
          else if (o.kind === 'move')
            await db.pool.unsafe(
              `UPDATE section_items SET user_id = $1, section_id = $2 WHERE id = $3`,
              [owners[1].user, owners[1].section, id],
            )
          else if (o.kind === 'renumber')
            await db.pool.unsafe(
              'UPDATE section_items SET id = (SELECT max(id) + 100000 FROM section_items) WHERE id = $1',
              [id],
            )
          else await db.pool.unsafe('DELETE FROM section_items WHERE id = $1', [id])
        }
        await apply(db)
        expect(await pending(db)).toBe(0)
        expect(await rowsOf(db, ACTUAL)).toEqual(await rowsOf(db, EXPECTED))
      }),
      { numRuns: 30 },
    )
  }, 120_000)

  test('a copy into PostgreSQL (copy-data, backup, restore) ends with its items indexed, nothing pending', async () => {
    const source = openDatabase(':memory:')
    const ctx = appOn(source)
    const ada = await signIn(ctx, 'ada@example.com', 'Ada')
    await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    for (const content of ['Quokka census', 'Wombat survey'])
      await ada.api['section-items'].post({ section_id: report.sections[0].id, content })
    const target = await open(await freshUrl())
    await copyData(source, target)
    source.close()
    expect(await pending(target)).toBe(0)
    expect(
      (await rowsOf(target, ACTUAL)).map((r) => (r as unknown as { body: string }).body),
    ).toEqual(['Quokka census', 'Wombat survey'])
    expect(await rowsOf(target, ACTUAL)).toEqual(await rowsOf(target, EXPECTED))
  }, 60_000)

  test('two instances applying at once, items written meanwhile: every entry applied once, none lost', async () => {
    const url = await freshUrl()
    const [a, b] = [await open(url), await open(url)]
    const o = [await owner(a, 1), await owner(a, 2)]
    for (let i = 0; i < 300; i++) await insertItem(a, o[i % 2], `first ${i}`)
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing || i < 200; i++) {
        const id = await insertItem(b, o[i % 2], `during ${i}`)
        if (i % 3 === 0)
          await b.pool.unsafe('UPDATE section_items SET content = $1 WHERE id = $2', [
            `edited ${i}`,
            id - 1,
          ])
        if (i % 7 === 0) await a.pool.unsafe('DELETE FROM section_items WHERE id = $1', [id - 2])
      }
    })()
    const claimed: number[] = []
    const applier = async (db: PgDb, wait: boolean) => {
      for (let turn = 0; turn < 40; turn++) claimed.push((await apply(db, 25, wait)) ?? 0)
    }
    await Promise.all([applier(a, true), applier(b, true), applier(a, false), applier(b, false)])
    writing = false
    await writer
    for (let n = -1; n !== 0; ) {
      n = (await apply(b, 1000)) as number
      claimed.push(n)
    }
    expect(await pending(a)).toBe(0)
    // Each entry the writes appended (the queue's ids count them) was claimed by exactly one batch.
    const appended = await count(a, 'SELECT last_value AS n FROM search_pending_id_seq')
    expect(claimed.reduce((x, y) => x + y, 0)).toBe(appended)
    expect(claimed.filter((n) => n > 0).length).toBeGreaterThan(10)
    expect(await rowsOf(a, ACTUAL)).toEqual(await rowsOf(a, EXPECTED))
  }, 120_000)
})
