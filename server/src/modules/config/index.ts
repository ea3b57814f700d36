import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { ConfigModel } from './model'

/** GET /api/config: public, no sign-in; nothing secret (SMTP is reported only as on or off). */
export function configModule({ config }: AppContext) {
  return new Elysia({ prefix: '/api/config' }).get(
    '/',
    (): ConfigModel.publicConfig => ({
      helpWidget: config.helpWidget
        ? { url: config.helpWidget.url, siteKey: config.helpWidget.siteKey }
        : null,
      mailEnabled: config.smtp !== null,
    }),
    { response: ConfigModel.publicConfig, detail: { tags: ['config'] } },
  )
}
