import { describe, expect, test } from 'bun:test'
import { isUnusual, metricTrend, missesTarget, spread } from './trend'

const weeks = (values: number[], from = '2026-01-05') =>
  values.map((value, i) => {
    const d = new Date(`${from}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() + 7 * i)
    return { week_start_date: d.toISOString().slice(0, 10), value }
  })

describe('metric trend', () => {
  test('spread: mean and sample standard deviation', () => {
    expect(spread([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, sd: Math.sqrt(32 / 7) })
    expect(spread([3]).sd).toBe(0)
  })

  test('a usual move is not flagged; a move beyond two standard deviations of the last 8 changes is', () => {
    // Changes 1, -1, 2, -2, 1, -1, 2, -2: mean 0, sd ≈ 1.69; a +3 change stays within 2 sd (3.38).
    const base = [10, 11, 10, 12, 10, 11, 10, 12, 10]
    expect(isUnusual([...base, 13])).toBe(false)
    expect(isUnusual([...base, 14])).toBe(true)
    expect(isUnusual([...base, 6])).toBe(true)
  })

  test('only the last 8 earlier changes count', () => {
    // A huge early swing widens the spread only while it is among the last 8 changes.
    const wild = [0, 100, 0]
    const calm = [10, 11, 10, 11, 10, 11, 10, 11, 10]
    expect(isUnusual([...wild, ...calm.slice(0, 3), 20])).toBe(false)
    expect(isUnusual([...wild, ...calm, 20])).toBe(true)
  })

  test('fewer than 3 earlier changes never say unusual; flat history makes any move unusual', () => {
    expect(isUnusual([1, 2, 3, 100])).toBe(false)
    expect(isUnusual([5, 5, 5, 5, 5])).toBe(false)
    expect(isUnusual([5, 5, 5, 5, 6])).toBe(true)
  })

  test('a missed target follows the direction', () => {
    expect(missesTarget(90, 'up', 100)).toBe(true)
    expect(missesTarget(100, 'up', 100)).toBe(false)
    expect(missesTarget(110, 'down', 100)).toBe(true)
    expect(missesTarget(90, 'down', 100)).toBe(false)
    expect(missesTarget(0, 'up', null)).toBe(false)
  })

  test('value, previous value and history: sorted, this week last, later weeks left out', () => {
    const history = weeks([5, 6, 7, 8])
    const trend = metricTrend({
      week: history[2].week_start_date,
      direction: 'up',
      target: null,
      history: history.toReversed(),
    })
    expect(trend.value).toBe(7)
    expect(trend.previous_value).toBe(6)
    expect(trend.history.map((p) => p.value)).toEqual([5, 6, 7])
    expect(trend.flag).toBeNull()
  })

  test('no value this week: value null, previous the latest earlier, no flag', () => {
    const history = weeks([5, 6])
    const trend = metricTrend({ week: '2026-03-02', direction: 'up', target: 100, history })
    expect(trend).toMatchObject({ value: null, previous_value: 6, flag: null })
  })

  test('no history at all', () => {
    expect(metricTrend({ week: '2026-03-02', direction: 'down', target: 1, history: [] })).toEqual({
      value: null,
      previous_value: null,
      history: [],
      flag: null,
    })
  })

  test('a missed target is said before an unusual move; an unusual move on target is unusual', () => {
    const history = weeks([10, 11, 10, 11, 10, 11, 30])
    const week = history.at(-1)?.week_start_date ?? ''
    expect(metricTrend({ week, direction: 'down', target: 20, history }).flag).toBe('missed_target')
    expect(metricTrend({ week, direction: 'up', target: 20, history }).flag).toBe('unusual')
    expect(metricTrend({ week, direction: 'up', target: null, history }).flag).toBe('unusual')
  })
})
