import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'

describe('metrics in the Markdown copy', () => {
  test('a quoted table after the health table; importing the Markdown back adds no item', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.post('/api/section-templates', { name: 'Wins', type: 'standard' })
    const m = (await ada.post('/api/metrics', { name: 'Signups', direction: 'up', target: 100 }))
      .json
    const w1 = (await ada.post('/api/reports', { week_start_date: '2026-06-01' })).json
    const w2 = (await ada.post('/api/reports', { week_start_date: '2026-06-08' })).json
    await ada.put(`/api/reports/${w1.uuid}/metric-values/${m.id}`, { value: 130 })
    await ada.put(`/api/reports/${w2.uuid}/metric-values/${m.id}`, { value: 60 })
    const md = (await ada.get(`/api/reports/${w2.uuid}/export?format=md`)).text
    expect(md).toContain(
      [
        '> **Metrics**',
        '>',
        '> | Metric | This week | Since last week | Last weeks | Flag |',
        '> | --- | --- | --- | --- | --- |',
        '> | Signups | 60 | −70 (worse) | 130 → 60 | Missed target |',
      ].join('\n'),
    )
    const empty = (await ada.post('/api/reports', { week_start_date: '2026-06-15' })).json
    const imported = await ada.post(`/api/reports/${empty.uuid}/import`, { text: md })
    expect(imported.status).toBe(200)
    expect(imported.json.importedItems).toBe(0)
  })
})
