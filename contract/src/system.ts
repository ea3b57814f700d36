// Response schemas of the public, unauthenticated routes (server/src/modules/system).
import { t } from 'elysia'

/** GET /api/config: what the web app needs before sign-in (nothing secret). */
export const PublicConfig = t.Object({
  helpWidget: t.Nullable(t.Object({ url: t.String(), siteKey: t.String() })),
  /** Whether SMTP is set up; the settings themselves are never answered. */
  mailEnabled: t.Boolean(),
})
export type PublicConfig = typeof PublicConfig.static

/** GET /api/health while the database answers (503 with ErrorBody when it does not). */
export const ServerHealth = t.Object({ status: t.Literal('ok') })
export type ServerHealth = typeof ServerHealth.static
