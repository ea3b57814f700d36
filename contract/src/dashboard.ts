import { t } from 'elysia'
import { Health } from './project-health'
import { Report } from './reports'
import { SectionItemWithReport } from './section-items'

/**
 * An open task or follow-up of the dashboard: the item with its report and ageing, plus who it
 * is assigned to and its project (names and uuids, null when none).
 */
export const DashboardItem = t.Object({
  ...SectionItemWithReport.properties,
  assignee_uuid: t.Nullable(t.String()),
  assignee_name: t.Nullable(t.String()),
  project_uuid: t.Nullable(t.String()),
  project_name: t.Nullable(t.String()),
})
export type DashboardItem = typeof DashboardItem.static

/** A project of the current report that has a health (set there or carried from before). */
export const DashboardHealth = t.Object({
  project_uuid: t.String(),
  project_name: t.String(),
  health: Health,
  note: t.Nullable(t.String()),
})
export type DashboardHealth = typeof DashboardHealth.static

/**
 * 'Waiting on': open items assigned to one team member, by their ids in activeTasks and
 * activeFollowups (oldest first), with the age of the oldest.
 */
export const WaitingOn = t.Object({
  team_member_uuid: t.String(),
  name: t.String(),
  item_ids: t.Array(t.Number()),
  oldest_open_weeks: t.Number(),
})
export type WaitingOn = typeof WaitingOn.static

/**
 * GET /api/dashboard: the report of the current week (or null), the open tasks and follow-ups
 * (the newest copy of each carry-over chain, with their report, ageing, assignee and project),
 * the 5 latest reports, the current report's project health (worst first) and 'Waiting on'
 * (the open items assigned to team members, grouped by person, longest waiting first).
 * The reports are their columns only.
 */
export const DashboardData = t.Object({
  currentWeekReport: t.Nullable(Report),
  activeTasks: t.Array(DashboardItem),
  activeFollowups: t.Array(DashboardItem),
  recentReports: t.Array(Report),
  projectHealth: t.Array(DashboardHealth),
  waitingOn: t.Array(WaitingOn),
})
export type DashboardData = typeof DashboardData.static
