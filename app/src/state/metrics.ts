import type { Metric, MetricInput } from '@cadence/ui'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { reportState } from './reports'
import { createResource, useResource } from './resource'

/**
 * Metrics: the account's definitions (Settings → Metrics) and this week's values on the open
 * report (its Metrics block). A value belongs to its report: a new week starts empty.
 */

const metrics = createResource(() => call(api.api.metrics.get()))

async function loadMetrics() {
  await metrics.reload().catch((error) => console.error(error))
}

async function addMetric(input: MetricInput) {
  await call(api.api.metrics.post(input))
  await loadMetrics()
}

async function updateMetric(id: number, changes: Partial<MetricInput>) {
  await call(api.api.metrics({ id }).put(changes))
  await loadMetrics()
}

async function deleteMetric(id: number) {
  await call(api.api.metrics({ id }).delete())
  await loadMetrics()
}

/**
 * Sets (or clears, with null) a metric's value on a report; the open report shows the server's
 * answer: the value with its change, trend and flag. Queued while offline: the block keeps what
 * was typed and the answer comes with the replay's reload.
 */
async function setMetricValue(reportUuid: string, metricId: number, value: number | null) {
  const answer = await call(
    api.api.reports({ uuid: reportUuid })['metric-values']({ metric_id: metricId }).put({ value }),
  )
  const report = reportState.current
  if (report?.uuid !== reportUuid || !report.metrics) return
  // A queued write answers only what was sent: keep the value, the trend waits for the replay.
  const full = 'history' in (answer as object)
  report.metrics = report.metrics.map((m) =>
    m.id !== metricId ? m : full ? answer : { ...m, value },
  )
}

/** The account's metrics (empty until loaded). */
function useMetrics(): { metrics: readonly Metric[]; loaded: boolean } {
  const snap = useResource(metrics)
  return { metrics: snap.data ?? [], loaded: snap.loaded }
}

onCacheReset(() => metrics.reset())

export { addMetric, deleteMetric, loadMetrics, setMetricValue, updateMetric, useMetrics }
