import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'

/**
 * GET /api/health, for a load balancer: no session, no data. 200 {status: 'ok'} while the
 * database answers, 503 {error} when it does not (an instance that cannot reach PostgreSQL is
 * taken out of rotation). Never cached.
 */
export function healthModule({ db }: AppContext) {
  return new Elysia().get(
    '/api/health',
    async ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      if (await db.ping()) return { status: 'ok' as const }
      set.status = 503
      return { error: 'Database unavailable' }
    },
    {
      response: {
        200: t.Object({ status: t.Literal('ok') }),
        503: t.Object({ error: t.String() }),
      },
      detail: { tags: ['health'], summary: 'Liveness and database check for load balancers' },
    },
  )
}
