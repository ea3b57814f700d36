import { formatWithUnit } from '@cadence/core'
import {
  ArrowDown as LucideArrowDown,
  ArrowUp as LucideArrowUp,
  Minus as LucideMinus,
  TriangleAlert as LucideTriangleAlert,
  Zap as LucideZap,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { Badge } from '../primitives/badge'
import { icon } from '../primitives/icon'
import type { MetricFlag, MetricPoint, ReportMetric } from '../types'

const ArrowDown = /* @__PURE__ */ icon(LucideArrowDown)
const ArrowUp = /* @__PURE__ */ icon(LucideArrowUp)
const Minus = /* @__PURE__ */ icon(LucideMinus)
const TriangleAlert = /* @__PURE__ */ icon(LucideTriangleAlert)
const Zap = /* @__PURE__ */ icon(LucideZap)

/** How many weeks a sparkline spans, the report's own week included (the server's history). */
export const SPARKLINE_WEEKS = 13

/**
 * The values' range on a sparkline: their own when they move by a fifth of their size or more,
 * otherwise a range a fifth of their size around them (never below zero for values that are not),
 * so 118 → 119 draws a small rise, not a cliff.
 */
export function sparklineDomain(values: number[]): [number, number] {
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const least = Math.max(Math.abs(hi), Math.abs(lo)) * 0.2
  if (least === 0) return [lo - 1, hi + 1]
  if (hi - lo >= least) return [lo, hi]
  const mid = (hi + lo) / 2
  let from = mid - least / 2
  if (lo >= 0 && from < 0) from = 0
  return [from, from + least]
}

type Change = { text: string; sign: -1 | 0 | 1; better: boolean | null }

/**
 * Change since last week in words and sign: '+20 €k', '−0.5%', 'No change', or '—' without two
 * values. `better` follows the metric's direction (null when it did not move or is unknown).
 */
export function metricChange(
  m: Pick<ReportMetric, 'value' | 'previous_value' | 'unit' | 'direction'>,
): Change {
  if (m.value === null || m.previous_value === null) return { text: '—', sign: 0, better: null }
  const delta = m.value - m.previous_value
  if (Math.abs(delta) < 1e-9) return { text: 'No change', sign: 0, better: null }
  const sign = delta > 0 ? 1 : -1
  const text = `${sign > 0 ? '+' : '−'}${formatWithUnit(Math.abs(delta), m.unit)}`
  return { text, sign, better: sign > 0 === (m.direction === 'up') }
}

const FLAG_META = {
  missed_target: { label: 'Missed target', tone: 'danger', Icon: TriangleAlert },
  unusual: { label: 'Unusual move', tone: 'warning', Icon: Zap },
} as const

/** 'Missed target' or 'Unusual move' with its icon; nothing without a flag. */
export function MetricFlagBadge({ flag }: { flag: MetricFlag }) {
  if (!flag) return null
  const { label, tone, Icon } = FLAG_META[flag]
  return (
    <Badge tone={tone} className="cad-metric-flag" data-flag={flag}>
      <Icon size={12} aria-hidden />
      {label}
    </Badge>
  )
}

const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000

type SparklineProps = {
  history: MetricPoint[]
  /** The report's week (the right edge); each point sits at its own week. */
  week: string
  /** What the line is of, for its accessible name ('ARR'). */
  label: string
  unit?: string | null
  width?: number
  height?: number
  className?: string
}

/**
 * The last 13 weeks of a metric as a small line: one point per week with a value, placed at its
 * week (a gap where nothing was entered), the latest point marked. An SVG, drawn on paper too.
 */
export function MetricSparkline({
  history,
  week,
  label,
  unit = null,
  width = 104,
  height = 28,
  className,
}: SparklineProps) {
  const pad = 3
  const end = dayNumber(week)
  const points = history
    .map((p) => ({ ...p, age: Math.round((end - dayNumber(p.week_start_date)) / 7) }))
    .filter((p) => p.age >= 0 && p.age < SPARKLINE_WEEKS)
    .sort((a, b) => b.age - a.age)
  const values = points.map((p) => p.value)
  const [lo, hi] = values.length ? sparklineDomain(values) : [0, 1]
  const x = (age: number) =>
    pad + ((SPARKLINE_WEEKS - 1 - age) / (SPARKLINE_WEEKS - 1)) * (width - 2 * pad)
  const y = (v: number) => pad + ((hi - v) / (hi - lo)) * (height - 2 * pad)
  const name = points.length
    ? `${label}, last ${SPARKLINE_WEEKS} weeks: ${points.map((p) => formatWithUnit(p.value, unit)).join(', ')}`
    : `${label}: no history yet`
  // Consecutive weeks are joined; a missing week breaks the line.
  const runs: (typeof points)[] = []
  for (const p of points) {
    const run = runs.at(-1)
    if (run && run.at(-1)!.age === p.age + 1) run.push(p)
    else runs.push([p])
  }
  const last = points.at(-1)
  return (
    <svg
      className={cn('cad-sparkline', className)}
      role="img"
      aria-label={name}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      data-points={points.length}
      data-domain={`${lo},${hi}`}
    >
      <line
        className="cad-sparkline__base"
        x1={pad}
        x2={width - pad}
        y1={height - 1}
        y2={height - 1}
      />
      {runs.map((run) =>
        run.length > 1 ? (
          <polyline
            key={run[0].week_start_date}
            className="cad-sparkline__line"
            points={run.map((p) => `${x(p.age).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
          />
        ) : (
          <circle
            key={run[0].week_start_date}
            className="cad-sparkline__point"
            cx={x(run[0].age)}
            cy={y(run[0].value)}
            r={1.5}
          />
        ),
      )}
      {last ? (
        <circle className="cad-sparkline__last" cx={x(last.age)} cy={y(last.value)} r={2.5} />
      ) : null}
    </svg>
  )
}

function ChangeText({ metric }: { metric: ReportMetric }) {
  const change = metricChange(metric)
  const Icon = change.sign > 0 ? ArrowUp : change.sign < 0 ? ArrowDown : Minus
  return (
    <span
      className="cad-metric-change"
      data-better={change.better === null ? undefined : String(change.better)}
    >
      {change.text === '—' ? null : <Icon size={12} aria-hidden />}
      {change.text}
      {change.better === null ? null : (
        <span className="cad-sr-only">{change.better ? ' (better)' : ' (worse)'}</span>
      )}
    </span>
  )
}

const targetText = (m: ReportMetric) =>
  m.target === null
    ? null
    : `Target ${m.direction === 'up' ? '≥' : '≤'} ${formatWithUnit(m.target, m.unit)}`

type MetricsTableProps = {
  metrics: ReportMetric[]
  /** The report's week: the sparklines end there. */
  week: string
  headingLevel?: 2 | 3
  className?: string
}

/**
 * The brief's Metrics: each metric's value this week, change since last week, the last 13 weeks
 * and its flag. Nothing when the account has no metrics. Reads on paper (words, not colour).
 */
export function MetricsTable({ metrics, week, headingLevel = 2, className }: MetricsTableProps) {
  const id = React.useId()
  if (metrics.length === 0) return null
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={cn('cad-metrics-table', className)} data-slot="metrics">
      <H id={id} className="cad-metrics-table__title">
        Metrics
      </H>
      <section className="cad-metrics-table__scroll" aria-labelledby={id} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className="cad-metrics-table__num">
                This week
              </th>
              <th scope="col" className="cad-metrics-table__num">
                Since last week
              </th>
              <th scope="col">Last {SPARKLINE_WEEKS} weeks</th>
              <th scope="col">Flag</th>
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => (
              <tr key={m.id} data-flag={m.flag ?? undefined}>
                <th scope="row" className="cad-break">
                  {m.name}
                  {targetText(m) ? (
                    <span className="cad-metrics-table__target">{targetText(m)}</span>
                  ) : null}
                </th>
                <td className="cad-metrics-table__num">
                  {m.value === null ? (
                    <span className="cad-screen__muted">Not entered</span>
                  ) : (
                    formatWithUnit(m.value, m.unit)
                  )}
                </td>
                <td className="cad-metrics-table__num">
                  <ChangeText metric={m} />
                </td>
                <td>
                  <MetricSparkline history={m.history} week={week} label={m.name} unit={m.unit} />
                </td>
                <td>
                  {m.flag ? (
                    <MetricFlagBadge flag={m.flag} />
                  ) : (
                    <span className="cad-screen__muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}

/** Reads what was typed: '' is no value, '1,200.5' is 1200.5; anything else is not a number. */
export function parseMetricInput(text: string): number | null | 'invalid' {
  const clean = text.replace(/[\s,]/g, '')
  if (clean === '') return null
  const n = Number(clean)
  return Number.isFinite(n) ? n : 'invalid'
}

type MetricsPanelProps = {
  metrics: ReportMetric[]
  week: string
  /** Saves this week's value (null clears it); a rejection keeps what was typed and says why. */
  onChange: (metricId: number, value: number | null) => Promise<void>
  disabled?: boolean
}

function MetricRow({
  metric,
  week,
  onChange,
  disabled,
}: Omit<MetricsPanelProps, 'metrics'> & { metric: ReportMetric }) {
  const shown = metric.value === null ? '' : String(metric.value)
  const [text, setText] = React.useState(shown)
  const [error, setError] = React.useState<string | null>(null)
  React.useEffect(() => setText(shown), [shown])
  const save = async () => {
    const parsed = parseMetricInput(text)
    if (parsed === 'invalid') {
      setError('Enter a number')
      return
    }
    setError(null)
    if (parsed === metric.value) return
    try {
      await onChange(metric.id, parsed)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to save')
    }
  }
  const inputId = React.useId()
  return (
    <li className="cad-metrics-panel__row" data-flag={metric.flag ?? undefined}>
      <label className="cad-metrics-panel__name cad-break" htmlFor={inputId}>
        {metric.name}
        {metric.unit ? <span className="cad-metrics-panel__unit"> ({metric.unit})</span> : null}
      </label>
      <input
        id={inputId}
        className="cad-input cad-metrics-panel__input"
        inputMode="decimal"
        autoComplete="off"
        placeholder="This week"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-previous`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur()
          if (e.key === 'Escape') {
            setText(shown)
            setError(null)
          }
        }}
      />
      <span id={`${inputId}-previous`} className="cad-metrics-panel__previous">
        {metric.previous_value === null
          ? 'No earlier value'
          : `Last: ${formatWithUnit(metric.previous_value, metric.unit)}`}
      </span>
      <ChangeText metric={metric} />
      <MetricSparkline
        history={metric.history}
        week={week}
        label={metric.name}
        unit={metric.unit}
      />
      <span className="cad-metrics-panel__flag">
        <MetricFlagBadge flag={metric.flag} />
      </span>
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/**
 * The report page's Metrics block: this week's value of each of the account's metrics (empty in a
 * new week), saved on blur or Enter, with last week's value, the trend and the flag.
 */
export function MetricsPanel({ metrics, week, onChange, disabled }: MetricsPanelProps) {
  const id = React.useId()
  if (metrics.length === 0) return null
  return (
    <section className="cad-card cad-metrics-panel" aria-labelledby={id}>
      <h2 id={id} className="cad-metrics-panel__title">
        Metrics
      </h2>
      <ul className="cad-metrics-panel__rows">
        {metrics.map((m) => (
          <MetricRow key={m.id} metric={m} week={week} onChange={onChange} disabled={disabled} />
        ))}
      </ul>
    </section>
  )
}

export type { MetricsPanelProps, MetricsTableProps, SparklineProps }
