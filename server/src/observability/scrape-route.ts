import { timingSafeEqual } from 'node:crypto'
import { ErrorBody } from '@cadence/contract'
import { Elysia, t } from 'elysia'
import { routeRules } from '../lib/route-rules'
import type { Metrics } from './prometheus'

const sha = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest()

/**
 * GET /metrics, Prometheus's text format, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Without METRICS_TOKEN the route is
 * 404, as if it did not exist. Never cached.
 */
export function metricsRoute(metrics: Metrics | null, token: string | null) {
  const expected = token ? sha(token) : null
  return new Elysia().use(routeRules).get(
    '/metrics',
    async ({ request, set }) => {
      set.headers['cache-control'] = 'no-store'
      if (!metrics || !expected) {
        set.status = 404
        return { error: 'Not found' }
      }
      const given = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
      // Compared in constant time (of equal-length digests).
      if (!given || !timingSafeEqual(sha(given.trim()), expected)) {
        set.status = 401
        set.headers['www-authenticate'] = 'Bearer'
        return { error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' }
      }
      set.headers['content-type'] = metrics.registry.contentType
      return metrics.registry.metrics()
    },
    {
      rules: { public: true },
      response: { 200: t.String(), 401: ErrorBody, 404: ErrorBody },
      detail: { hide: true },
    },
  )
}
