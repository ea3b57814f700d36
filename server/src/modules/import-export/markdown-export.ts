// 'Copy as Markdown': the live report's brief, composed once (core/src/brief.ts), as Markdown.
import type { AppContext } from '../../context'
import { composeLive } from '../reports/brief-compose'
import { findReport } from '../reports/find'
import { briefToMarkdownSliced } from './markdown'

/** GET /api/reports/{uuid}/export?format=md: the report as Markdown (markdown.ts). */
export async function exportReportMarkdown(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const { composed } = await composeLive(ctx, report)
  return {
    filename: `report-${report.week_start_date}.md`,
    markdown: await briefToMarkdownSliced(composed),
  }
}
