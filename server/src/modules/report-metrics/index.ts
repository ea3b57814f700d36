import { Deleted, ErrorBody, Metric, ReportMetric } from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
import { authPlugin } from '../auth/plugin'
import { MetricModel } from './model'
import { createMetric, deleteMetric, listMetrics, setMetricValue, updateMetric } from './service'

/**
 * Metrics: the account's definitions (/api/metrics) and a report's values of them (signed in, own
 * objects only). Named report-metrics: modules/system serves the Prometheus /metrics.
 */
export function reportMetricsModule(ctx: AppContext) {
  const detail = { tags: ['metrics'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/metrics', ({ user }) => listMetrics(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: t.Array(Metric), 401: ErrorBody },
      detail,
    })
    .post('/metrics', ({ user, body }) => createMetric(ctx, user.id, body), {
      auth: true,
      body: MetricModel.create,
      // 403: at the account's limit of metrics.
      response: { 200: Metric, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      detail,
    })
    .put('/metrics/:id', ({ user, params, body }) => updateMetric(ctx, user.id, params.id, body), {
      auth: true,
      params: MetricModel.params,
      body: MetricModel.update,
      response: { 200: Metric, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .delete('/metrics/:id', ({ user, params }) => deleteMetric(ctx, user.id, params.id), {
      auth: true,
      params: MetricModel.params,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .put(
      '/reports/:uuid/metric-values/:metric_id',
      ({ user, params, body }) => setMetricValue(ctx, user.id, params.uuid, params.metric_id, body),
      {
        auth: true,
        params: MetricModel.valueParams,
        body: MetricModel.value,
        response: { 200: ReportMetric, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail: { tags: ['reports'] },
      },
    )
}
