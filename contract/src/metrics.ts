// Response schemas of this area of the API (see index.ts): an account's metrics and, on a report,
// each metric's value this week with its trend.
import { t } from 'elysia'

export const MetricDirection = t.Union([t.Literal('up'), t.Literal('down')])
export type MetricDirection = typeof MetricDirection.static

/** A metric (GET/POST/PUT /api/metrics): `direction` says which way is better. */
export const Metric = t.Object({
  id: t.Number(),
  name: t.String(),
  unit: t.Nullable(t.String()),
  direction: MetricDirection,
  target: t.Nullable(t.Number()),
  sort_order: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type Metric = typeof Metric.static

/** One week's recorded value of a metric. */
export const MetricPoint = t.Object({ week_start_date: t.String(), value: t.Number() })
export type MetricPoint = typeof MetricPoint.static

/** null: nothing to say; `missed_target`: on the wrong side of the target; `unusual`: moved more than usual. */
export const MetricFlag = t.Nullable(t.Union([t.Literal('missed_target'), t.Literal('unusual')]))
export type MetricFlag = typeof MetricFlag.static

/**
 * A metric on a report (GET /api/reports/{uuid} `metrics`, the brief's `metrics`): this week's
 * value (null: not entered), the latest earlier value in its history, the recorded values of the
 * last 13 weeks up to this one (oldest first) and the flag.
 */
export const ReportMetric = t.Object({
  id: t.Number(),
  name: t.String(),
  unit: t.Nullable(t.String()),
  direction: MetricDirection,
  target: t.Nullable(t.Number()),
  value: t.Nullable(t.Number()),
  previous_value: t.Nullable(t.Number()),
  history: t.Array(MetricPoint),
  flag: MetricFlag,
})
export type ReportMetric = typeof ReportMetric.static
