import { and, between, desc, eq } from 'drizzle-orm'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { reports } from '../../db/schema'
import { isoDate } from '../../lib/time'
import { currentWeekWindow, type Weekday } from '../../lib/weeks'
import { authPlugin } from '../auth/plugin'
import { getSettings } from '../settings/service'

const OPEN_ITEMS_SQL = `
SELECT i.*, r.title AS report_title, r.week_start_date AS report_week_start_date, r.uuid AS report_uuid
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
WHERE i.user_id = ?1 AND i.item_type = ?2 AND i.is_completed = 0
ORDER BY r.week_start_date DESC, s.sort_order, i.sort_order, i.id
LIMIT 500`

/** The report whose week starts in the current-week window (see lib/weeks.ts), or null. */
export function currentWeekReport(ctx: AppContext, userId: number, today = isoDate()) {
  const settings = getSettings(ctx, userId)
  const window = currentWeekWindow(today, settings.weekly_start_day as Weekday)
  return (
    ctx.db
      .select()
      .from(reports)
      .where(
        and(eq(reports.user_id, userId), between(reports.week_start_date, window.from, window.to)),
      )
      .orderBy(desc(reports.week_start_date))
      .get() ?? null
  )
}

export function dashboard(ctx: AppContext, userId: number) {
  const open = (type: 'task' | 'followup') =>
    (ctx.db.sqlite.query(OPEN_ITEMS_SQL).all(userId, type) as Array<Record<string, unknown>>).map(
      (r) => ({ ...r, is_completed: false }),
    )
  return {
    currentWeekReport: currentWeekReport(ctx, userId),
    activeTasks: open('task'),
    activeFollowups: open('followup'),
    recentReports: ctx.db
      .select()
      .from(reports)
      .where(eq(reports.user_id, userId))
      .orderBy(desc(reports.week_start_date))
      .limit(5)
      .all(),
  }
}

export function dashboardModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/dashboard' })
    .use(authPlugin(ctx))
    .get('/', ({ user }) => dashboard(ctx, user.id), {
      auth: true,
      detail: { tags: ['dashboard'] },
    })
}
