import { createTestApp, signIn } from './helpers'

/**
 * Ada's metric Signups (up is better, target 100) over two weekly reports: 130 in the week of
 * June 1, 60 in the week of June 8 (`w2`, the report the metrics tests read).
 */
export async function signupsOverTwoWeeks() {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Wins', type: 'standard' })
  const m = (await ada.api.metrics.post({ name: 'Signups', direction: 'up', target: 100 })).data!
  const w1 = (await ada.api.reports.post({ week_start_date: '2026-06-01' })).data!
  const w2 = (await ada.api.reports.post({ week_start_date: '2026-06-08' })).data!
  for (const [report, value] of [
    [w1, 130],
    [w2, 60],
  ] as const) {
    const put = await ada.api
      .reports({ uuid: report.uuid })
      ['metric-values']({ metric_id: m.id })
      .put({ value })
    if (put.status !== 200) throw new Error(`metric value refused: ${put.status}`)
  }
  return { app, ada, w2 }
}
