import { ErrorBody, SearchResults } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SearchModel } from './model'
import { search } from './service'

export function searchModule(ctx: AppContext) {
  // Entries left pending by the last run (or by writes outside this process) are applied soon.
  ctx.db.q.search.syncSoon()
  return new Elysia({ prefix: '/api/search' })
    .use(authPlugin(ctx))
    .get('/', ({ user, query }) => search(ctx, user.id, query.query), {
      auth: true,
      query: SearchModel.query,
      response: { 200: SearchResults, 400: ErrorBody, 401: ErrorBody },
      detail: { tags: ['search'] },
    })
}
