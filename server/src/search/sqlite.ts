import type { SqliteCore } from '../db/sqlite/core'
import { ready } from '../db/sqlite/core'
import { nextTurn } from '../lib/time-slices'
import type { Entity } from './candidates'
import { type ParsedQuery, toMatchExpression } from './query'
import type { IndexRow } from './rank'
import { indexParts, OVERFETCH, parts } from './tokenizer'

/**
 * Search on SQLite: the FTS5 table `search_index` (drizzle/0001_search.sql, kept in sync by
 * triggers; section items through search_pending, below). Its twin is src/search/pg.ts; the
 * parser (query.ts), the words (tokenizer.ts), the ranking (rank.ts) and the results (results.ts)
 * are shared.
 */

/** Index rows in the order of `ids` (a query by rowid answers them in its own order). */
export function inOrder(rows: IndexRow[], ids: number[]): IndexRow[] {
  const byId = new Map(rows.map((row) => [Number(row[0]), row] as const))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [[id, row[1], row[2]] as IndexRow] : []
  })
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/**
 * The user's filter is a term of the MATCH on the indexed `owner` column, and the entity comes
 * from the rowid, so no stored row of the index is read; the text only matches title and body.
 */
const ownerTerm = (userId: number) => `owner : "u${userId}"`
const typeFilter = (codes: number[] | null) =>
  codes ? ` AND rowid % 8 IN (${codes.map(Number).join(', ')})` : ''

// `+user_id`: the owner check must not drive the lookup (an index on user_id would read all
// of the user's rows); the ids do, by primary key.
const member = (table: string) => `SELECT e.id, e.content, e.is_completed, e.project_id,
    p.name AS project_name, m.id AS member_id, m.uuid AS team_member_uuid,
    m.name AS team_member_name, m.title AS member_title, m.email AS member_email
  FROM ${table} e
  JOIN team_members m ON m.id = e.team_member_id
  LEFT JOIN projects p ON p.id = e.project_id
  WHERE +e.user_id = ? AND e.id IN ($IDS)`
const LOAD: Record<Entity, string> = {
  report: `SELECT id, uuid, title, summary, week_start_date, is_submitted FROM reports
           WHERE +user_id = ? AND id IN ($IDS)`,
  project: `SELECT id, uuid, name, status FROM projects WHERE +user_id = ? AND id IN ($IDS)`,
  team_member: `SELECT id, uuid, name, title, email FROM team_members
                WHERE +user_id = ? AND id IN ($IDS)`,
  section_item: `SELECT i.id, i.content, i.is_completed, i.item_type, i.project_id, i.is_ask,
                   i.ask_closed_at,
                   p.name AS project_name, r.id AS report_id, r.uuid AS report_uuid,
                   r.title AS report_title, r.summary AS report_summary, r.week_start_date,
                   r.is_submitted
                 FROM section_items i
                 JOIN report_sections s ON s.id = i.section_id
                 JOIN reports r ON r.id = s.report_id
                 LEFT JOIN projects p ON p.id = i.project_id
                 WHERE +i.user_id = ? AND i.id IN ($IDS)`,
  member_task: member('member_tasks'),
  member_followup: member('member_followups'),
  talking_point: member('talking_points'),
  decision: `SELECT d.id, d.title, d.rationale, d.decided_on, d.project_id,
               p.name AS project_name, COALESCE(m.name, d.decided_by_name) AS member_name
             FROM decisions d
             LEFT JOIN projects p ON p.id = d.project_id
             LEFT JOIN team_members m ON m.id = d.decided_by_member_id
             WHERE +d.user_id = ? AND d.id IN ($IDS)`,
}

/**
 * Section items, the hot write (≥ 5,000/s), are indexed off the write path
 * (drizzle/0004_search_pending.sql): their triggers only record the index rowid in search_pending,
 * a plain table, in the writer's own transaction (a failed write leaves nothing pending). Inside
 * FTS5 every write of the group commit would otherwise flush its own segment (FTS5 writes its
 * pending terms at each SAVEPOINT) and feed the automerge. The entries are applied here in one
 * statement per batch: before every query (so results are never stale) and in the background.
 */
