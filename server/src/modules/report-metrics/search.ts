import type { SearchResult } from '@cadence/contract'
import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { metrics } from '../../db/schema'
import type { ParsedQuery } from '../../search/query'
import { type IndexRow, rankRead } from '../../search/rank'
import { hasText } from '../../search/tokenizer'

/**
 * Search over the account's metric names (and units), matched and ranked as the index would:
 * an account has at most 50 metrics, so they are read whole rather than kept in the index. A
 * metric has no project, status or health, so any of those filters finds none; `type:metric`
 * finds them alone.
 */
export async function metricResults(
  { db }: AppContext,
  userId: number,
  query: ParsedQuery,
): Promise<SearchResult[]> {
  if (query.project !== null || query.status !== null || query.health !== null) return []
  if (query.types.length && !query.types.includes('metric')) return []
  const text = hasText(query)
  if (!text && !query.types.length) return []
  const rows = await db.orm
    .select()
    .from(metrics)
    .where(eq(metrics.user_id, userId))
    .orderBy(asc(metrics.sort_order), asc(metrics.id))
  const index: IndexRow[] = rows.map((m) => [m.id, m.name, m.unit ?? ''])
  const order = rankRead(index, query, text)
  const byId = new Map(rows.map((m) => [m.id, m]))
  return order.map((id) => {
    const m = byId.get(id) as (typeof rows)[number]
    return { type: 'metric', id: m.id, name: m.name, title: m.name }
  })
}
