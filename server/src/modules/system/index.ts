import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import type { Metrics } from '../../observability'
import { metricsRoute } from '../../observability/scrape-route'
import { configRoutes } from './config'
import { docsModule } from './docs'
import { healthRoutes } from './health'
import { probeRoutes } from './probes'

/**
 * What the server says about itself, without a session: the load balancer's check
 * (/api/health), the orchestrator's probes (/api/health/live, /api/health/ready), the metrics
 * (/metrics, with METRICS_TOKEN), the web app's public configuration (/api/config) and the API's
 * documentation (/api/docs, /api/openapi.json).
 */
export function systemModule(
  ctx: AppContext,
  { metrics = null }: { metrics?: Metrics | null } = {},
) {
  return new Elysia()
    .use(docsModule())
    .use(healthRoutes(ctx))
    .use(probeRoutes(ctx))
    .use(metricsRoute(metrics, ctx.config.ops.metricsToken))
    .use(configRoutes(ctx))
}