/** The id up to which the `?` oldest pending entries go (the queue is read by primary key). */
const PENDING_BOUND =
  'SELECT max(id) AS bound FROM (SELECT id FROM search_pending WHERE id >= 0 ORDER BY id LIMIT ?) AS head'
const APPLY_PENDING = [
  // An entry is recomputed from the row as it is now: gone (deleted) or its current text.
  'DELETE FROM search_index WHERE rowid IN (SELECT id FROM search_pending WHERE id <= ?1)',
  `INSERT INTO search_index(rowid, user_id, entity_type, entity_id, owner, title, body)
   SELECT i.id * 8 + 4, i.user_id, 'section_item', i.id, 'u' || i.user_id, '', i.content
   FROM search_pending p JOIN section_items i ON i.id = p.id >> 3
   WHERE p.id <= ?1 AND p.id & 7 = 4`,
  'DELETE FROM search_pending WHERE id <= ?1',
]

/**
 * Applies at most `limit` pending index entries (all by default) in one transaction, or inside
 * the caller's transaction as a savepoint. Returns whether any were pending.
 */
export function applyPendingIndex(db: Pick<SqliteCore, 'sqlite'>, limit = Number.MAX_SAFE_INTEGER) {
  const { sqlite } = db
  const { bound } = sqlite.query(PENDING_BOUND).get(limit) as { bound: number | null }
  if (bound === null) return false
  // Its own transaction commits without an fsync on the server's thread: lost in a crash, it
  // leaves its entries pending as they were (it deletes them with the same commit), and the next
  // group commit's WAL sync makes it durable with everything before it.
  const own = !sqlite.inTransaction
  if (own) sqlite.run('PRAGMA synchronous = NORMAL')
  try {
    sqlite
      .transaction(() => {
        for (const sql of APPLY_PENDING) sqlite.query(sql).run(bound)
      })
      .immediate()
  } finally {
    if (own) sqlite.run('PRAGMA synchronous = FULL')
  }
  return true
}

/**
 * How long the background waits before applying pending entries, and how many at most at once:
 * entries applied together cost a fraction of one indexed per write, and a batch of this size
 * keeps a turn of the thread short (docs/benchmarks.md has the figures).
 */
export const INDEX_SYNC_MS = 100
export const INDEX_SYNC_BATCH = 1000

/**
 * Applies pending index entries in the background, soon after a write: a bounded batch every
 * INDEX_SYNC_MS until none is left (a burst of writes becomes a few large segments, and no turn
 * holds the thread for long). Idempotent while a sync is scheduled; stops with the database.
 * In process memory on purpose: SQLite is one process's database.
 */
function scheduler(db: SqliteCore) {
  let scheduled = false
  return () => {
    if (scheduled) return
    scheduled = true
    const tick = () => {
      // A transaction of the engine API is open: come back when it is done.
      if (db.gate.closed) {
        setTimeout(tick, INDEX_SYNC_MS).unref()
        return
      }
      let more = false
      try {
        more = applyPendingIndex(db, INDEX_SYNC_BATCH)
      } catch (error) {
        // Busy (another process writing): try again later. Closed: nothing left to do.
        more = !/closed/i.test(String(error))
      }
      if (more) setTimeout(tick, INDEX_SYNC_MS).unref()
      else scheduled = false
    }
    setTimeout(tick, INDEX_SYNC_MS).unref()
  }
}

