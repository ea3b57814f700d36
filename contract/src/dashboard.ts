import { t } from 'elysia'
import { Report } from './reports'
import { SectionItemWithReport } from './section-items'

/**
 * GET /api/dashboard: the report of the current week (or null), the open tasks and follow-ups
 * (the newest copy of each carry-over chain, with their report and ageing), the 5 latest reports.
 * The reports are their columns only.
 */
export const DashboardData = t.Object({
  currentWeekReport: t.Nullable(Report),
  activeTasks: t.Array(SectionItemWithReport),
  activeFollowups: t.Array(SectionItemWithReport),
  recentReports: t.Array(Report),
})
export type DashboardData = typeof DashboardData.static
