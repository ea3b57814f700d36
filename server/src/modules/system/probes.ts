import { ErrorBody, ServerHealth } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { RETRY_AFTER_SECONDS } from '../../db/unavailable'
import { routeRules } from '../../lib/route-rules'

/**
 * The orchestrator's probes, no session, never cached:
 * - GET /api/health/live: the process serves (no database: a database outage must not get every
 *   instance restarted);
 * - GET /api/health/ready: the database answers within its timeout (DATABASE_PING_TIMEOUT) and
 *   has every migration of this version; 503 {error} with Retry-After otherwise (the instance is
 *   taken out of rotation until it is).
 */
export function probeRoutes({ db }: AppContext) {
  const options = (summary: string) => ({
    rules: { public: true as const },
    response: { 200: ServerHealth, 503: ErrorBody },
    detail: { tags: ['health'], summary },
  })
  return new Elysia()
    .use(routeRules)
    .get(
      '/api/health/live',
      ({ set }) => {
        set.headers['cache-control'] = 'no-store'
        return { status: 'ok' as const }
      },
      options('Liveness: the process answers (no database)'),
    )
    .get(
      '/api/health/ready',
      async ({ set }) => {
        set.headers['cache-control'] = 'no-store'
        const refuse = (error: string) => {
          set.status = 503
          set.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
          return { error }
        }
        if (!(await db.ping())) return refuse('Database unavailable')
        let current: boolean
        try {
          current = (await db.schemaCurrent?.()) ?? true
        } catch {
          return refuse('Database unavailable')
        }
        if (!current)
          return refuse('Database schema is not current: run the migrations (MIGRATE=only)')
        return { status: 'ok' as const }
      },
      options('Readiness: the database answers in time and its schema is current'),
    )
}