export const sqliteSearch = (db: SqliteCore) => ({
  /**
   * Before a query: what is pending goes into the index, so results are never stale; a batch of
   * INDEX_SYNC_BATCH a turn (right after two 5,000-line imports, applying all at once held the
   * thread ~40–90 ms).
   */
  async prepare() {
    for (;;) {
      await ready(db)
      if (!applyPendingIndex(db, INDEX_SYNC_BATCH)) return
      await nextTurn()
    }
  },
  /** Soon after a write on the hot path (section items): their pending entries, in the background. */
  syncSoon: scheduler(db),
  /** Filters only: the rowids of the newest `limit` entries of the kinds asked for. */
  async newest(userId: number, codes: number[] | null, limit: number) {
    await ready(db)
    const rows = db
      .prepare(
        `SELECT rowid AS r FROM search_index WHERE search_index MATCH ?${typeFilter(codes)}
         ORDER BY rowid DESC LIMIT ${Number(limit)}`,
      )
      .values(ownerTerm(userId)) as [number][]
    return rows.map(([r]) => r)
  },
  /**
   * The rowids of the newest `limit` entries matching the query's text, older than `before` when
   * given (the next batch: candidates.ts). Exact (FTS5 matches phrases and prefixes as the ranking
   * counts them) when the index was asked for every part; otherwise twice as many, of which the
   * caller keeps those matching the rest. `more`: the index may hold older ones. FTS5 answers
   * them in rowid order from its doclists, so the LIMIT ends the read: no ranking or sort of every
   * match. Their text is read after, a page at a time (texts): 800 summaries of 20,000
   * characters read here at once held the thread 30–45 ms (issue 42).
   */
  async matches(
    userId: number,
    codes: number[] | null,
    query: ParsedQuery,
    limit: number,
    before?: number,
  ): Promise<{ ids: number[]; exact: boolean; more: boolean }> {
    const text = toMatchExpression(query)
    if (text === null) return { ids: [], exact: true, more: false }
    await ready(db)
    const match = `${ownerTerm(userId)} AND {title body} : (${text})`
    const exact = indexParts(query).length === parts(query).length
    const asked = Number(limit) * (exact ? 1 : OVERFETCH)
    const older = before === undefined ? '' : ' AND rowid < ?'
    const rows = db
      .prepare(
        `SELECT rowid AS r FROM search_index WHERE search_index MATCH ?${older}${typeFilter(codes)}
         ORDER BY rowid DESC LIMIT ${asked}`,
      )
      .values(...(before === undefined ? [match] : [match, before])) as [number][]
    return { ids: rows.map(([r]) => r), exact, more: rows.length === asked }
  },
  /** The user's entries of these rowids with their text, in the order given. */
  async texts(userId: number, ids: number[]): Promise<IndexRow[]> {
    if (!ids.length) return []
    await ready(db)
    const rows = db
      .prepare(
        `SELECT rowid AS r, title, body FROM search_index
         WHERE rowid IN (${placeholders(ids.length)}) AND user_id = ?`,
      )
      .values(...ids, userId) as IndexRow[]
    return inOrder(rows, ids)
  },
  /** The user's rows of one kind, by id. */
  async load(entity: Entity, userId: number, ids: number[]) {
    if (!ids.length) return []
    await ready(db)
    return db
      .prepare(LOAD[entity].replace('$IDS', placeholders(ids.length)))
      .all(userId, ...ids) as Record<string, unknown>[]
  },
  /** Ids of the user's projects whose name contains `name`, case-insensitively. */
  async projectIds(userId: number, name: string) {
    await ready(db)
    const rows = db
      .prepare('SELECT id FROM projects WHERE user_id = ? AND instr(lower(name), lower(?)) > 0')
      .all(userId, name) as { id: number }[]
    return rows.map((r) => r.id)
  },
  /** Reports (ids) with at least one item in one of `projects`. */
  async reportsWithProjects(userId: number, projects: number[]) {
    if (!projects.length) return []
    await ready(db)
    const rows = db
      .prepare(
        `SELECT DISTINCT s.report_id AS id FROM section_items i
         JOIN report_sections s ON s.id = i.section_id
         WHERE i.user_id = ? AND i.project_id IN (${placeholders(projects.length)})`,
      )
      .all(userId, ...projects) as { id: number }[]
    return rows.map((r) => r.id)
  },
})
