import { describe, expect, test } from 'bun:test'
import { isUnusual, METRIC_MAX, metricTrend, missesTarget, spread } from './trend'

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

describe('finite maths', () => {
  test('values at the bound keep every figure finite; values past it are left out of the trend', () => {
    const allFinite = (t: ReturnType<typeof metricTrend>) =>
      [t.value, t.previous_value, ...t.history.map((p) => p.value)].every(
        (v) => v === null || Number.isFinite(v),
      )
    // Swinging between the bounds: the spread and the change stay finite, the flag is decided.
    const swing = weeks([METRIC_MAX, -METRIC_MAX, METRIC_MAX, -METRIC_MAX, METRIC_MAX, -METRIC_MAX])
    const edge = metricTrend({
      week: swing.at(-1)!.week_start_date,
      direction: 'up',
      target: null,
      history: swing,
    })
    expect(allFinite(edge)).toBe(true)
    expect(Number.isFinite(spread(swing.map((p) => p.value)).sd)).toBe(true)
    expect(edge.flag).toBeNull()
    // Stored before the bound (or imported past it): ±1e308, Infinity, NaN are not points.
    const stored = weeks([10, 1e308, 12, -1e308, Number.POSITIVE_INFINITY, Number.NaN, 14])
    const trend = metricTrend({
      week: stored.at(-1)!.week_start_date,
      direction: 'up',
      target: 1e308,
      history: stored,
    })
    expect(trend.history.map((p) => p.value)).toEqual([10, 12, 14])
    expect(trend).toMatchObject({ value: 14, previous_value: 12, flag: null })
    expect(allFinite(trend)).toBe(true)
    // A sparkline's scale (max − min) from these points is finite and non-zero.
    const values = trend.history.map((p) => p.value)
    expect(Number.isFinite(Math.max(...values) - Math.min(...values))).toBe(true)
  })
})
