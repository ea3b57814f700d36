import { describe, expect, test } from 'bun:test'
import { signupsOverTwoWeeks } from '../../test/metric-weeks'
import { type MetricLine as MailMetric, metricCells } from './cells'

const metric = (m: Partial<MailMetric>): MailMetric => ({
  name: 'ARR',
  unit: '€k',
  direction: 'up',
  value: 430,
  previous_value: 455,
  history: [],
  flag: null,
  ...m,
})

describe('metrics in the e-mail', () => {
  test('value, change said better or worse by direction, the last 5 weeks and the flag', () => {
    const history = [1, 2, 3, 4, 5, 6].map((value, i) => ({
      week_start_date: `2026-06-0${i + 1}`,
      value,
    }))
    expect(metricCells(metric({ flag: 'missed_target', history }))).toEqual({
      value: '430 €k',
      change: '−25 €k (worse)',
      trend: '2 → 3 → 4 → 5 → 6',
      flag: 'Missed target',
    })
    expect(
      metricCells(metric({ direction: 'down', unit: '%', value: 2, previous_value: 2.5 })),
    ).toMatchObject({ value: '2%', change: '−0.5% (better)' })
    expect(metricCells(metric({ value: null }))).toMatchObject({
      value: 'Not entered',
      change: '—',
    })
    expect(metricCells(metric({ value: 5, previous_value: 5 })).change).toBe('No change')
  })

  test("the report's e-mail parts carry the Metrics table", async () => {
    const { ada, w2 } = await signupsOverTwoWeeks()
    const text = (await ada.get(`/api/reports/${w2.uuid}/export?format=text`)).text
    expect(text).toContain(
      'Metrics\n-------\nSignups: 60 (previous 130), −70 (worse) [130 → 60] — Missed target',
    )
    const html = (await ada.get(`/api/reports/${w2.uuid}/export?format=html`)).text
    expect(html).toContain('<h3')
    expect(html).toContain('>Missed target</span></td>')
  })
})
