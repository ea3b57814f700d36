import { sql } from 'drizzle-orm'
import type { Engine } from '../db'
import { timeSlices } from '../lib/time-slices'
import type { ParsedQuery, SearchHealth, SearchType } from './query'
import { type IndexRow, matchesAll, rankInSlices } from './rank'
import { hasText, OVERFETCH } from './tokenizer'

/**
 * The query of the index: which entries of the user's index a search finds, newest matches first
 * from the engine's index (src/search/sqlite.ts: FTS5; src/search/pg.ts: a GIN-indexed tsvector;
 * reached as `db.q.search`), ranked in rank.ts. Also the `health:` filter's lookup.
 */

export type Entity =
  | 'report'
  | 'project'
  | 'team_member'
  | 'section_item'
  | 'member_task'
  | 'member_followup'
  | 'talking_point'
  | 'decision'

const ENTITIES_OF: Record<SearchType, Entity[]> = {
  task: ['section_item', 'member_task'],
  followup: ['section_item', 'member_followup'],
  // A standard report item is found as its report; a talking point as its team member.
  report: ['report', 'section_item'],
  project: ['project'],
  team_member: ['team_member', 'talking_point'],
  decision: ['decision'],
  // Metrics are not in the index: a handful per account, matched beside it (report-metrics).
  metric: [],
  // Asks are report items; readers' questions are not in the index (sharing/search.ts).
  ask: ['section_item'],
  question: [],
}

/**
 * Ranking bound (issue 45: a search costs the same for a user with 500 weekly reports as for one
 * with 8). A text query reads the user's matches newest first, from the index in rowid order
 * (neither engine ranks or sorts all of them), RANK_BATCH at a time, and ranks each batch: the
 * best of the newest RANK_BATCH come first. The next (older) batch is read only while the results
 * are not full (filters such as `project:` or `status:` dropped hits, or several hits are one
 * result), at most RANK_WINDOW matches in all. Older matches are reached by a narrower query (more
 * words, a phrase, a `type:` filter). Documented in docs/features.md (Search).
 */
export const RANK_BATCH = 100
export const RANK_WINDOW = 400
/**
 * The batch's text is read this many entries at a time (a summary is up to 20,000 characters:
 * a page is at most ~1 MB, a few ms of the thread).
 */
const TEXT_PAGE = 40
/** Filters only: at most this many hits are considered for the results (filters may drop some). */
const CANDIDATES = 400

export type Hit = { entity_type: Entity; entity_id: number }

/** Type codes of the FTS rowid (id * 8 + code), drizzle/0001_search.sql. */
export const CODE: Record<Entity, number> = {
  report: 1,
  project: 2,
  team_member: 3,
  section_item: 4,
  member_task: 5,
  member_followup: 6,
  talking_point: 7,
  // Code 0 (drizzle/0013_decisions.sql): the last free code of the rowid's three bits.
  decision: 0,
}
const ENTITY_OF_CODE = Object.fromEntries(
  Object.entries(CODE).map(([entity, code]) => [code, entity as Entity]),
) as Record<number, Entity>

const toHit = (rowid: number): Hit => ({
  entity_type: ENTITY_OF_CODE[rowid % 8],
  entity_id: Math.floor(rowid / 8),
})

/**
 * `health:`: the projects whose latest health (the newest report that set one) is `health`, and
 * the reports whose own Project health has a project at `health`. `sentOnly` (a teammate's index
 * read by their executive): from sent reports only, so a draft's health never answers.
 */
export async function healthFilter(
  db: Engine,
  userId: number,
  health: SearchHealth,
  sentOnly = false,
) {
  const sent = sentOnly ? sql` AND r.is_submitted = 1` : sql``
  const rows = await db.rows<{ project_id: number; report_id: number; health: string }>(sql`
    SELECT h.project_id, h.report_id, h.health FROM project_health h
    JOIN reports r ON r.id = h.report_id
    WHERE h.user_id = ${userId}${sent}
    ORDER BY r.week_start_date DESC, h.id DESC`)
  const latest = new Map<number, string>()
  const reports = new Set<number>()
  for (const row of rows) {
    if (!latest.has(row.project_id)) latest.set(row.project_id, row.health)
    if (row.health === health) reports.add(Number(row.report_id))
  }
  const projects = new Set([...latest].filter(([, h]) => h === health).map(([id]) => Number(id)))
  return { projects, reports }
}

/**
 * The user's entries matching every part of the query, newest first: rowids from the index a batch
 * at a time (keyset on the rowid), their text a page at a time; which of them match every part is
 * decided as FTS5 decides it (PostgreSQL's index finds candidates). Every step gives the event
 * loop back between slices (a batch of long texts is milliseconds of work).
 */
async function* matchingRows(
  db: Engine,
  userId: number,
  codes: number[] | null,
  query: ParsedQuery,
  slices: ReturnType<typeof timeSlices>,
): AsyncGenerator<IndexRow> {
  let before: number | undefined
  for (let read = 0; read < RANK_WINDOW * OVERFETCH; ) {
    const { ids, exact, more } = await db.q.search.matches(userId, codes, query, RANK_BATCH, before)
    read += ids.length
    for (let at = 0; at < ids.length; at += TEXT_PAGE) {
      await slices.pause()
      for (const row of await db.q.search.texts(userId, ids.slice(at, at + TEXT_PAGE))) {
        if (!exact) {
          await slices.pause()
          if (!matchesAll(row, query)) continue
        }
        yield row
      }
    }
    if (!more || !ids.length) return
    before = ids[ids.length - 1]
  }
}

/**
 * The ranked hits of the user's index for the query, among the kinds `allowed` (all when null)
 * and those its `type:` filters ask for: a batch at a time, each ranked, newest batch first (see
 * RANK_BATCH). The caller reads the next batch only while it needs more results.
 */
export async function* candidates(
  db: Engine,
  userId: number,
  query: ParsedQuery,
  allowed: Entity[] | null,
): AsyncGenerator<Hit[]> {
  const asked = query.types.length ? [...new Set(query.types.flatMap((t) => ENTITIES_OF[t]))] : null
  const entities = allowed ? (asked ?? allowed).filter((e) => allowed.includes(e)) : asked
  if (entities && !entities.length) return
  const codes = entities ? entities.map((e) => CODE[e]) : null
  if (!hasText(query)) {
    // Text that is all punctuation (`!!`) and no filter: nothing to look for.
    if (!entities && query.project === null && query.status === null && query.health === null)
      return
    // Filters only (`type:task status:active`): the newest of the kinds asked for.
    yield (await db.q.search.newest(userId, codes, CANDIDATES)).map(toHit)
    return
  }
  const slices = timeSlices()
  const rows = matchingRows(db, userId, codes, query, slices)
  for (let ranked = 0; ranked < RANK_WINDOW; ) {
    const batch: IndexRow[] = []
    // Not `for await`: leaving that loop would close the rows for the next batch.
    while (batch.length < RANK_BATCH) {
      const next = await rows.next()
      if (next.done) break
      batch.push(next.value)
    }
    if (!batch.length) return
    ranked += batch.length
    yield (await rankInSlices(batch, query, slices)).map(toHit)
    if (batch.length < RANK_BATCH) return
  }
}
