import type { AppContext } from '../../context'
import { type SearchResult, searchIndex } from '../../search/engine'
import { isSearchable, parseSearchQuery } from '../../search/query'

export const RESULT_LIMIT = 50

/** Ranked results among the user's own objects; under 2 non-blank characters gives none. */
export async function search(
  ctx: AppContext,
  userId: number,
  raw = '',
): Promise<{
  results: SearchResult[]
  query: string
}> {
  if (!isSearchable(raw)) return { results: [], query: raw }
  const results = await searchIndex(ctx.db, userId, parseSearchQuery(raw), RESULT_LIMIT)
  return { results, query: raw }
}

/**
 * To call after writing indexed rows on a hot path: their index entries, which may be left
 * pending (src/search/engine.ts), are applied in the background soon. Search never needs it to be
 * correct (it applies what is pending first); it keeps that work off the queries.
 */
export function indexSoon(ctx: AppContext) {
  ctx.db.q.search.syncSoon()
}
