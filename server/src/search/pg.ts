import type { PgCore } from '../db/pg/core'
import type { Entity } from './candidates'
import type { ParsedQuery } from './query'
import type { IndexRow } from './rank'
import { inOrder } from './sqlite'
import { indexParts, OVERFETCH, parts } from './tokenizer'

/**
 * Search on PostgreSQL: the table `search_index` (drizzle-pg/0001_triggers_and_search.sql), with a
 * GIN index over a tsvector of the text's tokens made as SQLite's unicode61 tokenizer makes them.
 * Triggers keep it exact in every writing transaction, except for report items, which are applied
 * from search_pending in batches (below). The index finds candidates (every token of every word
 * and phrase present, the last token of each word as a prefix); phrases (token order) and the
 * ranking are then checked by the same code as on SQLite (rank.ts), so both engines answer the
 * same results. Twin of src/search/sqlite.ts.
 */

const typeFilter = (codes: number[] | null) =>
  codes ? ` AND rowid % 8 IN (${codes.map(Number).join(', ')})` : ''

const ids = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ')

const member = (table: string) => `SELECT e.id, e.content, e.is_completed, e.project_id,
    p.name AS project_name, m.id AS member_id, m.uuid AS team_member_uuid,
    m.name AS team_member_name, m.title AS member_title, m.email AS member_email
  FROM ${table} e
  JOIN team_members m ON m.id = e.team_member_id
  LEFT JOIN projects p ON p.id = e.project_id
  WHERE e.user_id = $1 AND e.id IN ($IDS)`
const LOAD: Record<Entity, string> = {
  report: `SELECT id, uuid, title, summary, week_start_date, is_submitted FROM reports
           WHERE user_id = $1 AND id IN ($IDS)`,
  project: 'SELECT id, uuid, name, status FROM projects WHERE user_id = $1 AND id IN ($IDS)',
  team_member: `SELECT id, uuid, name, title, email FROM team_members
                WHERE user_id = $1 AND id IN ($IDS)`,
  section_item: `SELECT i.id, i.content, i.is_completed, i.item_type, i.project_id, i.is_ask,
                   i.ask_closed_at,
                   p.name AS project_name, r.id AS report_id, r.uuid AS report_uuid,
                   r.title AS report_title, r.summary AS report_summary, r.week_start_date,
                   r.is_submitted
                 FROM section_items i
                 JOIN report_sections s ON s.id = i.section_id
                 JOIN reports r ON r.id = s.report_id
                 LEFT JOIN projects p ON p.id = i.project_id
                 WHERE i.user_id = $1 AND i.id IN ($IDS)`,
  member_task: member('member_tasks'),
  member_followup: member('member_followups'),
  talking_point: member('talking_points'),
  decision: `SELECT d.id, d.title, d.rationale, d.decided_on, d.project_id,
               p.name AS project_name, COALESCE(m.name, d.decided_by_name) AS member_name
             FROM decisions d
             LEFT JOIN projects p ON p.id = d.project_id
             LEFT JOIN team_members m ON m.id = d.decided_by_member_id
             WHERE d.user_id = $1 AND d.id IN ($IDS)`,
}

/**
 * A tsquery of lexemes as given (a cast, not to_tsquery: no parsing of user text at all): every
 * token of the parts the index is asked for (tokenizer.ts indexParts), the last token of a prefix
 * word as a prefix.
 */
function tsquery(query: ParsedQuery): string | null {
  const lexeme = (token: string) => `'${token.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`
  const lexemes = new Set<string>()
  for (const { tokens, prefix } of indexParts(query))
    for (const [i, t] of tokens.entries())
      lexemes.add(prefix && i === tokens.length - 1 ? `${lexeme(t)}:*` : lexeme(t))
  return lexemes.size ? [...lexemes].join(' & ') : null
}

