import type { Db } from '../db'
import { type ParsedQuery, type SearchType, toMatchExpression } from './query'

/**
 * The SQLite side of search: the FTS5 table `search_index` (drizzle/0001_search.sql, kept in sync
 * by triggers; section items through search_pending, below) is asked for ranked hits, then each
 * kind of hit is loaded from its own table in one query per kind (a fixed number of queries
 * whatever the number of hits). A PostgreSQL port replaces this file and the migrations; the
 * parser and the result shape stay.
 */

export type SearchResult = {
  type: SearchType
  id: number
  uuid?: string
  title?: string | null
  summary?: string | null
  name?: string
  status?: string
  email?: string
  content?: string
  report_title?: string | null
  report_uuid?: string
  week_start_date?: string
  is_completed?: boolean
  is_submitted?: boolean
  project_name?: string | null
  team_member_uuid?: string
  team_member_name?: string
  /** Where a task or follow-up lives: an item of a report, or a team member's own list. */
  source?: 'report' | 'team_member'
}

type Entity =
  | 'report'
  | 'project'
  | 'team_member'
  | 'section_item'
  | 'member_task'
  | 'member_followup'
  | 'talking_point'

const ENTITIES_OF: Record<SearchType, Entity[]> = {
  task: ['section_item', 'member_task'],
  followup: ['section_item', 'member_followup'],
  // A standard report item is found as its report; a talking point as its team member.
  report: ['report', 'section_item'],
  project: ['project'],
  team_member: ['team_member', 'talking_point'],
}

/**
 * Ranking bound: a text query ranks at most the RANK_WINDOW newest of the user's matches. Older
 * matches are reached by a narrower query (more words, a phrase, a `type:` or `project:` filter).
 * Documented in docs/benchmarks.md.
 */
export const RANK_WINDOW = 400
/** At most this many hits are considered for the results (filters may drop some). */
const CANDIDATES = 400
/** Hits are turned into results in chunks of this size until the limit is reached. */
const CHUNK = 80
/** Column weights of the ranking: a hit in a title counts ten times one in a body. */
const TITLE_WEIGHT = 10
export const TITLE_LIMIT = 60

/** Task and follow-up titles: the content cut to 60 characters plus '…'. */
export function cutTitle(content: string) {
  const chars = [...content]
  return chars.length > TITLE_LIMIT ? `${chars.slice(0, TITLE_LIMIT).join('')}…` : content
}

type Hit = { entity_type: Entity; entity_id: number }
type Row = Record<string, unknown>

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/** Type codes of the FTS rowid (id * 8 + code), drizzle/0001_search.sql. */
const CODE: Record<Entity, number> = {
  report: 1,
  project: 2,
  team_member: 3,
  section_item: 4,
  member_task: 5,
  member_followup: 6,
  talking_point: 7,
}
const ENTITY_OF_CODE = Object.fromEntries(
  Object.entries(CODE).map(([entity, code]) => [code, entity as Entity]),
) as Record<number, Entity>

const toHit = (rowid: number): Hit => ({
  entity_type: ENTITY_OF_CODE[rowid % 8],
  entity_id: Math.floor(rowid / 8),
})

/**
 * The user's filter is a term of the MATCH on the indexed `owner` column, and the entity comes
 * from the rowid, so no stored row of the index is read; the text only matches title and body.
 */
const ownerTerm = (userId: number) => `owner : "u${userId}"`

function candidates(db: Db, userId: number, query: ParsedQuery): Hit[] {
  const entities = query.types.length
    ? [...new Set(query.types.flatMap((t) => ENTITIES_OF[t]))]
    : null
  const typeFilter = entities
    ? ` AND rowid % 8 IN (${entities.map((e) => CODE[e]).join(', ')})`
    : ''
  const text = toMatchExpression(query)
  if (text === null) {
    // Text that is all punctuation (`!!`) and no filter: nothing to look for.
    if (!entities && query.project === null && query.status === null) return []
    // Filters only (`type:task status:active`): the newest of the kinds asked for.
    const rows = db.sqlite
      .query(
        `SELECT rowid AS r FROM search_index WHERE search_index MATCH ?${typeFilter}
         ORDER BY rowid DESC LIMIT ${CANDIDATES}`,
      )
      .values(ownerTerm(userId)) as [number][]
    return rows.map(([r]) => toHit(r))
  }
  const match = `${ownerTerm(userId)} AND {title body} : (${text})`
  // The newest matches with their text (rowid order needs no ranking work in SQLite), ranked here.
  const rows = db.sqlite
    .query(
      `SELECT rowid AS r, title, body FROM search_index WHERE search_index MATCH ?${typeFilter}
       ORDER BY rowid DESC LIMIT ${RANK_WINDOW}`,
    )
    .values(match) as [number, string, string][]
  return rank(rows, query).slice(0, CANDIDATES).map(toHit)
}

