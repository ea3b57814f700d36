import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { configRoutes } from './config'
import { docsModule } from './docs'
import { healthRoutes } from './health'

/**
 * What the server says about itself, without a session: the load balancer's check
 * (/api/health), the web app's public configuration (/api/config) and the API's documentation
 * (/api/docs, /api/openapi.json).
 */
export function systemModule(ctx: AppContext) {
  return new Elysia().use(docsModule()).use(healthRoutes(ctx)).use(configRoutes(ctx))
}
