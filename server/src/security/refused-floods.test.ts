import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { Db, Engine } from '../db'
import { openDatabase } from '../db'
import { shareAcknowledgements, shares } from '../db/schema'
import { syncRateLimits } from '../lib/rate-limit'
import { syncShareViews } from '../modules/sharing/views'
import { freshTestDatabase, testEngine } from '../test/engines'
import { createTestApp, makeClient, ORIGIN, signIn } from '../test/helpers'

/**
 * Refusing is cheap: a request over its rate limit is refused from memory, without a database
 * write (the counts reach the database in batches, lib/rate-limit.ts); a shared link's views are
 * counted in batches too (modules/sharing/views.ts) and never change the owner's data version, so
 * readers never invalidate the owner's cached answers. How /api/health fares during such floods
 * is measured by `bun run bench` (bench/abuse.ts).
 */

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.

/** The engine, with a count of the statements that write (and of every statement) run through it. */
function counted(db: Engine) {
  const calls = { all: 0, writes: 0 }
  const text = (query: unknown) =>
    ((query as { queryChunks?: { value?: string[] }[] }).queryChunks ?? [])
      .map((chunk) => chunk.value?.join('') ?? '')
      .join('')
  const isWrite = (query: unknown) => /^\s*(INSERT|UPDATE|DELETE)/i.test(text(query))
  const orm = new Proxy(db.orm, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.all++
        if (prop === 'insert' || prop === 'update' || prop === 'delete') calls.writes++
        return value.apply(target, args)
      }
    },
  })
  const engine = new Proxy(db, {
    get(target, prop) {
      if (prop === 'orm') return orm
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (prop === 'rows' || prop === 'row' || prop === 'exec' || prop === 'tx') {
          calls.all++
          if (prop === 'exec' || prop === 'tx' || isWrite(args[0])) calls.writes++
        }
        return value.apply(target, args)
      }
    },
  })
  return { engine: engine as Engine, calls }
}

const open = async () =>
  (testEngine() === 'pg' ? await freshTestDatabase() : openDatabase(':memory:')) as unknown as Db

describe('refused floods', () => {
  test('sign-in starts over the limit are refused without touching the database', async () => {
    const db = await open()
    const { engine, calls } = counted(db)
    const app = createApp({
      db: engine as Db,
      config: loadConfig({ PUBLIC_URL: ORIGIN }),
      signInLimit: 5,
    })
    const client = makeClient(app)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await client.api.oauth.google.redirect_url.get()).status)
    // What was let through goes to the database now, not in the middle of the flood.
    await syncRateLimits(engine)
    const before = { ...calls }
    for (let i = 0; i < 200; i++)
      statuses.push((await client.api.oauth.google.redirect_url.get()).status)
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]))
    // 200 refusals: not one statement, read or write.
    expect(calls).toEqual(before)
    // What was let through is counted in the database with the next batch; the refusals never.
    await syncRateLimits(engine)
    const [row] = await db.rows<{ count: number }>(sql`SELECT count FROM rate_limits`)
    expect(Number(row.count)).toBe(5)
  })

  test("readers' acknowledgements over the limit write nothing: 10 stored, 190 refused", async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = new URL(link.url).pathname.split('/').pop()!
    const { engine, calls } = counted(db)
    const reader = makeClient(
      createApp({ db: engine as Db, config: loadConfig({ PUBLIC_URL: ORIGIN }) }),
    )
    const statuses: number[] = []
    // Each a reader of their own: one reader's 'Read — thanks' is stored once, however often.
    let n = 0
    const ack = () => reader.api.shared({ token }).acknowledgements.post({ name: `Reader ${++n}` })
    for (let i = 0; i < 10; i++) statuses.push((await ack()).status)
    // What was let through goes to the database now, not in the middle of the flood.
    await syncRateLimits(engine)
    const before = { ...calls }
    for (let i = 0; i < 190; i++) statuses.push((await ack()).status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true)
    // A refusal reads the link (a wrong token is a 404 for anyone, over the limit or not) and
    // writes nothing: one statement each.
    expect(calls.writes).toBe(before.writes)
    expect(calls.all - before.all).toBe(190)
    await syncRateLimits(engine)
    expect(await db.orm.select().from(shareAcknowledgements)).toHaveLength(10)
  })

  test("a flood of views is counted in one batch and never invalidates the owner's cached answers", async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = new URL(link.url).pathname.split('/').pop()!
    const cached = (headers: Record<string, string> = {}) => ada.api.reports.get({ headers })
    const etag = (await cached()).response.headers.get('etag') as string
    expect(etag).toBeTruthy()
    const { engine, calls } = counted(db)
    const reader = makeClient(
      createApp({ db: engine as Db, config: loadConfig({ PUBLIC_URL: ORIGIN }) }),
    )
    // The first view (the app starting up does its own writes: its settings, its keys).
    const read = () => reader.api.shared({ token }).get()
    expect((await read()).status).toBe(200)
    await syncShareViews(engine)
    const before = calls.writes
    for (let i = 0; i < 100; i++) expect((await read()).status).toBe(200)
    // Reading the brief 100 times wrote nothing; the views are counted, in one batch.
    expect(calls.writes).toBe(before)
    await syncShareViews(engine)
    expect(calls.writes).toBe(before + 1)
    const [row] = await db.orm.select().from(shares).where(eq(shares.report_id, report.id))
    expect(row.views).toBe(101)
    expect(row.last_viewed_at).toBeString()
    // The owner's cached list is still current: a revalidation answers 304.
    const again = await cached({ 'if-none-match': etag })
    expect(again.status).toBe(304)
    // The readers' answer is kept only while the owner's data is unchanged.
    await ada.api.reports({ uuid: report.uuid }).put({ title: 'Renamed for readers' })
    expect((await read()).data?.report.title).toBe('Renamed for readers')
    const etagAfterEdit = (await cached()).response.headers.get('etag') as string
    expect(etagAfterEdit).not.toBe(etag)
    // A change of the link itself (revoking it) is the owner's data and does change it.
    await ada.api.shares({ id: row.id }).delete()
    const revoked = await cached({ 'if-none-match': etagAfterEdit })
    expect(revoked.status).toBe(200)
    expect((await read()).status).toBe(404)
  })
})