/** Anything but printable ASCII (a space to a tilde). */
const NOT_PRINTABLE_ASCII = /[^ -~]/
const ASCII_SEPARATORS = /[^a-z0-9]+/

/** The tokens FTS5's unicode61 tokenizer (remove_diacritics 2) would make of a text. */
export function ftsTokens(text: string): string[] {
  // Printable ASCII (most text) has no marks to strip: skip the two copies that would make.
  if (!NOT_PRINTABLE_ASCII.test(text))
    return text.toLowerCase().split(ASCII_SEPARATORS).filter(Boolean)
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

type Part = { tokens: string[]; prefix: boolean }

/** Occurrences of a term (its last token a prefix) or a phrase in a token list. */
function count(tokens: string[], part: Part) {
  const n = part.tokens.length
  let hits = 0
  for (let i = 0; i + n <= tokens.length; i++) {
    let ok = true
    for (let k = 0; k < n && ok; k++) {
      const token = tokens[i + k]
      const want = part.tokens[k]
      ok = part.prefix && k === n - 1 ? token.startsWith(want) : token === want
    }
    if (ok) hits++
  }
  return hits
}

/**
 * BM25 over the window (k1 1.2, b 0.75; a title hit weighs TITLE_WEIGHT body hits). Every row of
 * the window matches every part, so the parts' IDF is the same for all rows and drops out; newer
 * first on a tie. Done here rather than with FTS5's bm25(), which first counts each phrase over
 * the whole index (every user's rows): its cost grows with the company, this with the window.
 */
export function rank(rows: [number, string, string][], query: ParsedQuery): number[] {
  const parts: Part[] = [
    ...query.phrases.map((p) => ({ tokens: ftsTokens(p), prefix: false })),
    ...query.terms.map((t) => ({ tokens: ftsTokens(t), prefix: true })),
  ].filter((p) => p.tokens.length)
  if (!rows.length) return []
  const docs = rows.map(([rowid, title, body]) => {
    const t = ftsTokens(title)
    const b = ftsTokens(body)
    return { rowid, t, b, length: t.length + b.length }
  })
  const average = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1
  const k1 = 1.2
  const scored = docs.map((d) => {
    let score = 0
    for (const part of parts) {
      const tf = TITLE_WEIGHT * count(d.t, part) + count(d.b, part)
      score += (tf * (k1 + 1)) / (tf + k1 * (0.25 + (0.75 * d.length) / average))
    }
    return { rowid: d.rowid, score }
  })
  scored.sort((x, y) => y.score - x.score || y.rowid - x.rowid)
  return scored.map((x) => x.rowid)
}

function load(db: Db, sql: string, userId: number, ids: number[]): Map<number, Row> {
  if (!ids.length) return new Map()
  const rows = db.sqlite
    .query(sql.replace('$IDS', placeholders(ids.length)))
    .all(userId, ...ids) as Row[]
  return new Map(rows.map((r) => [r.id as number, r]))
}

// `+user_id`: the owner check must not drive the lookup (an index on user_id would read all
// of the user's rows); the ids do, by primary key.
const SQL = {
  report: `SELECT id, uuid, title, summary, week_start_date, is_submitted FROM reports
           WHERE +user_id = ? AND id IN ($IDS)`,
  project: `SELECT id, uuid, name, status FROM projects WHERE +user_id = ? AND id IN ($IDS)`,
  team_member: `SELECT id, uuid, name, title, email FROM team_members
                WHERE +user_id = ? AND id IN ($IDS)`,
  section_item: `SELECT i.id, i.content, i.is_completed, i.item_type, i.project_id, p.name AS project_name,
                   r.id AS report_id, r.uuid AS report_uuid, r.title AS report_title,
                   r.summary AS report_summary, r.week_start_date, r.is_submitted
                 FROM section_items i
                 JOIN report_sections s ON s.id = i.section_id
                 JOIN reports r ON r.id = s.report_id
                 LEFT JOIN projects p ON p.id = i.project_id
                 WHERE +i.user_id = ? AND i.id IN ($IDS)`,
  member: (table: string) => `SELECT e.id, e.content, e.is_completed, e.project_id,
                   p.name AS project_name, m.id AS member_id, m.uuid AS team_member_uuid,
                   m.name AS team_member_name, m.title AS member_title, m.email AS member_email
                 FROM ${table} e
                 JOIN team_members m ON m.id = e.team_member_id
                 LEFT JOIN projects p ON p.id = e.project_id
                 WHERE +e.user_id = ? AND e.id IN ($IDS)`,
}

/** Ids of the user's projects whose name contains `name`, case-insensitively. */
function projectIds(db: Db, userId: number, name: string): Set<number> {
  const rows = db.sqlite
    .query(`SELECT id FROM projects WHERE user_id = ? AND instr(lower(name), lower(?)) > 0`)
    .all(userId, name) as { id: number }[]
  return new Set(rows.map((r) => r.id))
}

/** Reports (ids) with at least one item in one of `projects`. */
function reportsWithProjects(db: Db, userId: number, projects: Set<number>): Set<number> {
  if (!projects.size) return new Set()
  const rows = db.sqlite
    .query(
      `SELECT DISTINCT s.report_id AS id FROM section_items i
       JOIN report_sections s ON s.id = i.section_id
       WHERE i.user_id = ? AND i.project_id IN (${placeholders(projects.size)})`,
    )
    .all(userId, ...projects) as { id: number }[]
  return new Set(rows.map((r) => r.id))
}

const taskStatus = (done: boolean) => (done ? 'completed' : 'active')

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
export function applyPendingIndex(db: Pick<Db, 'sqlite'>, limit = Number.MAX_SAFE_INTEGER) {
  const { sqlite } = db
  const { bound } = sqlite.query(PENDING_BOUND).get(limit) as { bound: number | null }
  if (bound === null) return false
  sqlite
    .transaction(() => {
      for (const sql of APPLY_PENDING) sqlite.query(sql).run(bound)
    })
    .immediate()
  return true
}

/**
 * How long the background waits before applying pending entries, and how many at most at once:
 * applied together an entry costs ~3-6 µs (measured on the seeded database; ~20-40 µs when each
 * write indexed its own), so a turn holds the thread ≤ ~5 ms and keeps up with 10,000 writes/s.
 */
export const INDEX_SYNC_MS = 100
export const INDEX_SYNC_BATCH = 1000

const syncing = new WeakSet<object>()

/**
 * Applies pending index entries in the background, soon after a write: a bounded batch every
 * INDEX_SYNC_MS until none is left (a burst of writes becomes a few large segments, and no turn
 * holds the thread for long). Idempotent while a sync is scheduled; stops with the database.
 */
export function scheduleIndexSync(db: Pick<Db, 'sqlite'>) {
  const { sqlite } = db
  if (syncing.has(sqlite)) return
  syncing.add(sqlite)
  const tick = () => {
    let more = false
    try {
      more = applyPendingIndex(db, INDEX_SYNC_BATCH)
    } catch (error) {
      // Busy (another process writing): try again later. Closed: nothing left to do.
      more = !/closed/i.test(String(error))
    }
    if (more) setTimeout(tick, INDEX_SYNC_MS).unref()
    else syncing.delete(sqlite)
  }
  setTimeout(tick, INDEX_SYNC_MS).unref()
}

export function searchIndex(
  db: Db,
  userId: number,
  query: ParsedQuery,
  limit: number,
): SearchResult[] {
  applyPendingIndex(db)
  const hits = candidates(db, userId, query)
  const rows = {} as Record<Entity, Map<number, Row>>
  for (const entity of Object.keys(CODE) as Entity[]) rows[entity] = new Map()
  /** Loads the rows of a chunk of hits: one query per kind present in the chunk. */
  const loadChunk = (chunk: Hit[]) => {
    const idsOf = (entity: Entity) =>
      chunk.filter((h) => h.entity_type === entity).map((h) => h.entity_id)
    const add = (entity: Entity, sql: string) => {
      for (const [id, row] of load(db, sql, userId, idsOf(entity))) rows[entity].set(id, row)
    }
    add('report', SQL.report)
    add('project', SQL.project)
    add('team_member', SQL.team_member)
    add('section_item', SQL.section_item)
    add('member_task', SQL.member('member_tasks'))
    add('member_followup', SQL.member('member_followups'))
    add('talking_point', SQL.member('talking_points'))
  }
  const inProject = query.project === null ? null : projectIds(db, userId, query.project)
  const reportsInProject = inProject ? reportsWithProjects(db, userId, inProject) : null

  const reportResult = (r: Row, content?: string): SearchResult => ({
    type: 'report',
    id: r.id as number,
    uuid: r.uuid as string,
    title: (r.title as string | null) ?? null,
    summary: (r.summary as string | null) ?? null,
    week_start_date: r.week_start_date as string,
    is_submitted: Boolean(r.is_submitted),
    status: r.is_submitted ? 'submitted' : 'draft',
    ...(content === undefined ? {} : { content }),
  })
  const memberResult = (m: Row, content?: string): SearchResult => ({
    type: 'team_member',
    id: m.id as number,
    uuid: m.uuid as string,
    name: m.name as string,
    title: (m.title as string | null) ?? null,
    email: m.email as string,
    ...(content === undefined ? {} : { content }),
  })
  const taskResult = (type: 'task' | 'followup', row: Row, extra: Partial<SearchResult>) => ({
    type,
    id: row.id as number,
    title: cutTitle(row.content as string),
    content: row.content as string,
    is_completed: Boolean(row.is_completed),
    status: taskStatus(Boolean(row.is_completed)),
    project_name: (row.project_name as string | null) ?? null,
    ...extra,
  })

  const toResult = (hit: Hit): SearchResult | null => {
    const row = rows[hit.entity_type].get(Number(hit.entity_id))
    if (!row) return null
    const projectOk = (projectId: unknown) => !inProject || inProject.has(projectId as number)
    switch (hit.entity_type) {
      case 'report':
        if (reportsInProject && !reportsInProject.has(row.id as number)) return null
        return reportResult(row)
      case 'project':
        if (!projectOk(row.id)) return null
        return {
          type: 'project',
          id: row.id as number,
          uuid: row.uuid as string,
          name: row.name as string,
          title: row.name as string,
          status: row.status as string,
        }
      case 'team_member':
        if (inProject) return null
        return memberResult(row)
      case 'section_item': {
        if (!projectOk(row.project_id)) return null
        const type = row.item_type as 'standard' | 'task' | 'followup'
        if (type === 'standard') {
          const report = { ...row, id: row.report_id, uuid: row.report_uuid }
          return reportResult(
            { ...report, title: row.report_title, summary: row.report_summary },
            row.content as string,
          )
        }
        return taskResult(type, row, {
          source: 'report',
          report_title: (row.report_title as string | null) ?? null,
          report_uuid: row.report_uuid as string,
          week_start_date: row.week_start_date as string,
        })
      }
      case 'member_task':
      case 'member_followup':
        if (!projectOk(row.project_id)) return null
        return taskResult(hit.entity_type === 'member_task' ? 'task' : 'followup', row, {
          source: 'team_member',
          team_member_uuid: row.team_member_uuid as string,
          team_member_name: row.team_member_name as string,
        })
      case 'talking_point':
        if (!projectOk(row.project_id)) return null
        return memberResult(
          {
            id: row.member_id,
            uuid: row.team_member_uuid,
            name: row.team_member_name,
            title: row.member_title,
            email: row.member_email,
          },
          row.content as string,
        )
    }
  }

  const statusOk = (r: SearchResult) => {
    if (!query.status) return true
    if (r.type === 'team_member') return false
    return r.status === query.status
  }
  const results: SearchResult[] = []
  const seen = new Set<string>()
  for (let start = 0; start < hits.length && results.length < limit; start += CHUNK) {
    const chunk = hits.slice(start, start + CHUNK)
    loadChunk(chunk)
    for (const hit of chunk) {
      const result = toResult(hit)
      if (!result || !statusOk(result)) continue
      if (query.types.length && !query.types.includes(result.type)) continue
      const key =
        result.type === 'task' || result.type === 'followup'
          ? `${result.type}:${result.source}:${result.id}`
          : `${result.type}:${result.id}`
      if (seen.has(key)) continue
      seen.add(key)
      results.push(result)
      if (results.length >= limit) break
    }
  }
  return results
}
