import { PublicConfig } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'

/** GET /api/config: public, no sign-in; nothing secret (SMTP is reported only as on or off). */
export function configRoutes({ config }: AppContext) {
  return new Elysia({ prefix: '/api/config' }).use(routeRules).get(
    '/',
    (): PublicConfig => ({
      helpWidget: config.helpWidget
        ? { url: config.helpWidget.url, siteKey: config.helpWidget.siteKey }
        : null,
      mailEnabled: config.smtp !== null,
    }),
    { rules: { public: true }, response: { 200: PublicConfig }, detail: { tags: ['config'] } },
  )
}
