import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { AdminModel } from './model'
import {
  activityEntries,
  adminStats,
  listSystemSettings,
  listUsers,
  onboardingAnalytics,
  recordOnboardingEvent,
  seedSystemSettings,
  updateSystemSetting,
} from './service'

/** The admin area (every route 403 for non-admins) and the tour's event feed (any signed-in user). */
export function adminModule(ctx: AppContext) {
  // The defaults are in place before any settings route answers (idempotent on every instance).
  const seeded = seedSystemSettings(ctx).catch((error) =>
    console.error('Could not seed the system settings', error),
  )
  const detail = { tags: ['admin'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .post(
      '/onboarding/events',
      ({ user, body, set }) => {
        set.status = 201
        return recordOnboardingEvent(ctx, user.id, body)
      },
      { auth: true, body: AdminModel.onboardingEvent, detail: { tags: ['onboarding'] } },
    )
    .get('/admin/stats', () => adminStats(ctx), { admin: true, detail })
    .get('/admin/users', ({ query }) => listUsers(ctx, query.search), {
      admin: true,
      query: AdminModel.usersQuery,
      detail,
    })
    .get('/admin/onboarding-analytics', () => onboardingAnalytics(ctx), { admin: true, detail })
    .get(
      '/admin/system-settings',
      async () => {
        await seeded
        return listSystemSettings(ctx)
      },
      { admin: true, detail },
    )
    .put(
      '/admin/system-settings/:key',
      async ({ user, params, body }) => {
        await seeded
        return updateSystemSetting(ctx, user.id, params.key, body)
      },
      { admin: true, params: AdminModel.settingParams, body: AdminModel.settingUpdate, detail },
    )
    .get('/admin/activity-log', ({ query }) => activityEntries(ctx, query.limit), {
      admin: true,
      query: AdminModel.logQuery,
      detail,
    })
}