/**
 * How many of the user's newest index entries a search tests one by one (matches, below): first
 * FIRST_SCAN; then, if the word is dense enough in those to fill the batch within RECENT_SCAN
 * (one entry in 80 for a batch of 100), up to RECENT_SCAN; otherwise, and beyond those, the GIN
 * index answers. Testing an entry costs ~1 µs: RECENT_SCAN is what the GIN index took for a word
 * in one entry of 10 of the bench's 500 weeks (~10 ms); a rare word pays FIRST_SCAN's ~0.5 ms
 * before the GIN index.
 */
const FIRST_SCAN = 500
const RECENT_SCAN = 8000

/**
 * Report items, the hot write, are indexed off the write path (drizzle-pg/0015_search_pending.sql):
 * their trigger only appends the index rowid to search_pending, and the entries are applied here,
 * a batch in one statement: the oldest pending rows are claimed (deleted, rows another batch holds
 * skipped), and each claimed rowid's index row is recomputed from the item as it is now, or
 * deleted when the item is gone. A batch sees only entries committed before its snapshot, so it
 * reads their items as written; an entry written meanwhile stays for a later batch. Claims are
 * exclusive, so every entry is applied once, whichever instance applies it.
 */
const APPLY = `WITH claimed AS (
    DELETE FROM search_pending WHERE id = ANY (ARRAY(
      SELECT id FROM search_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED))
    RETURNING rowid
  ), ids AS (SELECT array_agg(DISTINCT rowid) AS r FROM claimed),
  gone AS (
    DELETE FROM search_index s WHERE s.rowid = ANY ((SELECT r FROM ids)::bigint[])
      AND NOT EXISTS (SELECT 1 FROM section_items i WHERE i.id = s.rowid >> 3)
    RETURNING 1
  ),
  put AS (
    INSERT INTO search_index(rowid, user_id, entity_type, entity_id, title, body)
    SELECT i.id::bigint * 8 + 4, i.user_id, 'section_item', i.id, '', i.content
    FROM section_items i
    WHERE i.id = ANY ((SELECT array_agg(rowid >> 3)::int[] FROM claimed)::int[])
    ON CONFLICT (rowid) DO UPDATE SET user_id = EXCLUDED.user_id, body = EXCLUDED.body
    WHERE (search_index.user_id, search_index.body) IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.body)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM claimed) AS n, (SELECT count(*) FROM gone) AS gone,
    (SELECT count(*) FROM put) AS put`

/**
 * Every apply holds this lock for its transaction (one key; the user locks take two), so applies
 * run one at a time: a search waits for a batch in progress, which it could not see (its claims
 * are not committed yet, its entries locked), before it applies the rest itself.
 */
const APPLY_LOCK = 7_349_127_002

/** How long the background waits before a batch, and how many entries at most at once. */
export const INDEX_SYNC_MS = 100
export const INDEX_SYNC_BATCH = 2000
/** After a failure (database down, busy): the next try. */
const INDEX_RETRY_MS = 1000

/**
 * Applies at most `limit` pending entries in one transaction under the apply lock: waiting for it,
 * or (`wait` false) not at all when another apply holds it (answers null). Answers how many
 * entries it claimed.
 */
export async function applyPendingIndex(
  db: PgCore,
  limit = 1_000_000_000,
  wait = true,
): Promise<number | null> {
  return (await db.sql.begin(async (tx) => {
    if (wait) await tx.unsafe('SELECT pg_advisory_xact_lock($1)', [APPLY_LOCK])
    else {
      const [{ ok }] = (await tx.unsafe('SELECT pg_try_advisory_xact_lock($1) AS ok', [
        APPLY_LOCK,
      ])) as { ok: boolean }[]
      if (!ok) return null
    }
    // A statement of its own after the lock: its snapshot sees what the batch waited for did.
    const [row] = (await tx.unsafe(APPLY, [limit])) as { n: string | number }[]
    return Number(row.n)
  })) as number | null
}

