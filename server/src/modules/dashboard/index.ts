import { DashboardData, ErrorBody } from '@cadence/contract'
import { and, between, desc, eq, sql } from 'drizzle-orm'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { reports, type sectionItems } from '../../db/schema'
import { routeRules } from '../../lib/route-rules'
import { isoDate } from '../../lib/time'
import { currentWeekWindow, type Weekday } from '../../lib/weeks'
import { authPlugin } from '../auth/plugin'
import { ageingClock, withAgeing } from '../section-items/ageing'
import { getSettings } from '../settings/service'

const openItemsSql = (userId: number, type: string) => sql`
SELECT i.*, r.title AS report_title, r.week_start_date AS report_week_start_date, r.uuid AS report_uuid
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
WHERE i.user_id = ${userId} AND i.item_type = ${type} AND i.is_completed = 0
  AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
ORDER BY r.week_start_date DESC, s.sort_order, i.sort_order, i.id
LIMIT 500`

/** The report whose week starts in the current-week window (see lib/weeks.ts), or null. */
export async function currentWeekReport(ctx: AppContext, userId: number, today = isoDate()) {
  const settings = await getSettings(ctx, userId)
  const window = currentWeekWindow(today, settings.weekly_start_day as Weekday)
  const [row] = await ctx.db.orm
    .select()
    .from(reports)
    .where(
      and(eq(reports.user_id, userId), between(reports.week_start_date, window.from, window.to)),
    )
    .orderBy(desc(reports.week_start_date))
    .limit(1)
  return row ?? null
}

type OpenItem = typeof sectionItems.$inferSelect & {
  report_title: string | null
  report_week_start_date: string
  report_uuid: string
}

/**
 * Open tasks and follow-ups, only the newest copy of each carry-over chain, with their ageing
 * (two queries per list whatever its length).
 */
export async function dashboard(ctx: AppContext, userId: number) {
  const clock = await ageingClock(ctx, userId)
  const open = async (type: 'task' | 'followup') =>
    withAgeing(
      ctx,
      userId,
      (await ctx.db.rows<OpenItem>(openItemsSql(userId, type))).map((r) => ({
        ...r,
        is_completed: false,
      })),
      clock,
    )
  return {
    currentWeekReport: await currentWeekReport(ctx, userId),
    activeTasks: await open('task'),
    activeFollowups: await open('followup'),
    recentReports: await ctx.db.orm
      .select()
      .from(reports)
      .where(eq(reports.user_id, userId))
      .orderBy(desc(reports.week_start_date))
      .limit(5),
  }
}

export function dashboardModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/dashboard' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/', ({ user }) => dashboard(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: DashboardData, 401: ErrorBody },
      detail: { tags: ['dashboard'] },
    })
}
