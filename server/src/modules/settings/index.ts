import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SettingsModel } from './model'
import { getSettings, updateSettings } from './service'

export function settingsModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/user-settings' })
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
}
