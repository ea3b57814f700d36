import { describe, expect, test } from 'bun:test'
import { signupsOverTwoWeeks } from '../../test/metric-weeks'

describe('metrics in the Markdown copy', () => {
  test('a quoted table after the health table; importing the Markdown back adds no item', async () => {
    const { ada, w2 } = await signupsOverTwoWeeks()
    const md = (await ada.get(`/api/reports/${w2.uuid}/export?format=md`)).text
    expect(md).toContain(
      [
        '> **Metrics**',
        '>',
        '> | Metric | This week | Previous | Since last week | Last weeks | Flag |',
        '> | --- | --- | --- | --- | --- | --- |',
        '> | Signups | 60 | 130 | −70 (worse) | 130 → 60 | Missed target |',
      ].join('\n'),
    )
    const empty = (await ada.api.reports.post({ week_start_date: '2026-06-15' })).data!
    const imported = await ada.api.reports({ uuid: empty.uuid }).import.post({ text: md })
    expect(imported.status).toBe(200)
    expect(imported.data?.importedItems).toBe(0)
  })
})
