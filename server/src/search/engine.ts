import { sql } from 'drizzle-orm'
import { type Engine, truthy } from '../db'
import type { ParsedQuery, SearchHealth, SearchType } from './query'

/**
 * Search, the same on both engines: the engine's index (src/search/sqlite.ts: FTS5;
 * src/search/pg.ts: a GIN-indexed tsvector; reached as `db.q.search`) gives the newest matches of
 * the user with their text, ranked here; then each kind of hit is loaded from its own table in one
 * query per kind (a fixed number of queries whatever the number of hits).
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
  /**
   * Where a result lives: an item of the user's report, a team member's own list, a teammate's
   * sent report the user reads as their executive (issue 17: `team_member_uuid`/`_name` say whose),
   * or another person's item assigned to the user (`assigned_by_name` says whose).
   */
  source?: 'report' | 'team_member' | 'team_update' | 'assigned'
  assigned_by_name?: string
}

/**
 * A search of someone else's index on the reader's behalf: only sent reports and their items
 * (a teammate's team update, read by their executive), labelled with the team member they are.
 */
export type TeamUpdateScope = { team_member_uuid: string; team_member_name: string }
/** What a team update search may find: never the teammate's projects, people or own lists. */
const TEAM_UPDATE_ENTITIES: Entity[] = ['report', 'section_item']

export type Entity =
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
/** An index entry for ranking: rowid, title, body. */
export type IndexRow = [number, string, string]

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

/**
 * `health:`: the projects whose latest health (the newest report that set one) is `health`, and
 * the reports whose own Project health has a project at `health`.
 */
