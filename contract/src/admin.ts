// Response schemas of the admin area and the tour's event feed (server/src/modules/admin).
import { t } from 'elysia'

/** GET /api/admin/profile: whether the signed-in user is an administrator (any user may ask). */
export const AdminProfile = t.Object({ is_admin: t.Boolean() })
export type AdminProfile = typeof AdminProfile.static

/** GET /api/admin/stats. `onboardingCompletionRate` is a percentage with one decimal. */
export const AdminStats = t.Object({
  totalUsers: t.Number(),
  activeUsers: t.Number(),
  totalReports: t.Number(),
  onboardingCompletionRate: t.Number(),
})
export type AdminStats = typeof AdminStats.static

/** One user of GET /api/admin/users (newest first). */
export const AdminUser = t.Object({
  id: t.Number(),
  name: t.Nullable(t.String()),
  email: t.String(),
  created_at: t.String(),
  is_admin: t.Boolean(),
})
export type AdminUser = typeof AdminUser.static

export const OnboardingAction = t.Union([
  t.Literal('started'),
  t.Literal('completed'),
  t.Literal('skipped'),
  t.Literal('abandoned'),
])
export type OnboardingAction = typeof OnboardingAction.static

/** POST /api/onboarding/events (201): the event as stored. */
export const OnboardingEvent = t.Object({
  id: t.Number(),
  user_id: t.Number(),
  step: t.String(),
  action: OnboardingAction,
  duration_ms: t.Nullable(t.Number()),
  created_at: t.String(),
})
export type OnboardingEvent = typeof OnboardingEvent.static

/** GET /api/admin/onboarding-analytics. Times are in seconds, rates percentages. */
export const OnboardingAnalytics = t.Object({
  totalSessions: t.Number(),
  completionRate: t.Number(),
  averageCompletionTime: t.Number(),
  stepAnalytics: t.Array(
    t.Object({
      step: t.String(),
      averageTime: t.Number(),
      started: t.Number(),
      completed: t.Number(),
      skipped: t.Number(),
      abandoned: t.Number(),
    }),
  ),
})
export type OnboardingAnalytics = typeof OnboardingAnalytics.static

/**
 * A system setting (GET /api/admin/system-settings, PUT /api/admin/system-settings/{key}).
 * `key` repeats `setting_key` for clients of the first API version.
 */
export const SystemSetting = t.Object({
  id: t.Number(),
  setting_key: t.String(),
  key: t.String(),
  setting_type: t.Union([t.Literal('boolean'), t.Literal('number'), t.Literal('text')]),
  setting_value: t.String(),
  description: t.Nullable(t.String()),
  updated_at: t.String(),
})
export type SystemSetting = typeof SystemSetting.static

/** One entry of GET /api/admin/activity-log (newest first), with who did it. */
export const ActivityEntry = t.Object({
  id: t.Number(),
  user_id: t.Nullable(t.Number()),
  user_email: t.Nullable(t.String()),
  user_name: t.Nullable(t.String()),
  action: t.String(),
  entity_type: t.Nullable(t.String()),
  entity_id: t.Nullable(t.String()),
  details: t.Nullable(t.String()),
  created_at: t.String(),
})
export type ActivityEntry = typeof ActivityEntry.static
