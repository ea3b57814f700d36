import { ErrorBody, UserSettings } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SettingsModel } from './model'
import { getSettings, type Settings, updateSettings } from './service'

const answer = (settings: Settings): UserSettings => settings

/**
 * The user's settings at /api/user-settings and, the same routes, at /api/settings (chat
 * delivery saves `webhook_urls` with `PUT /api/settings`).
 */
export function settingsModule(ctx: AppContext) {
  const routes = <const P extends string>(prefix: P) =>
    new Elysia({ prefix })
      .use(authPlugin(ctx))
      .get('/', async ({ user }) => answer(await getSettings(ctx, user.id)), {
        auth: true,
        response: { 200: UserSettings, 401: ErrorBody },
        detail: { tags: ['settings'] },
      })
      .put('/', async ({ user, body }) => answer(await updateSettings(ctx, user.id, body)), {
        auth: true,
        body: SettingsModel.update,
        response: { 200: UserSettings, 400: ErrorBody, 401: ErrorBody },
        detail: { tags: ['settings'] },
      })
  return new Elysia().use(routes('/api/user-settings')).use(routes('/api/settings'))
}
