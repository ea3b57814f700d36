// 'Copy as Markdown': the report with its brief's health table, asks, decisions and metrics.
import type { AppContext } from '../../context'
import { decisionsOfWeek } from '../decisions/service'
import { reportProjectHealth } from '../project-health/service'
import { reportMetrics } from '../report-metrics/service'
import { briefAsks } from '../reports/brief'
import { findReport } from '../reports/find'
import { namedReport } from '../reports/named'
import { reportToMarkdown } from './markdown'

/** GET /api/reports/{uuid}/export?format=md: the report as Markdown (markdown.ts). */
export async function exportReportMarkdown(ctx: AppContext, userId: number, uuid: string) {
  const found = await findReport(ctx, userId, uuid)
  const { report } = await namedReport(ctx, found)
  return {
    filename: `report-${report.week_start_date}.md`,
    markdown: reportToMarkdown({
      ...report,
      project_health: await reportProjectHealth(ctx.db, found),
      asks: await briefAsks(ctx, found),
      decisions: await decisionsOfWeek(ctx.db, found),
      metrics: await reportMetrics(ctx.db, found),
    }),
  }
}
