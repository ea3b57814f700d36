// 'Copy as Markdown' and 'Copy for e-mail': the live report's brief, composed once
// (core/src/brief.ts), as Markdown (markdown.ts) or as the report e-mail's HTML or plain-text part
// (delivery/mail-render.ts), streamed in chunks made in slices of the event loop.
import type { AppContext } from '../../context'
import { findReport } from '../reports/read/find'
import { composeLive } from '../sending/brief/compose'
import { briefPartChunks } from '../sending/delivery/mail-render'
import { briefToMarkdownChunks } from './markdown'

export type ReportExportFormat = 'md' | 'html' | 'text'

const kinds = {
  md: { extension: 'md', type: 'text/markdown' },
  html: { extension: 'html', type: 'text/html' },
  text: { extension: 'txt', type: 'text/plain' },
} as const

/**
 * GET /api/reports/{uuid}/export?format=md|html|text: the live report ('Not sent yet', whatever
 * was sent before; Send and 'Send update' mail the edition). The report is found and composed
 * before any byte is written (a 404 is a 404); the text is then written a chunk at a time.
 */
export async function exportReport(
  ctx: AppContext,
  userId: number,
  uuid: string,
  format: ReportExportFormat,
) {
  const report = await findReport(ctx, userId, uuid)
  const { composed } = await composeLive(ctx, report)
  const { extension, type } = kinds[format]
  return {
    filename: `report-${report.week_start_date}.${extension}`,
    contentType: `${type}; charset=utf-8`,
    chunks:
      format === 'md' ? briefToMarkdownChunks(composed) : briefPartChunks(composed, null, format),
  }
}
