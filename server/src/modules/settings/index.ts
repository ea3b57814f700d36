import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SettingsModel } from './model'
import { getSettings, updateSettings } from './service'

/**
 * The user's settings at /api/user-settings and, the same routes, at /api/settings (chat
 * delivery saves `webhook_urls` with `PUT /api/settings`).
 */
export function settingsModule(ctx: AppContext) {
  const routes = <const P extends string>(prefix: P) =>
    new Elysia({ prefix })
      .use(authPlugin(ctx))
      .get('/', ({ user }) => getSettings(ctx, user.id), {
        auth: true,
        detail: { tags: ['settings'] },
      })
      .put('/', ({ user, body }) => updateSettings(ctx, user.id, body), {
        auth: true,
        body: SettingsModel.update,
        detail: { tags: ['settings'] },
      })
  return new Elysia().use(routes('/api/user-settings')).use(routes('/api/settings'))
}
