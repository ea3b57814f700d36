import type { ReportDetail } from '@cadence/ui'
import { cache } from './cache'
import { watchDeliveries } from './deliveries'
import { reloadEditions } from './editions'
import { reportState, updateReport } from './reports'
import { toIsoDate } from './weeks'

// Send through the review step (docs/architecture.md): Send opens the review, 'Send now' sends
// and then follows the deliveries so the report shows what really happened, per channel.

/** What the review step asks once more about: a report without a title, or without items. */
function reviewDoubts(report: Pick<ReportDetail, 'title' | 'sections'>) {
  return {
    untitled: !report.title?.trim(),
    empty: (report.sections ?? []).every((s) => s.items.length === 0),
  }
}

/**
 * 'Send now': PUT is_submitted with today's date. Throws when the server refuses (the review step
 * stays open with the message); then the lists and the editions learn of it and the deliveries
 * are followed.
 */
async function sendNow(uuid: string): Promise<void> {
  if (reportState.current?.uuid !== uuid) throw new Error('The report is not open')
  await updateReport({ is_submitted: true, sent_date: toIsoDate(new Date()) })
  cache.dashboard.invalidate()
  await cache.reports.load({ force: true }).catch(() => {})
  // The send froze the first edition: the page lists it.
  await reloadEditions(uuid)
  void watchDeliveries(uuid)
}

export { reviewDoubts, sendNow }
