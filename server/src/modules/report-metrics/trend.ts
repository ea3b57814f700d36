/**
 * A metric's trend on one report, from its recorded values: written once, pure, unit-tested
 * (trend.test.ts). The service feeds it the values of the last 13 weeks up to the report's week.
 */

export type Direction = 'up' | 'down'
export type Point = { week_start_date: string; value: number }
export type Flag = null | 'missed_target' | 'unusual'

/** How many weeks of history a report shows, its own week included. */
export const HISTORY_WEEKS = 13
/** How many earlier weekly changes set what a usual move is. */
export const CHANGE_WINDOW = 8
/** Fewer earlier changes than this say nothing about what is usual. */
export const MIN_CHANGES = 3

/**
 * The largest size of a metric's value or target: |v| ≤ 1e15 (a value route refuses more with
 * 400). Within it every sum, difference and square below is finite; a value stored before this
 * limit, or imported past it, is left out of the trend (never NaN or Infinity in a sparkline).
 */
export const METRIC_MAX = 1e15
export const withinMetricRange = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= METRIC_MAX

/** Mean and sample standard deviation. */
export function spread(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const variance =
    values.length > 1
      ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1)
      : 0
  return { mean, sd: Math.sqrt(variance) }
}

/**
 * Whether the latest change (the last point minus the one before) lies beyond two standard
 * deviations of the mean of the CHANGE_WINDOW changes before it. Needs MIN_CHANGES earlier changes.
 * Flat history (no spread) makes any change unusual.
 */
export function isUnusual(points: number[]) {
  const changes = points.slice(1).map((v, i) => v - points[i])
  const latest = changes.at(-1)
  const earlier = changes.slice(0, -1).slice(-CHANGE_WINDOW)
  if (latest === undefined || earlier.length < MIN_CHANGES) return false
  const { mean, sd } = spread(earlier)
  return Math.abs(latest - mean) > 2 * sd + 1e-9 * Math.max(1, Math.abs(mean))
}

/** On the wrong side of the target: below it when higher is better, above it when lower is. */
export function missesTarget(value: number, direction: Direction, target: number | null) {
  if (target === null || !withinMetricRange(target)) return false
  return direction === 'up' ? value < target : value > target
}

/**
 * The trend of a metric on the report of `week`: `history` holds the recorded values in the
 * window (any order, at most one per week). The value is this week's (null: not entered), the
 * previous value the latest earlier one in the window. The flag: a missed target first, else an
 * unusual move; none without a value this week.
 */
export function metricTrend(input: {
  week: string
  direction: Direction
  target: number | null
  history: Point[]
}) {
  const history = input.history
    .filter((p) => p.week_start_date <= input.week && withinMetricRange(p.value))
    .toSorted((a, b) => (a.week_start_date < b.week_start_date ? -1 : 1))
  const current = history.at(-1)?.week_start_date === input.week ? history.at(-1) : undefined
  const value = current?.value ?? null
  const earlier = current ? history.slice(0, -1) : history
  const previous_value = earlier.at(-1)?.value ?? null
  let flag: Flag = null
  if (value !== null) {
    if (missesTarget(value, input.direction, input.target)) flag = 'missed_target'
    else if (isUnusual(history.map((p) => p.value))) flag = 'unusual'
  }
  return { value, previous_value, history, flag }
}
