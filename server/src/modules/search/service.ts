import type { AppContext } from '../../context'
import { type SearchResult, searchIndex } from '../../search/engine'
import { isSearchable, parseSearchQuery } from '../../search/query'

export const RESULT_LIMIT = 50

/** Ranked results among the user's own objects; under 2 non-blank characters gives none. */
export function search(
  ctx: AppContext,
  userId: number,
  raw = '',
): {
  results: SearchResult[]
  query: string
} {
  if (!isSearchable(raw)) return { results: [], query: raw }
  return { results: searchIndex(ctx.db, userId, parseSearchQuery(raw), RESULT_LIMIT), query: raw }
}
