import {
  ActivityEntry,
  AdminStats,
  AdminUser,
  ErrorBody,
  OnboardingAnalytics,
  OnboardingEvent,
  SystemSetting,
} from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { AdminModel } from './model'
import {
  activityEntries,
  adminStats,
  endSessionsOf,
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
  /** The errors of every admin route: not signed in, not an administrator. */
  const denied = { 401: ErrorBody, 403: ErrorBody }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .post(
      '/onboarding/events',
      ({ user, body, set }) => {
        set.status = 201
        return recordOnboardingEvent(ctx, user.id, body)
      },
      {
        auth: true,
        body: AdminModel.onboardingEvent,
        response: { 201: OnboardingEvent, 400: ErrorBody, 401: ErrorBody },
        detail: { tags: ['onboarding'] },
      },
    )
    .get('/admin/stats', () => adminStats(ctx), {
      admin: true,
      response: { 200: AdminStats, ...denied },
      detail,
    })
    .get('/admin/users', ({ query }) => listUsers(ctx, query.search), {
      admin: true,
      query: AdminModel.usersQuery,
      response: { 200: t.Array(AdminUser), 400: ErrorBody, ...denied },
      detail,
    })
    .get('/admin/onboarding-analytics', () => onboardingAnalytics(ctx), {
      admin: true,
      response: { 200: OnboardingAnalytics, ...denied },
      detail,
    })
    .get(
      '/admin/system-settings',
      async () => {
        await seeded
        return listSystemSettings(ctx)
      },
      { admin: true, response: { 200: t.Array(SystemSetting), ...denied }, detail },
    )
    .put(
      '/admin/system-settings/:key',
      async ({ user, params, body }) => {
        await seeded
        return updateSystemSetting(ctx, user.id, params.key, body)
      },
      {
        admin: true,
        params: AdminModel.settingParams,
        body: AdminModel.settingUpdate,
        response: { 200: SystemSetting, 400: ErrorBody, 404: ErrorBody, ...denied },
        detail,
      },
    )
    .post(
      '/admin/users/:id/sessions/end',
      async ({ user, params }) => ({ ended: await endSessionsOf(ctx, user.id, params.id) }),
      {
        admin: true,
        params: AdminModel.userParams,
        response: {
          200: t.Object({ ended: t.Integer({ minimum: 0 }) }),
          400: ErrorBody,
          404: ErrorBody,
          ...denied,
        },
        detail: { ...detail, summary: "End all of a user's sessions (signs them out everywhere)" },
      },
    )
    .get('/admin/activity-log', ({ query }) => activityEntries(ctx, query.limit), {
      admin: true,
      query: AdminModel.logQuery,
      response: { 200: t.Array(ActivityEntry), 400: ErrorBody, ...denied },
      detail,
    })
}
export { adminProfileModule } from './profile'
