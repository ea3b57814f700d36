import { ErrorBody, SearchResults } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SearchModel } from './model'
import { search } from './service'
import { searchTurns } from './turns'

export function searchModule(ctx: AppContext) {
  // Entries left pending by the last run (or by writes outside this process) are applied soon.
  ctx.db.q.search.syncSoon()
  const turn = searchTurns()
  return new Elysia({ prefix: '/api/search' }).use(authPlugin(ctx)).get(
    '/',
    ({ user, query, request }) =>
      turn(
        user.id,
        request.signal,
        () => search(ctx, user.id, query.query),
        // The client went away while it waited: nobody reads this answer.
        () => ({ results: [], query: query.query ?? '' }),
      ),
    {
      auth: true,
      query: SearchModel.query,
      response: { 200: SearchResults, 400: ErrorBody, 401: ErrorBody },
      detail: { tags: ['search'] },
    },
  )
}
