import { ErrorBody, ServerHealth } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { RETRY_AFTER_SECONDS } from '../../db/unavailable'
import { routeRules } from '../../lib/route-rules'

/**
 * GET /api/health, for a load balancer: no session, no data. 200 {status: 'ok'} while the
 * database answers, 503 {error} when it does not (an instance that cannot reach PostgreSQL is
 * taken out of rotation), with Retry-After like every 503. Never cached.
 */
export function healthRoutes({ db }: AppContext) {
  return new Elysia().use(routeRules).get(
    '/api/health',
    async ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      if (await db.ping()) return { status: 'ok' as const }
      set.status = 503
      set.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
      return { error: 'Database unavailable' }
    },
    {
      rules: { public: true },
      response: {
        200: ServerHealth,
        503: ErrorBody,
      },
      detail: { tags: ['health'], summary: 'Liveness and database check for load balancers' },
    },
  )
}
