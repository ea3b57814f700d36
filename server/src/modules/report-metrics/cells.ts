/**
 * A metric of a brief as text, for the e-mail and the Markdown copy: the value with its unit, the
 * change since the previous value said better or worse by the metric's direction, the last five
 * weeks' values and the flag's word.
 */
export type MetricLine = {
  name: string
  unit: string | null
  direction: 'up' | 'down'
  value: number | null
  previous_value: number | null
  history: { week_start_date: string; value: number }[]
  flag: 'missed_target' | 'unusual' | null
}
const METRIC_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const FLAG_LABEL = { missed_target: 'Missed target', unusual: 'Unusual move' } as const
const withUnit = (n: number, unit: string | null) => {
  const text = METRIC_NUMBER.format(n)
  return !unit ? text : unit === '%' ? `${text}%` : `${text} ${unit}`
}
/** One metric as the e-mail says it: value, change (better or worse), the last 5 weeks, flag. */
export function metricCells(m: MetricLine) {
  const value = m.value === null ? 'Not entered' : withUnit(m.value, m.unit)
  let change = '—'
  if (m.value !== null && m.previous_value !== null) {
    const delta = m.value - m.previous_value
    const better = delta > 0 === (m.direction === 'up')
    change =
      Math.abs(delta) < 1e-9
        ? 'No change'
        : `${delta > 0 ? '+' : '−'}${withUnit(Math.abs(delta), m.unit)} (${better ? 'better' : 'worse'})`
  }
  const trend = m.history
    .slice(-5)
    .map((p) => METRIC_NUMBER.format(p.value))
    .join(' → ')
  return { value, change, trend, flag: m.flag ? FLAG_LABEL[m.flag] : '' }
}
