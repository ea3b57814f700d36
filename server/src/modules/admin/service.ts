import { asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { activityLog, onboardingEvents, systemSettings, users } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, NotFound } from '../../lib/errors'
import { likeContains } from '../../lib/order'
import { daysAgoIso, nowIso } from '../../lib/time'
import { endUserSessions, isAdmin } from '../auth/service'
import type { AdminModel } from './model'

const TOUR_STEPS = [
  'welcome',
  'preferences',
  'sections',
  'project',
  'team-member',
  'report',
  'completion',
]

const percent = (part: number, whole: number) =>
  whole ? Math.round((part / whole) * 1000) / 10 : 0

const scalar = async (ctx: AppContext, query: SQL) =>
  Number((await ctx.db.row<{ n: number | string | null }>(query))?.n ?? 0)

/**
 * activeUsers: users seen in the last 30 days — a request on a session (users.last_seen_at, kept
 * daily by the auth plugin), a session created (a sign-in), or an activity-log write.
 * onboardingCompletionRate: the percentage (one decimal) of all users whose onboarding is complete.
 */
export async function adminStats(ctx: AppContext) {
  const since = daysAgoIso(30)
  const totalUsers = await scalar(ctx, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM users`)
  return {
    totalUsers,
    activeUsers: await scalar(
      ctx,
      sql`SELECT CAST(count(*) AS INTEGER) AS n FROM users u WHERE u.last_seen_at >= ${since}
         OR EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.created_at >= ${since})
         OR EXISTS (SELECT 1 FROM activity_log a WHERE a.user_id = u.id AND a.created_at >= ${since})`,
    ),
    totalReports: await scalar(ctx, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM reports`),
    onboardingCompletionRate: percent(
      await scalar(
        ctx,
        sql`SELECT CAST(count(*) AS INTEGER) AS n FROM user_settings WHERE onboarding_complete = 1`,
      ),
      totalUsers,
    ),
  }
}

/** An admin ends every session of a user (404 for no such user); answers how many ended. */
export async function endSessionsOf(ctx: AppContext, adminId: number, userId: number) {
  const [found] = await ctx.db.orm.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!found) throw new NotFound('User not found')
  return endUserSessions(ctx, userId, adminId)
}

/** Users newest first; `search` matches e-mail or name, case-insensitively. */
export async function listUsers(ctx: AppContext, search = '') {
  const term = search.trim().toLowerCase()
  const rows = await ctx.db.orm
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      created_at: users.created_at,
      provider: users.provider,
    })
    .from(users)
    .where(
      term
        ? sql`(lower(${users.email}) LIKE ${likeContains(term)} ESCAPE '\\' OR lower(coalesce(${users.name}, '')) LIKE ${likeContains(term)} ESCAPE '\\')`
        : undefined,
    )
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(1000)
  return rows.map(({ provider, ...u }) => ({
    ...u,
    is_admin: isAdmin(ctx, u.email, provider),
  }))
}

export async function recordOnboardingEvent(
  ctx: AppContext,
  userId: number,
  input: AdminModel.onboardingEvent,
) {
  const [row] = await ctx.db.orm
    .insert(onboardingEvents)
    .values({
      user_id: userId,
      step: input.step.trim() || input.step,
      action: input.action,
      duration_ms: input.duration_ms ?? null,
    })
    .returning()
  return row
}

/**
 * A session is one user's run through the tour (their events). It is complete when the user has a
 * 'completed' event on the last step ('completion'). averageCompletionTime: over completed
 * sessions, the sum of the user's event durations in seconds. Step averageTime: the mean
 * duration_ms of that step's events that carry one, in seconds.
 */
export async function onboardingAnalytics(ctx: AppContext) {
  const events = await ctx.db.orm.select().from(onboardingEvents).orderBy(asc(onboardingEvents.id))
  const byUser = Map.groupBy(events, (e) => e.user_id)
  const completed = [...byUser.values()].filter((list) =>
    list.some((e) => e.step === 'completion' && e.action === 'completed'),
  )
  const seconds = (ms: number) => Math.round(ms / 100) / 10
  const totalMs = (list: typeof events) => list.reduce((sum, e) => sum + (e.duration_ms ?? 0), 0)
  const byStep = Map.groupBy(events, (e) => e.step)
  const steps = [
    ...TOUR_STEPS.filter((s) => byStep.has(s)),
    ...[...byStep.keys()].filter((s) => !TOUR_STEPS.includes(s)).sort(),
  ]
  return {
    totalSessions: byUser.size,
    completionRate: percent(completed.length, byUser.size),
    averageCompletionTime: completed.length
      ? seconds(completed.reduce((sum, list) => sum + totalMs(list), 0) / completed.length)
      : 0,
    stepAnalytics: steps.map((step) => {
      const list = byStep.get(step) ?? []
      const timed = list.filter((e) => e.duration_ms != null)
      const count = (action: string) => list.filter((e) => e.action === action).length
      return {
        step,
        averageTime: timed.length ? seconds(totalMs(timed) / timed.length) : 0,
        started: count('started'),
        completed: count('completed'),
        skipped: count('skipped'),
        abandoned: count('abandoned'),
      }
    }),
  }
}

