import {
  AnswersSeen,
  DashboardData,
  DashboardItemsPage,
  ErrorBody,
  type ProjectHealth,
} from '@cadence/contract'
import { and, between, desc, eq, sql } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { reports, type sectionItems } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { compareNoCase } from '../../lib/order'
import { routeRules } from '../../lib/route-rules'
import { isoDate } from '../../lib/time'
import { asWeekday, currentWeekWindow } from '../../lib/weeks'
import { authPlugin } from '../auth/plugin'
import { reportProjectHealth } from '../project-health/service'
import { type AgeingClock, ageingClock, withAgeing } from '../section-items/ageing'
import { getSettings } from '../settings/service'
import { markAnswersSeen, needsYou } from './needs-you'

/**
 * The open items of the dashboard: every open item of her reports, newest copy of each carry-over
 * chain only, newest week first. Not bounded by weeks: a task left open in an old report is still
 * hers to do and must not leave 'Active Tasks' silently (the product spec lists open items, not
 * recent ones). The cost is bounded by her open items (index section_items_user_open) and the
 * LIMIT, never by her completed history. `after`: the keys of the last item of the page before
 * (keyset: week newest first, then section, then item order, then id).
 */
const OPEN_ITEMS_FROM = (userId: number, type: string) => sql`
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
LEFT JOIN team_members m ON m.id = i.assigned_to_team_member_id AND m.user_id = i.user_id
LEFT JOIN projects p ON p.id = i.project_id AND p.user_id = i.user_id
WHERE i.user_id = ${userId} AND i.item_type = ${type} AND i.is_completed = 0
  AND r.user_id = ${userId}
  AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)`

type PageKey = { week: string; section: number; order: number; id: number }

const openItemsSql = (userId: number, type: string, limit: number, after?: PageKey) => sql`
SELECT i.*, r.title AS report_title, r.week_start_date AS report_week_start_date, r.uuid AS report_uuid,
  m.uuid AS assignee_uuid, m.name AS assignee_name, p.uuid AS project_uuid, p.name AS project_name
${OPEN_ITEMS_FROM(userId, type)}${
  after
    ? sql`
  AND (r.week_start_date < ${after.week} OR (r.week_start_date = ${after.week} AND (
    s.sort_order > ${after.section} OR (s.sort_order = ${after.section} AND (
    i.sort_order > ${after.order} OR (i.sort_order = ${after.order} AND i.id > ${after.id}))))))`
    : sql``
}
ORDER BY r.week_start_date DESC, s.sort_order, i.sort_order, i.id
LIMIT ${limit}`

/**
 * The dashboard lists' first page: what the first screen shows (5 of each; the product spec) and
 * then some, so that most accounts get every open item in the one answer. The rest comes from
 * GET /api/dashboard/items, a page at a time.
 */
export const DASHBOARD_FIRST_PAGE = 25
/** The largest page of GET /api/dashboard/items. */
export const DASHBOARD_PAGE_MAX = 100
/** The most open items of one kind the dashboard reads for 'Needs you' (stalled) and totals. */
const OPEN_ITEMS_MAX = 500

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

type Kind = 'task' | 'followup'

/** Open items of one kind with their ageing (`is_completed` false: the query reads open ones). */
async function openItems(
  ctx: AppContext,
  userId: number,
  clock: AgeingClock,
  type: Kind,
  limit: number,
  after?: PageKey,
) {
  const rows = await ctx.db.rows<OpenItem>(openItemsSql(userId, type, limit, after))
  return withAgeing(
    ctx,
    userId,
    rows.map((r) => ({ ...r, is_completed: false })),
    clock,
  )
}

/**
 * Open tasks and follow-ups, only the newest copy of each carry-over chain, with their ageing,
 * assignee and project: the first DASHBOARD_FIRST_PAGE of each list and how many there are
 * (`activeTasksTotal`, `activeFollowupsTotal`; the rest from GET /api/dashboard/items); the
 * current report's project health; 'Waiting on', grouped from the items in the answer (its ids
 * are always among them); 'Needs you' reads the stalled items among the first OPEN_ITEMS_MAX.
 */
