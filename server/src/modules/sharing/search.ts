import type { SearchResult } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { ParsedQuery } from '../../search/query'
import { type IndexRow, rankRead } from '../../search/rank'
import { cutTitle } from '../../search/results'
import { hasText } from '../../search/tokenizer'

/** The newest questions searched: a board asks a handful a week, so years of them. */
export const QUESTIONS_SEARCHED = 2_000
/** Places questions may take among the user's own results, ahead of the index's. */
export const QUESTION_PLACES = 10

/**
 * Search over the readers' questions on her briefs (their text and the reader's name), matched
 * and ranked as the index would, among the newest QUESTIONS_SEARCHED: not in the index, read
 * whole like metrics. A question has no project, status or health, so those filters find none;
 * `type:question` finds them alone. For the author only: a question's asker is hers to see.
 */
export async function questionResults(
  { db }: AppContext,
  userId: number,
  query: ParsedQuery,
): Promise<SearchResult[]> {
  if (query.project !== null || query.status !== null || query.health !== null) return []
  if (query.types.length && !query.types.includes('question')) return []
  const text = hasText(query)
  if (!text && !query.types.length) return []
  const rows = await db.rows<{
    id: number
    name: string
    text: string
    report_uuid: string
    report_title: string | null
    week_start_date: string
  }>(sql`SELECT q.id, q.name, q.text, r.uuid AS report_uuid, r.title AS report_title,
      r.week_start_date
    FROM share_questions q JOIN reports r ON r.id = q.report_id
    WHERE q.user_id = ${userId} AND r.user_id = ${userId}
    ORDER BY q.id DESC LIMIT ${QUESTIONS_SEARCHED}`)
  const index: IndexRow[] = rows.map((q) => [q.id, q.name, q.text])
  const order = rankRead(index, query, text)
  const byId = new Map(rows.map((q) => [q.id, q]))
  return order.slice(0, QUESTION_PLACES).map((id) => {
    const q = byId.get(id)!
    return {
      type: 'question',
      id: q.id,
      title: cutTitle(q.text),
      content: q.text,
      name: q.name,
      report_uuid: q.report_uuid,
      report_title: q.report_title,
      week_start_date: q.week_start_date,
    }
  })
}