const DEFAULT_SETTINGS = [
  {
    key: 'maintenance_mode',
    setting_value: 'false',
    setting_type: 'boolean' as const,
    description: 'Show a maintenance notice to users',
  },
  {
    key: 'allow_new_signups',
    setting_value: 'true',
    setting_type: 'boolean' as const,
    description: 'Let new users sign up',
  },
  {
    key: 'max_reports_per_user',
    setting_value: '520',
    setting_type: 'number' as const,
    description: 'Upper bound on reports per user',
  },
  {
    key: 'support_email',
    setting_value: 'support@example.com',
    setting_type: 'text' as const,
    description: 'Where users can reach support',
  },
]

/** Inserts the default system settings that are missing; never overwrites an edited value. */
export async function seedSystemSettings({ db }: AppContext) {
  await db.orm.insert(systemSettings).values(DEFAULT_SETTINGS).onConflictDoNothing()
}

/**
 * A setting as the API answers it (id, setting_key, setting_type, setting_value,
 * description). The table is keyed by `key`; the stable `id` is the setting's place in
 * DEFAULT_SETTINGS (the order they were always seeded in, so the same number SQLite's rowid gave
 * them, on both engines). `key` stays in the answer for clients of the first API version.
 */
const SETTING_IDS = new Map(DEFAULT_SETTINGS.map((s, i) => [s.key, i + 1]))
const withId = <T extends { setting_key: string }>(row: T) => ({
  id: SETTING_IDS.get(row.setting_key) ?? 0,
  ...row,
})
const settingColumns = {
  setting_key: systemSettings.key,
  key: systemSettings.key,
  setting_type: systemSettings.setting_type,
  setting_value: systemSettings.setting_value,
  description: systemSettings.description,
  updated_at: systemSettings.updated_at,
}

export async function listSystemSettings({ db }: AppContext) {
  const rows = await db.orm.select(settingColumns).from(systemSettings).orderBy(systemSettings.key)
  return rows.map(withId)
}

function checkValue(type: 'boolean' | 'number' | 'text', value: string) {
  if (type === 'boolean' && value !== 'true' && value !== 'false')
    throw new BadRequest("setting_value must be 'true' or 'false'")
  if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(value.trim()))
    throw new BadRequest('setting_value must be a number')
  return type === 'number' ? value.trim() : value
}

export async function updateSystemSetting(
  ctx: AppContext,
  userId: number,
  key: string,
  input: AdminModel.settingUpdate,
) {
  const [row] = await ctx.db.orm.select().from(systemSettings).where(eq(systemSettings.key, key))
  if (!row) throw new NotFound('Setting not found')
  const value = checkValue(row.setting_type, input.setting_value)
  await ctx.db.orm
    .update(systemSettings)
    .set({ setting_value: value, updated_at: nowIso() })
    .where(eq(systemSettings.key, key))
  const [updated] = await ctx.db.orm
    .select(settingColumns)
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
  await logActivity(ctx.db, {
    userId,
    action: 'system_setting_updated',
    entityType: 'system_setting',
    entityId: key,
    details: `${row.setting_value} → ${value}`,
  })
  return withId(updated)
}

/** Newest first, with who did it. */
export async function activityEntries({ db }: AppContext, limit = 100) {
  return await db.orm
    .select({
      id: activityLog.id,
      user_id: activityLog.user_id,
      user_email: users.email,
      user_name: users.name,
      action: activityLog.action,
      entity_type: activityLog.entity_type,
      entity_id: activityLog.entity_id,
      details: activityLog.details,
      created_at: activityLog.created_at,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.user_id))
    .orderBy(desc(activityLog.created_at), desc(activityLog.id))
    .limit(limit)
}