async function healthFilter(db: Engine, userId: number, health: SearchHealth) {
  const rows = await db.rows<{ project_id: number; report_id: number; health: string }>(sql`
    SELECT h.project_id, h.report_id, h.health FROM project_health h
    JOIN reports r ON r.id = h.report_id
    WHERE h.user_id = ${userId}
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

const toHit = (rowid: number): Hit => ({
  entity_type: ENTITY_OF_CODE[rowid % 8],
  entity_id: Math.floor(rowid / 8),
})

async function candidates(
  db: Engine,
  userId: number,
  query: ParsedQuery,
  allowed: Entity[] | null,
): Promise<Hit[]> {
  const asked = query.types.length ? [...new Set(query.types.flatMap((t) => ENTITIES_OF[t]))] : null
  const entities = allowed ? (asked ?? allowed).filter((e) => allowed.includes(e)) : asked
  if (entities && !entities.length) return []
  const codes = entities ? entities.map((e) => CODE[e]) : null
  const { rows, exact } = await db.q.search.matches(userId, codes, query, RANK_WINDOW)
  if (!rows.length && !hasText(query)) {
    // Text that is all punctuation (`!!`) and no filter: nothing to look for.
    if (!entities && query.project === null && query.status === null && query.health === null)
      return []
    // Filters only (`type:task status:active`): the newest of the kinds asked for.
    return (await db.q.search.newest(userId, codes, CANDIDATES)).map(toHit)
  }
  // PostgreSQL's index finds candidates; which of them match is decided as FTS5 decides it.
  const window = exact ? rows : rows.filter((row) => matchesAll(row, query)).slice(0, RANK_WINDOW)
  return rank(window, query).slice(0, CANDIDATES).map(toHit)
}

/** Whether the query has text to match (a word or phrase with a letter or digit). */
export const hasText = (query: ParsedQuery) => parts(query).length > 0

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

export type Part = { tokens: string[]; prefix: boolean }

export function parts(query: ParsedQuery): Part[] {
  return [
    ...query.phrases.map((p) => ({ tokens: ftsTokens(p), prefix: false })),
    ...query.terms.map((t) => ({ tokens: ftsTokens(t), prefix: true })),
  ].filter((p) => p.tokens.length)
}

/** Every word (as a prefix) and phrase (in order) of the query occurs in the entry's text. */
export function matchesAll([, title, body]: IndexRow, query: ParsedQuery) {
  const wanted = parts(query)
  const hits = new Array<number>(wanted.length).fill(0)
  scan(title, wanted, hits, 0, 1)
  scan(body, wanted, hits, 0, 1)
  return hits.every((h) => h > 0)
}

/** Occurrences of a term (its last token a prefix) or a phrase in a token list. */
export function count(tokens: string[], part: Part) {
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

const NOT_ASCII = /[\u0080-\uffff]/
/** A letter or digit of ASCII: what unicode61 keeps in a token (everything else separates). */
const isWord = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)
const lowerCode = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c)

/** Whether the token text[start, end) is `want` (or starts with it, for a prefix). */
function tokenIs(text: string, start: number, end: number, want: string, prefix: boolean) {
  const length = end - start
  if (prefix ? length < want.length : length !== want.length) return false
  for (let j = 0; j < want.length; j++)
    if (lowerCode(text.charCodeAt(start + j)) !== want.charCodeAt(j)) return false
  return true
}

/** Whether the part (a term, or a phrase's tokens in order) starts at the token text[start, end). */
function partAt(text: string, start: number, end: number, part: Part) {
  const n = part.tokens.length
  let s = start
  let e = end
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      s = e
      while (s < text.length && !isWord(text.charCodeAt(s))) s++
      if (s >= text.length) return false
      e = s
      while (e < text.length && isWord(text.charCodeAt(e))) e++
    }
    if (!tokenIs(text, s, e, part.tokens[k], part.prefix && k === n - 1)) return false
  }
  return true
}

/**
 * Counts, without building the text's tokens, each part's occurrences in `text` (added, times
 * `weight`, to hits[offset + p]) and returns the text's number of tokens. Ranking reads every row
 * of the window on every query: ASCII text (nearly all) is walked in place, so a search makes no
 * garbage per token (the heap under search load was most of the server's peak memory). Other text
 * goes through ftsTokens, which is the definition both paths agree with (rank.test.ts).
 */
export function scan(text: string, wanted: Part[], hits: number[], offset: number, weight: number) {
  if (NOT_ASCII.test(text)) {
    const tokens = ftsTokens(text)
    for (let p = 0; p < wanted.length; p++) hits[offset + p] += weight * count(tokens, wanted[p])
    return tokens.length
  }
  let tokens = 0
  let i = 0
  const length = text.length
  for (;;) {
    while (i < length && !isWord(text.charCodeAt(i))) i++
    if (i >= length) return tokens
    const start = i
    while (i < length && isWord(text.charCodeAt(i))) i++
    tokens++
    for (let p = 0; p < wanted.length; p++)
      if (partAt(text, start, i, wanted[p])) hits[offset + p] += weight
  }
}

/**
 * BM25 over the window (k1 1.2, b 0.75; a title hit weighs TITLE_WEIGHT body hits). Every row of
 * the window matches every part, so the parts' IDF is the same for all rows and drops out; newer
 * first on a tie. Done here rather than with FTS5's bm25(), which first counts each phrase over
 * the whole index (every user's rows): its cost grows with the company, this with the window.
 */
export function rank(rows: IndexRow[], query: ParsedQuery): number[] {
  const wanted = parts(query)
  if (!rows.length) return []
  const n = wanted.length
  // Per row: its weighted hits per part, in one flat array, and its length in tokens.
  const hits = new Array<number>(rows.length * n).fill(0)
  const lengths = new Array<number>(rows.length)
  let total = 0
  for (let r = 0; r < rows.length; r++) {
    const [, title, body] = rows[r]
    lengths[r] = scan(title, wanted, hits, r * n, TITLE_WEIGHT) + scan(body, wanted, hits, r * n, 1)
    total += lengths[r]
  }
  const average = total / rows.length || 1
  const k1 = 1.2
  const scored = rows.map(([rowid], r) => {
    let score = 0
    for (let p = 0; p < n; p++) {
      const tf = hits[r * n + p]
      score += (tf * (k1 + 1)) / (tf + k1 * (0.25 + (0.75 * lengths[r]) / average))
    }
    return { rowid, score }
  })
  scored.sort((x, y) => y.score - x.score || y.rowid - x.rowid)
  return scored.map((x) => x.rowid)
}

const taskStatus = (done: boolean) => (done ? 'completed' : 'active')

/**
 * The ranked results of one index: the user's own (no scope), or a teammate's sent reports read
 * by their executive (`scope`: `userId` is then the teammate's, and drafts never come out).
 */
export async function searchIndex(
  db: Engine,
  userId: number,
  query: ParsedQuery,
  limit: number,
  scope?: TeamUpdateScope,
): Promise<SearchResult[]> {
  await db.q.search.prepare()
  const hits = await candidates(db, userId, query, scope ? TEAM_UPDATE_ENTITIES : null)
  const rows = {} as Record<Entity, Map<number, Row>>
  for (const entity of Object.keys(CODE) as Entity[]) rows[entity] = new Map()
  /** Loads the rows of a chunk of hits: one query per kind present in the chunk. */
  const loadChunk = async (chunk: Hit[]) => {
    for (const entity of Object.keys(CODE) as Entity[]) {
      const ids = chunk.filter((h) => h.entity_type === entity).map((h) => h.entity_id)
      for (const row of await db.q.search.load(entity, userId, ids))
        rows[entity].set(Number(row.id), row)
    }
  }
  const named =
    query.project === null ? null : new Set(await db.q.search.projectIds(userId, query.project))
  const healthy = query.health === null ? null : await healthFilter(db, userId, query.health)
  const inProject =
    named && healthy
      ? new Set([...named].filter((id) => healthy.projects.has(id)))
      : (named ?? healthy?.projects ?? null)
  const byProject = named
    ? new Set(await db.q.search.reportsWithProjects(userId, [...(inProject ?? [])]))
    : null
  const reportsInProject =
    byProject && healthy
      ? new Set([...byProject].filter((id) => healthy.reports.has(id)))
      : (byProject ?? healthy?.reports ?? null)

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

  const found = (hit: Hit): SearchResult | null => {
    const row = rows[hit.entity_type].get(Number(hit.entity_id))
    if (!row) return null
    if (scope && !(TEAM_UPDATE_ENTITIES.includes(hit.entity_type) && truthy(row.is_submitted)))
      return null
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

  const toResult = (hit: Hit): SearchResult | null => {
    const result = found(hit)
    if (!result || !scope) return result
    // Labelled with whose it is; it opens in Team updates, not as the reader's report.
    return { ...result, source: 'team_update', ...scope }
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
    await loadChunk(chunk)
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
