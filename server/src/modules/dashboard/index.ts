import { AnswersSeen, DashboardData, ErrorBody, type ProjectHealth } from '@cadence/contract'
import { and, between, desc, eq, sql } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { reports, type sectionItems } from '../../db/schema'
import { compareNoCase } from '../../lib/order'
import { routeRules } from '../../lib/route-rules'
import { isoDate } from '../../lib/time'
import { asWeekday, currentWeekWindow } from '../../lib/weeks'
import { authPlugin } from '../auth/plugin'
import { reportProjectHealth } from '../project-health/service'
import { ageingClock, withAgeing } from '../section-items/ageing'
import { getSettings } from '../settings/service'
import { markAnswersSeen, needsYou } from './needs-you'

/**
 * The open items of the dashboard: every open item of her reports, newest copy of each carry-over
 * chain only, newest week first. Not bounded by weeks: a task left open in an old report is still
 * hers to do and must not leave 'Active Tasks' silently (the product spec lists open items, not
 * recent ones). The cost is bounded by her open items (index section_items_user_open) and the
 * LIMIT, never by her completed history.
 */
const openItemsSql = (userId: number, type: string) => sql`
SELECT i.*, r.title AS report_title, r.week_start_date AS report_week_start_date, r.uuid AS report_uuid,
  m.uuid AS assignee_uuid, m.name AS assignee_name, p.uuid AS project_uuid, p.name AS project_name
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
LEFT JOIN team_members m ON m.id = i.assigned_to_team_member_id AND m.user_id = i.user_id
LEFT JOIN projects p ON p.id = i.project_id AND p.user_id = i.user_id
WHERE i.user_id = ${userId} AND i.item_type = ${type} AND i.is_completed = 0
  AND r.user_id = ${userId}
  AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
ORDER BY r.week_start_date DESC, s.sort_order, i.sort_order, i.id
LIMIT 500`

/** The report whose week starts in the current-week window (see lib/weeks.ts), or null. */
export async function currentWeekReport(ctx: AppContext, userId: number, today = isoDate()) {
  const settings = await getSettings(ctx, userId)
  // A stored start day that is not a weekday counts as Saturday, as lib/weeks.ts's weekStart does.
  const window = currentWeekWindow(today, asWeekday(settings.weekly_start_day, 'saturday'))
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
  assignee_uuid: string | null
  assignee_name: string | null
  project_uuid: string | null
  project_name: string | null
}

const HEALTH_ORDER = { off_track: 0, at_risk: 1, on_track: 2 } as const

/** The current report's projects that have a health, worst first (then by name, as the table). */
function currentHealth(rows: ProjectHealth[]) {
  return rows
    .flatMap((r) =>
      r.health
        ? [
            {
              project_uuid: r.project_uuid,
              project_name: r.project_name,
              health: r.health,
              note: r.note,
            },
          ]
        : [],
    )
    .sort((a, b) => HEALTH_ORDER[a.health] - HEALTH_ORDER[b.health])
}

type Aged = OpenItem & { open_weeks: number }

/**
 * 'Waiting on': the open items assigned to team members, grouped by person; in each group the
 * oldest first, and the person whose oldest item has waited longest first.
 */
export function waitingOn(items: Aged[]) {
  const groups = new Map<string, { name: string; items: Aged[] }>()
  for (const item of items) {
    if (!item.assignee_uuid || item.is_completed) continue
    const group = groups.get(item.assignee_uuid) ?? { name: item.assignee_name ?? '', items: [] }
    group.items.push(item)
    groups.set(item.assignee_uuid, group)
  }
  return [...groups]
    .map(([uuid, g]) => {
      const sorted = [...g.items].sort((a, b) => b.open_weeks - a.open_weeks || a.id - b.id)
      return {
        team_member_uuid: uuid,
        name: g.name,
        item_ids: sorted.map((i) => i.id),
        oldest_open_weeks: sorted[0].open_weeks,
      }
    })
    .sort(
      (a, b) =>
        b.oldest_open_weeks - a.oldest_open_weeks ||
        b.item_ids.length - a.item_ids.length ||
        compareNoCase(a.name, b.name),
    )
}

/**
 * Open tasks and follow-ups, only the newest copy of each carry-over chain, with their ageing,
 * assignee and project (two queries per list whatever its length); the current report's project
 * health; 'Waiting on', grouped from the same lists.
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
  const current = await currentWeekReport(ctx, userId)
  const activeTasks = await open('task')
  const activeFollowups = await open('followup')
  const healthRows = current ? await reportProjectHealth(ctx.db, current) : []
  return {
    currentWeekReport: current,
    activeTasks,
    activeFollowups,
    projectHealth: currentHealth(healthRows),
    waitingOn: waitingOn([...activeTasks, ...activeFollowups]),
    needsYou: await needsYou(ctx, userId, {
      current,
      healthRows,
      stalledItems: [...activeTasks, ...activeFollowups],
    }),
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
    .post('/answers-seen', ({ user, body }) => markAnswersSeen(ctx, user.id, body.ids), {
      auth: true,
      body: t.Object({
        ids: t.Array(t.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
          minItems: 1,
          maxItems: 100,
        }),
      }),
      response: { 200: AnswersSeen, 400: ErrorBody, 401: ErrorBody },
      detail: { tags: ['dashboard'], summary: "Marks readers' answers to asks seen" },
    })
}