/** Whether nothing is pending, nor being applied (a batch's claims show until it commits). */
async function nothingPending(db: PgCore) {
  const rows = await db.sql.unsafe('SELECT 1 FROM search_pending LIMIT 1')
  return rows.length === 0
}

/**
 * Applies pending entries in the background soon after a write: a bounded batch every
 * INDEX_SYNC_MS until a turn finds none left (and no write asked meanwhile). The entries live in
 * the database, so any instance applies any instance's writes; this timer only decides when this
 * process tries. Never throws: a database that is down means trying again later; a closed pool
 * (the engine was closed) stops it, and the next write starts it again. An entry it misses is
 * applied by the next search anyway.
 */
function scheduler(db: PgCore) {
  let scheduled = false
  let asked = false
  const tick = async () => {
    asked = false
    let next: number | null = null
    try {
      // null: another apply is under way; look again after it.
      const claimed = await applyPendingIndex(db, INDEX_SYNC_BATCH, false)
      if (claimed !== 0 || asked) next = INDEX_SYNC_MS
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_POSTGRES_CONNECTION_CLOSED')
        next = INDEX_RETRY_MS
    }
    if (next === null) scheduled = false
    else setTimeout(tick, next).unref()
  }
  return () => {
    asked = true
    if (scheduled) return
    scheduled = true
    setTimeout(tick, INDEX_SYNC_MS).unref()
  }
}

/** A search applies what is pending in batches of this size, each in its own transaction. */
const PREPARE_BATCH = 10_000

