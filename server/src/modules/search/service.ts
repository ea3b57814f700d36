import type { SearchResult } from '@cadence/contract'
import type { AppContext } from '../../context'
import { isSearchable, type ParsedQuery, parseSearchQuery } from '../../search/query'
import { type IndexRow, rankRead } from '../../search/rank'
import { cutTitle, searchIndex } from '../../search/results'
import { hasText } from '../../search/tokenizer'
import { metricResults } from '../report-metrics/search'
import { questionResults } from '../sharing/search'
import { assignedItems } from '../team-roll-up/assigned'
import { sentResults } from '../team-roll-up/sent'
import { linkedMembers } from '../team-roll-up/updates'

export const RESULT_LIMIT = 50
/**
 * What others share with the user (team updates, items assigned to them) keeps at least this many
 * of the RESULT_LIMIT places when it matches, however many of the user's own objects match too.
 */
export const SHARED_PLACES = 10

/**
 * Ranked results among the user's own objects, then what is shared with them (team roll-up):
 * the sent reports of the teammates who linked their account (labelled
 * `source: 'team_update'` with whose they are) and the items others assigned to them (`source:
 * 'assigned'`). Under 2 non-blank characters gives none.
 */
export async function search(
  ctx: AppContext,
  userId: number,
  raw = '',
): Promise<{
  results: SearchResult[]
  query: string
}> {
  if (!isSearchable(raw)) return { results: [], query: raw }
  const query = parseSearchQuery(raw)
  // The account's metrics (a handful, not in the index) first, then readers' questions (at most
  // QUESTION_PLACES), then the index's own results.
  const own = [
    ...(await metricResults(ctx, userId, query)),
    ...(await questionResults(ctx, userId, query)),
    ...(await searchIndex(ctx.db, userId, query, RESULT_LIMIT)),
  ].slice(0, RESULT_LIMIT)
  const shared = [
    ...(await teamUpdateResults(ctx, userId, query)),
    ...(await assignedResults(ctx, userId, query)),
  ]
  const ownPlaces = Math.min(own.length, RESULT_LIMIT - Math.min(shared.length, SHARED_PLACES))
  const results = [...own.slice(0, ownPlaces), ...shared.slice(0, RESULT_LIMIT - ownPlaces)]
  return { results, query: raw }
}

/**
 * The executive's side: each linked teammate's sent reports, searched in their index with the
 * same query (src/search/results.ts keeps drafts and everything else of theirs out), then taken in
 * turn from each teammate so one long report does not crowd out the others.
 */
async function teamUpdateResults(ctx: AppContext, userId: number, query: ParsedQuery) {
  const members = await linkedMembers(ctx, userId)
  const lists: SearchResult[][] = []
  for (const m of members) {
    const scope = { team_member_uuid: m.uuid, team_member_name: m.name }
    const found = await searchIndex(ctx.db, m.linked_user_id, query, RESULT_LIMIT, scope)
    // As sent: each result re-read from its report's latest edition (team-roll-up/sent.ts).
    lists.push(await sentResults(ctx.db, m.linked_user_id, found, query))
  }
  const merged: SearchResult[] = []
  for (let i = 0; merged.length < RESULT_LIMIT && lists.some((l) => i < l.length); i++)
    for (const list of lists) if (i < list.length) merged.push(list[i])
  return merged.slice(0, RESULT_LIMIT)
}

/**
 * The member's side: the items 'Assigned to me' lists (bounded: open ones and those completed in
 * the last five weeks), matched and ranked as the index would. `health:` is about one's own
 * projects, so it finds none of these.
 */
async function assignedResults(
  ctx: AppContext,
  userId: number,
  query: ParsedQuery,
): Promise<SearchResult[]> {
  if (query.health !== null) return []
  if (query.status !== null && query.status !== 'active' && query.status !== 'completed') return []
  const text = hasText(query)
  // Neither words nor filters (`!!`): nothing to look for, as in the user's own search.
  if (!text && !query.types.length && query.project === null && query.status === null) return []
  const items = (await assignedItems(ctx, userId)).filter(
    (item) =>
      (!query.types.length || query.types.includes(item.item_type)) &&
      (query.status === null || (query.status === 'completed') === item.is_completed) &&
      (query.project === null ||
        (item.project_name ?? '').toLowerCase().includes(query.project.toLowerCase())),
  )
  const rows: IndexRow[] = items.map((item) => [item.id, '', item.content])
  // Ranked by its words; with filters only, in the list's own order, as 'Assigned to me' shows them.
  const order = rankRead(rows, query, text)
  const byId = new Map(items.map((item) => [item.id, item]))
  return order.slice(0, RESULT_LIMIT).map((id) => {
    const item = byId.get(id)!
    return {
      type: item.item_type,
      id: item.id,
      title: cutTitle(item.content),
      content: item.content,
      is_completed: item.is_completed,
      status: item.is_completed ? 'completed' : 'active',
      project_name: item.project_name,
      week_start_date: item.week_start_date,
      source: 'assigned',
      assigned_by_name: item.assigned_by_name,
    }
  })
}
