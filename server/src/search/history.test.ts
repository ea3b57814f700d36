// Costs independent of history (issue 45): a search of a word found in every report and item of a
// user with 500 weekly reports reads as many index rows as one with 8. Not a timing test
// (bench/history.ts has the times): the rows the search's statements answer are counted for both
// users; on SQLite their plans are held to the index's rowid order (no sort of every match), on
// PostgreSQL the rows each plan node handled (EXPLAIN ANALYZE) are summed for both and compared.

import type { Database } from 'bun:sqlite'
import { describe, expect } from 'bun:test'
import type { SearchResult } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import { queryObserver } from '../db/query-observer'
import { RESULT_LIMIT } from '../modules/search/service'
import { createTestApp, type signIn } from '../test/helpers'
import { type PgNode, rowsHandled, seedWeeks as seedHistory } from '../test/history'
import { test } from '../test/today'
import { RANK_BATCH } from './candidates'

type Ctx = Awaited<ReturnType<typeof createTestApp>>
type Client = Awaited<ReturnType<typeof signIn>>
const WORD = 'launch'

/**
 * `weeks` weekly reports, written oldest first as a user writes them, each with a summary and a
 * tasks and a follow-ups section of 6 items, every one of them holding WORD: 13 matches a week,
 * so 8 weeks (104) already fill a batch of the ranking (RANK_BATCH).
 */
const seedWeeks = (ctx: Ctx, email: string, weeks: number) =>
  seedHistory(ctx, email, weeks, {
    oldestFirst: true,
    report: (w) => ({ title: `Week ${w}`, summary: `The ${WORD} review of week ${w}` }),
    item: (s, k) => ({ content: `${WORD} ${s.type} ${s.week} ${k}` }),
  })

async function setup() {
  const ctx = await createTestApp()
  const light = await seedWeeks(ctx, 'light@example.com', 8)
  const heavy = await seedWeeks(ctx, 'heavy@example.com', 500)
  await ctx.db.q.search.prepare()
  if (ctx.db.kind === 'pg') await ctx.db.rows(sql`ANALYZE`)
  return { ctx, light, heavy }
}

const search = async (client: Client, query: string) => {
  const res = await client.get(`/api/search?query=${encodeURIComponent(query)}`)
  expect(res.status).toBe(200)
  return (res.json as { results: SearchResult[] }).results
}

/** The rows the index's statements answered while the user searched (ids, then texts). */
async function indexRows(ctx: Ctx, client: Client, query: string) {
  const q = ctx.db.q.search
  const original = { matches: q.matches, texts: q.texts }
  let rows = 0
  q.matches = async (...args) => {
    const answer = await original.matches(...args)
    rows += answer.ids.length
    return answer
  }
  q.texts = async (...args) => {
    const answer = await original.texts(...args)
    rows += answer.length
    return answer
  }
  try {
    await search(client, query)
  } finally {
    Object.assign(q, original)
  }
  return rows
}

/** The SQL text (and, on PostgreSQL, parameters) of the index's statements of one search. */
async function indexStatements(ctx: Ctx, client: Client, query: string) {
  const seen: { text: string; params: unknown[] }[] = []
  const isIndexRead = (text: string) => /FROM search_index\b/.test(text) && /user_id/.test(text)
  if (ctx.db.kind === 'sqlite') {
    queryObserver.current = (text) => {
      if (isIndexRead(text)) seen.push({ text, params: [] })
      return () => {}
    }
    try {
      await search(client, query)
    } finally {
      queryObserver.current = null
    }
    return seen
  }
  const pool = (ctx.db as unknown as { pool: { unsafe: (t: string, p?: unknown[]) => unknown } })
    .pool
  const unsafe = pool.unsafe
  pool.unsafe = (text: string, params?: unknown[]) => {
    if (isIndexRead(text)) seen.push({ text, params: params ?? [] })
    return unsafe.call(pool, text, params)
  }
  try {
    await search(client, query)
  } finally {
    pool.unsafe = unsafe
  }
  return seen
}

/** A statement of `$n` placeholders as a Drizzle query with the same parameters. */
const withParams = (text: string, params: unknown[]) =>
  sql.join(
    text
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
    sql.raw(''),
  )

const sqliteOf = (ctx: Ctx) => (ctx.db as unknown as { sqlite: Database }).sqlite

describe('the search of 500 weeks against 8', () => {
  test('answers the best of her newest matches first; an older one by a narrower query', async () => {
    const { light, heavy } = await setup()
    const l = await search(light.client, WORD)
    const h = await search(heavy.client, WORD)
    expect(l).toHaveLength(RESULT_LIMIT)
    expect(h).toHaveLength(RESULT_LIMIT)
    // Both from the newest weeks' items: 100 newest matches are the last 8 weeks' 96 items first.
    const weeks = (results: SearchResult[]) => results.map((r) => r.content?.split(' ')[2])
    expect(weeks(h).every((w) => Number(w) < 9)).toBe(true)
    expect(new Set(weeks(h))).toEqual(new Set(weeks(l)))
    // Week 400's item is far beyond the first batch: a phrase finds it.
    const old = await search(heavy.client, `"${WORD} task 400 3"`)
    expect(old.map((r) => r.content)).toEqual([`${WORD} task 400 3`])
    // And so does a narrower word (the report's title).
    const week = await search(heavy.client, `${WORD} type:report "week 400"`)
    expect(week.map((r) => r.title)).toEqual(['Week 400'])
  }, 120_000)

  test('its statements read as many index rows, in rowid order, as for 8 weeks', async () => {
    const { ctx, light, heavy } = await setup()
    const l = await indexRows(ctx, light.client, WORD)
    const h = await indexRows(ctx, heavy.client, WORD)
    // One batch each: its rowids and its texts, whatever the matches beyond it (6,500 for her).
    expect(h, `${h} rows against ${l}`).toBeLessThanOrEqual(2 * RANK_BATCH)
    expect(h, `${h} rows against ${l}`).toBeLessThanOrEqual(l * 1.3)

    const heavyStatements = await indexStatements(ctx, heavy.client, WORD)
    expect(heavyStatements.length).toBeGreaterThan(0)
    if (ctx.db.kind === 'sqlite') {
      for (const { text } of heavyStatements) {
        const plan = (
          sqliteOf(ctx).query(`EXPLAIN QUERY PLAN ${text}`).all() as { detail: string }[]
        )
          .map((r) => r.detail)
          .join('\n')
        // The matches come from FTS5 in rowid order (the LIMIT ends the read): never sorted.
        expect(plan, text).not.toContain('TEMP B-TREE')
      }
      return
    }
    const lightStatements = await indexStatements(ctx, light.client, WORD)
    // The test's tables are small enough for PostgreSQL to read them whole; with sequential scans
    // off it plans as for a large database.
    const handled = (statements: { text: string; params: unknown[] }[]) =>
      ctx.db.tx(async (tx) => {
        await tx.exec(sql`SET LOCAL enable_seqscan = off`)
        let sum = 0
        for (const { text, params } of statements) {
          const [row] = await tx.rows<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
            sql`EXPLAIN (ANALYZE, FORMAT JSON) ${withParams(text, params)}`,
          )
          sum += rowsHandled(row['QUERY PLAN'][0].Plan)
        }
        return sum
      })
    const lh = await handled(lightStatements)
    const hh = await handled(heavyStatements)
    // 500 weeks against 8: rows handled within 1.3× (plus a few index probes), not 60×.
    expect(hh, `${hh} rows against ${lh}`).toBeLessThanOrEqual(lh * 1.3 + 50)
  }, 120_000)
})