export const pgSearch = (db: PgCore) => ({
  /**
   * Before a search: every pending entry is applied, not only the searching user's (the
   * background keeps the queue short, and finding one user's entries would mean reading every
   * pending item anyway), so results are never stale. A batch under way is waited for.
   */
  async prepare() {
    if (await nothingPending(db)) return
    while ((await applyPendingIndex(db, PREPARE_BATCH)) === PREPARE_BATCH) {}
  },
  /** Soon after a write of report items: their pending entries, in the background. */
  syncSoon: scheduler(db),
  async newest(userId: number, codes: number[] | null, limit: number) {
    const rows = await db.sql.unsafe(
      `SELECT rowid AS r FROM search_index WHERE user_id = $1${typeFilter(codes)}
       ORDER BY rowid DESC LIMIT ${Number(limit)}`,
      [userId],
    )
    return (rows as { r: string | number }[]).map((row) => Number(row.r))
  },
  /**
   * The rowids of the newest `limit` entries matching the query (× OVERFETCH when their text is
   * checked after: `exact` false), older than `before` when given (the next batch: candidates.ts);
   * `more`: there may be older ones. The user's newest entries are read in rowid order
   * (`search_index_user_rowid`) and tested one by one until enough match, so a word found in many
   * of them ends the read after a few hundred entries whatever her history (issue 45: the GIN
   * index alone gave every match of hers, sorted). Where they are too few (a rarer word), the
   * word's GIN index answers the rest, below the last entry read: few matches to sort. The planner
   * cannot make that choice itself: its estimate of a prefix's matches is far off (1,641 for 7,886
   * in the bench).
   */
  async matches(
    userId: number,
    codes: number[] | null,
    query: ParsedQuery,
    limit: number,
    before?: number,
  ): Promise<{ ids: number[]; exact: boolean; more: boolean }> {
    const q = tsquery(query)
    if (q === null) return { ids: [], exact: false, more: false }
    // Words of one token each, all asked of the index: its lexemes match as FTS5 does (a prefix
    // as a prefix); a phrase or a word of several tokens needs their order checked (rank.ts).
    const all = indexParts(query)
    const exact = all.length === parts(query).length && all.every((p) => p.tokens.length === 1)
    const asked = Number(limit) * (exact ? 1 : OVERFETCH)
    const kinds = typeFilter(codes)
    const toIds = (rows: unknown) => (rows as { r: string | number }[]).map((row) => Number(row.r))
    const below = (from: number | undefined, n: number) =>
      from === undefined ? '' : ` AND rowid < $${n}`
    const args = (from: number | undefined, ...first: unknown[]) =>
      from === undefined ? first : [...first, from]
    /** The matches among her `entries` newest entries older than `from`, at most `want`. */
    const scan = async (from: number | undefined, entries: number, want: number) =>
      toIds(
        await db.sql.unsafe(
          `SELECT rowid AS r FROM (
             SELECT rowid, tsv FROM search_index WHERE user_id = $1${below(from, 3)}${kinds}
             ORDER BY rowid DESC LIMIT ${entries}) recent
           WHERE tsv @@ $2::tsquery ORDER BY rowid DESC LIMIT ${want}`,
          args(from, userId, q),
        ),
      )
    /** The last of those entries, when she has that many. */
    const edgeOf = async (from: number | undefined, entries: number) =>
      toIds(
        await db.sql.unsafe(
          `SELECT rowid AS r FROM search_index WHERE user_id = $1${below(from, 2)}${kinds}
           ORDER BY rowid DESC OFFSET ${entries - 1} LIMIT 1`,
          args(from, userId),
        ),
      )[0] as number | undefined
    const ids = await scan(before, FIRST_SCAN, asked)
    if (ids.length === asked) return { ids, exact, more: true }
    let edge = await edgeOf(before, FIRST_SCAN)
    if (edge === undefined) return { ids, exact, more: false }
    // As many again in the next entries would fill the batch within RECENT_SCAN: read on.
    if (ids.length * (RECENT_SCAN / FIRST_SCAN) >= asked) {
      ids.push(...(await scan(edge, RECENT_SCAN - FIRST_SCAN, asked - ids.length)))
      if (ids.length === asked) return { ids, exact, more: true }
      edge = await edgeOf(edge, RECENT_SCAN - FIRST_SCAN)
      if (edge === undefined) return { ids, exact, more: false }
    }
    ids.push(
      ...toIds(
        await db.sql.unsafe(
          `SELECT rowid AS r FROM search_index
           WHERE user_id = $1 AND rowid < $3 AND tsv @@ $2::tsquery${kinds}
           ORDER BY rowid DESC LIMIT ${asked - ids.length}`,
          [userId, q, edge],
        ),
      ),
    )
    return { ids, exact, more: ids.length === asked }
  },
  async texts(userId: number, list: number[]): Promise<IndexRow[]> {
    if (!list.length) return []
    const rows = await db.sql.unsafe(
      `SELECT rowid AS r, title, body FROM search_index
       WHERE user_id = $1 AND rowid IN (${ids(2, list.length)})`,
      [userId, ...list],
    )
    return inOrder(
      (rows as { r: string | number; title: string; body: string }[]).map((row) => [
        Number(row.r),
        row.title,
        row.body,
      ]),
      list,
    )
  },
  async load(entity: Entity, userId: number, list: number[]) {
    if (!list.length) return []
    return (await db.sql.unsafe(LOAD[entity].replace('$IDS', ids(2, list.length)), [
      userId,
      ...list,
    ])) as Record<string, unknown>[]
  },
  async projectIds(userId: number, name: string) {
    const rows = await db.sql.unsafe(
      'SELECT id FROM projects WHERE user_id = $1 AND strpos(lower(name), lower($2)) > 0',
      [userId, name],
    )
    return (rows as { id: number }[]).map((r) => r.id)
  },
  async reportsWithProjects(userId: number, projects: number[]) {
    if (!projects.length) return []
    const rows = await db.sql.unsafe(
      `SELECT DISTINCT s.report_id AS id FROM section_items i
       JOIN report_sections s ON s.id = i.section_id
       WHERE i.user_id = $1 AND i.project_id IN (${ids(2, projects.length)})`,
      [userId, ...projects],
    )
    return (rows as { id: number }[]).map((r) => r.id)
  },
})