export async function dashboard(ctx: AppContext, userId: number) {
  const clock = await ageingClock(ctx, userId)
  const current = await currentWeekReport(ctx, userId)
  const allTasks = await openItems(ctx, userId, clock, 'task', OPEN_ITEMS_MAX)
  const allFollowups = await openItems(ctx, userId, clock, 'followup', OPEN_ITEMS_MAX)
  const activeTasks = allTasks.slice(0, DASHBOARD_FIRST_PAGE)
  const activeFollowups = allFollowups.slice(0, DASHBOARD_FIRST_PAGE)
  const healthRows = current ? await reportProjectHealth(ctx.db, current) : []
  return {
    currentWeekReport: current,
    activeTasks,
    activeFollowups,
    activeTasksTotal: await openTotal(ctx, userId, 'task', allTasks.length),
    activeFollowupsTotal: await openTotal(ctx, userId, 'followup', allFollowups.length),
    projectHealth: currentHealth(healthRows),
    waitingOn: waitingOn([...activeTasks, ...activeFollowups]),
    needsYou: await needsYou(ctx, userId, {
      current,
      healthRows,
      stalledItems: [...allTasks, ...allFollowups],
    }),
    recentReports: await ctx.db.orm
      .select()
      .from(reports)
      .where(eq(reports.user_id, userId))
      .orderBy(desc(reports.week_start_date))
      .limit(5),
  }
}

/** How many open items of a kind she has: `read` of them when fewer than the bound were read. */
async function openTotal(ctx: AppContext, userId: number, type: Kind, read: number) {
  if (read < OPEN_ITEMS_MAX) return read
  const row = await ctx.db.row<{ n: number }>(
    sql`SELECT count(*) AS n ${OPEN_ITEMS_FROM(userId, type)}`,
  )
  return Number(row?.n ?? 0)
}

/**
 * GET /api/dashboard/items: the open items of a kind after the given one (an item of hers of that
 * kind, open or not; another's or none: 404), in the dashboard's order; `next` is the last
 * item's id when there may be more.
 */
export async function dashboardItems(
  ctx: AppContext,
  userId: number,
  query: { type?: Kind; after?: number; limit?: number },
) {
  // Optional in the schema, so a request without a session is 401 before its query is read.
  if (query.type === undefined || query.after === undefined)
    throw new BadRequest('type (task or followup) and after (an item id) are required')
  const anchor = await ctx.db.row<PageKey>(sql`
    SELECT r.week_start_date AS week, s.sort_order AS section, i.sort_order AS "order", i.id AS id
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    JOIN reports r ON r.id = s.report_id
    WHERE i.id = ${query.after} AND i.user_id = ${userId} AND i.item_type = ${query.type}
      AND r.user_id = ${userId}`)
  if (!anchor) throw new NotFound('Item not found')
  const limit = query.limit ?? DASHBOARD_PAGE_MAX
  const clock = await ageingClock(ctx, userId)
  const items = await openItems(ctx, userId, clock, query.type, limit, {
    week: anchor.week,
    section: Number(anchor.section),
    order: Number(anchor.order),
    id: Number(anchor.id),
  })
  return { items, next: items.length === limit ? (items.at(-1)?.id ?? null) : null }
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
    .get('/items', ({ user, query }) => dashboardItems(ctx, user.id, query), {
      auth: true,
      query: t.Object({
        type: t.Optional(t.Union([t.Literal('task'), t.Literal('followup')])),
        after: t.Optional(t.Integer({ minimum: 1, maximum: 2_147_483_647 })),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: DASHBOARD_PAGE_MAX })),
      }),
      response: { 200: DashboardItemsPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail: {
        tags: ['dashboard'],
        summary: 'The open tasks or follow-ups after the given one, in the dashboard order',
      },
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
