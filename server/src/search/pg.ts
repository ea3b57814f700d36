import type { PgCore } from '../db/pg/core'
import type { Entity } from './candidates'
import type { ParsedQuery } from './query'
import type { IndexRow } from './rank'
import { indexParts } from './tokenizer'

/**
 * Search on PostgreSQL: the table `search_index` (drizzle-pg/0001_triggers_and_search.sql), kept
 * exact by triggers in every writing transaction, with a GIN index over a tsvector of the text's
 * tokens made as SQLite's unicode61 tokenizer makes them. The index finds candidates (every token
 * of every word and phrase present, the last token of each word as a prefix); phrases (token
 * order) and the ranking are then checked by the same code as on SQLite (rank.ts), so both
 * engines answer the same results. Twin of src/search/sqlite.ts.
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
  section_item: `SELECT i.id, i.content, i.is_completed, i.item_type, i.project_id,
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

/** Candidates are checked afterwards (phrases): fetch this many times the window. */
const OVERFETCH = 2

export const pgSearch = (db: PgCore) => ({
  /** Nothing pending on PostgreSQL: the triggers index in the writing transaction. */
  async prepare() {},
  syncSoon() {},
  async newest(userId: number, codes: number[] | null, limit: number) {
    const rows = await db.sql.unsafe(
      `SELECT rowid AS r FROM search_index WHERE user_id = $1${typeFilter(codes)}
       ORDER BY rowid DESC LIMIT ${Number(limit)}`,
      [userId],
    )
    return (rows as { r: string | number }[]).map((row) => Number(row.r))
  },
  async matches(
    userId: number,
    codes: number[] | null,
    query: ParsedQuery,
    limit: number,
  ): Promise<{ rows: IndexRow[]; exact: boolean }> {
    const q = tsquery(query)
    if (q === null) return { rows: [], exact: true }
    const rows = await db.sql.unsafe(
      `SELECT rowid AS r, title, body FROM search_index
       WHERE user_id = $1 AND tsv @@ $2::tsquery${typeFilter(codes)}
       ORDER BY rowid DESC LIMIT ${Number(limit) * OVERFETCH}`,
      [userId, q],
    )
    return {
      rows: (rows as { r: string | number; title: string; body: string }[]).map((row) => [
        Number(row.r),
        row.title,
        row.body,
      ]),
      exact: false,
    }
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
