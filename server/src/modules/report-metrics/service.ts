import type { ReportMetric } from '@cadence/contract'
import { addWeeks } from '@cadence/core'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db'
import { metrics, metricValues, reports } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { assertRoom } from '../../lib/limits'
import { ownedRow } from '../../lib/owned'
import { nowIso } from '../../lib/time'
import type { MetricModel } from './model'
import { HISTORY_WEEKS, metricTrend, type Point, withinMetricRange } from './trend'

/**
 * An account's metrics (GET/POST/PUT/DELETE /api/metrics) and each report's values of them
 * (PUT /api/reports/{uuid}/metric-values/{metric_id}): a value belongs to one report, so a new
 * week starts empty. A report shows each metric with its trend (trend.ts).
 */

const NOT_FOUND = 'Metric not found'
/** Metrics per account: a brief shows "the same few metrics every week". */
export const METRICS_LIMIT = 50

export async function listMetrics({ db }: AppContext, userId: number) {
  return await db.orm
    .select()
    .from(metrics)
    .where(eq(metrics.user_id, userId))
    .orderBy(asc(metrics.sort_order), asc(metrics.id))
}

const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (!trimmed) throw new BadRequest('Metric name is required')
  return trimmed
}
const cleanUnit = (unit: string | null | undefined) => unit?.trim() || null
const cleanNumber = (n: number | null | undefined, what: string) => {
  if (n == null) return null
  if (!Number.isFinite(n)) throw new BadRequest(`${what} must be a number or null`)
  // Bounded, so the trend's maths and the sparkline stay finite (trend.ts METRIC_MAX).
  if (!withinMetricRange(n))
    throw new BadRequest(`${what} must be a number from -1e15 to 1e15, or null`)
  return n
}

const countMetrics = (userId: number) =>
  sql`SELECT COUNT(*) AS n FROM metrics WHERE user_id = ${userId}`

/** After an account import (in its transaction): refused (403) when it passed the limit. */
export const assertMetricsWithinLimit = (db: Engine, userId: number) =>
  assertRoom(db, countMetrics(userId), 0, METRICS_LIMIT, 'metrics per account')

export async function createMetric(ctx: AppContext, userId: number, input: MetricModel.create) {
  const values = {
    user_id: userId,
    name: cleanName(input.name),
    unit: cleanUnit(input.unit),
    direction: input.direction,
    target: cleanNumber(input.target, 'Target'),
  }
  return ctx.db.tx(
    async (tx) => {
      await assertRoom(tx, countMetrics(userId), 1, METRICS_LIMIT, 'metrics per account')
      const [last] = await tx.rows<{ max: number | null }>(
        sql`SELECT max(sort_order) AS max FROM metrics WHERE user_id = ${userId}`,
      )
      const [row] = await tx.orm
        .insert(metrics)
        .values({ ...values, sort_order: Number(last?.max ?? -1) + 1 })
        .returning()
      return row
    },
    { user: userId },
  )
}

export async function updateMetric(
  { db }: AppContext,
  userId: number,
  id: number,
  input: MetricModel.update,
) {
  const changes = {
    ...(input.name !== undefined && { name: cleanName(input.name) }),
    ...(input.unit !== undefined && { unit: cleanUnit(input.unit) }),
    ...(input.direction !== undefined && { direction: input.direction }),
    ...(input.target !== undefined && { target: cleanNumber(input.target, 'Target') }),
  }
  const [row] = await db.orm
    .update(metrics)
    .set({ ...changes, updated_at: nowIso() })
    .where(and(eq(metrics.id, id), eq(metrics.user_id, userId)))
    .returning()
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

/** Deletes the metric and every report's value of it. */
export async function deleteMetric({ db }: AppContext, userId: number, id: number) {
  const [row] = await db.orm
    .delete(metrics)
    .where(and(eq(metrics.id, id), eq(metrics.user_id, userId)))
    .returning()
  if (!row) throw new NotFound(NOT_FOUND)
  return { success: true, message: 'Metric deleted' }
}

type Week = { id: number; user_id: number; week_start_date: string }

/** The account's metrics on a report: each with this week's value and its trend (oldest first). */
export async function reportMetrics(db: Engine, report: Week): Promise<ReportMetric[]> {
  const defined = await db.orm
    .select()
    .from(metrics)
    .where(eq(metrics.user_id, report.user_id))
    .orderBy(asc(metrics.sort_order), asc(metrics.id))
  if (!defined.length) return []
  const from = addWeeks(report.week_start_date, -(HISTORY_WEEKS - 1))
  const values = await db.rows<{ metric_id: number; week_start_date: string; value: number }>(sql`
    SELECT v.metric_id, r.week_start_date, v.value
    FROM metric_values v JOIN reports r ON r.id = v.report_id
    WHERE v.user_id = ${report.user_id}
      AND r.week_start_date >= ${from} AND r.week_start_date <= ${report.week_start_date}`)
  const byMetric = new Map<number, Point[]>()
  for (const v of values) {
    const list = byMetric.get(Number(v.metric_id)) ?? []
    list.push({ week_start_date: v.week_start_date, value: Number(v.value) })
    byMetric.set(Number(v.metric_id), list)
  }
  return defined.map((m) => ({
    id: m.id,
    name: m.name,
    unit: m.unit,
    direction: m.direction,
    target: m.target,
    ...metricTrend({
      week: report.week_start_date,
      direction: m.direction,
      target: m.target,
      history: byMetric.get(m.id) ?? [],
    }),
  }))
}

/**
 * PUT /api/reports/{uuid}/metric-values/{metric_id}: sets this week's value (one row per report
 * and metric, made by the unique index), or clears it with null. Answers the metric on the report.
 */
export async function setMetricValue(
  ctx: AppContext,
  userId: number,
  uuid: string,
  metricId: number,
  input: MetricModel.value,
): Promise<ReportMetric> {
  const value = cleanNumber(input.value, 'Value')
  const report = await ownedRow(ctx.db, reports, userId, uuid, 'Report not found')
  const [metric] = await ctx.db.orm
    .select({ id: metrics.id })
    .from(metrics)
    .where(and(eq(metrics.id, metricId), eq(metrics.user_id, userId)))
  if (!metric) throw new NotFound(NOT_FOUND)
  if (value === null) {
    await ctx.db.orm
      .delete(metricValues)
      .where(and(eq(metricValues.report_id, report.id), eq(metricValues.metric_id, metric.id)))
  } else {
    await ctx.db.orm
      .insert(metricValues)
      .values({ user_id: userId, report_id: report.id, metric_id: metric.id, value })
      .onConflictDoUpdate({
        target: [metricValues.report_id, metricValues.metric_id],
        set: { value, updated_at: nowIso() },
      })
  }
  const all = await reportMetrics(ctx.db, report)
  const row = all.find((m) => m.id === metric.id)
  // Deleted between the write and the read: as if it never existed.
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}
