import { pathAndQuery } from '../lib/request-path'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './unavailable'

export const SCHEMA_NOT_CURRENT =
  'Database schema is not current: run the migrations (MIGRATE=only)'

/** How long a schema found older (or a database that did not answer) is believed before asking again. */
export const SCHEMA_RECHECK_MS = 2_000

/**
 * A version never half-works: until the database has every migration this code knows (the
 * migrations journal, db/migrations.ts), every API call answers `503 {error}` with Retry-After —
 * `/api/health` and `/api/health/ready` included, `/api/health/live` excepted — never a 200 into
 * the wrong schema nor a 500 from a function or column not there yet. A newer schema serves (its
 * migrations only add). The check is cheap: its answer is shared by the requests meanwhile,
 * asked again after 100 ms, then less often up to every `recheckMs` while the schema is behind,
 * and never again once current.
 */
export type SchemaGate = {
  /** Runs `run` when the schema is current, or answers the 503 itself. */
  answer: (
    request: Request,
    run: () => Response | Promise<Response>,
  ) => Response | Promise<Response>
  /** Whether the schema was found current (for good: it is never checked again). */
  readonly current: boolean
  /** Checks now (unless found current already); answers whether it is. */
  check: () => Promise<boolean>
}

export function schemaGate(
  schemaCurrent: (() => Promise<boolean>) | undefined,
  options: { recheckMs?: number; headers?: Record<string, string>; eager?: boolean } = {},
): SchemaGate {
  const recheckMs = options.recheckMs ?? SCHEMA_RECHECK_MS
  let current = !schemaCurrent
  let checkedAt = Number.NEGATIVE_INFINITY
  // Soon after a start the schema is usually being migrated (a few hundred ms): look again after
  // 100 ms, doubling up to recheckMs, so a new instance serves as soon as its migration is done.
  let wait = Math.min(100, recheckMs)
  let checking: Promise<boolean> | null = null
  let reason = SCHEMA_NOT_CURRENT

  const check = (): Promise<boolean> => {
    if (current) return Promise.resolve(true)
    checking ??= (async () => {
      try {
        current = await (schemaCurrent as () => Promise<boolean>)()
        reason = SCHEMA_NOT_CURRENT
      } catch (error) {
        // The database did not answer: say so, not that the schema is behind.
        reason = isDatabaseUnavailable(error) ? UNAVAILABLE_MESSAGE : SCHEMA_NOT_CURRENT
      } finally {
        checkedAt = performance.now()
        checking = null
        wait = Math.min(wait * 2, recheckMs)
      }
      return current
    })()
    return checking
  }

  const refuse = () =>
    new Response(JSON.stringify({ error: reason }), {
      status: 503,
      headers: {
        ...options.headers,
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'retry-after': String(RETRY_AFTER_SECONDS),
      },
    })

  const gated = (request: Request) => {
    const { pathname } = pathAndQuery(request.url)
    return pathname.startsWith('/api/') && pathname !== '/api/health/live'
  }

  if (options.eager !== false && schemaCurrent) void check()

  return {
    get current() {
      return current
    },
    check,
    answer(request, run) {
      if (current || !gated(request)) return run()
      const due = checking ?? (performance.now() - checkedAt >= wait ? check() : null)
      if (!due) return refuse()
      return due.then((ok) => (ok ? run() : refuse()))
    },
  }
}
