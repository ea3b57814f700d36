import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { runIfDue } from '../../lib/jobs'
import type { Logger } from '../../observability/log'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * What is kept how long: expired sessions are deleted, sent and failed deliveries (e-mails and
 * chat posts) after DELIVERY_RETENTION_DAYS (default 90) since their last change, activity entries
 * after ACTIVITY_RETENTION_DAYS (default 365). Pending deliveries are never deleted. Answers how
 * many rows went, per table.
 */
export async function applyRetention({ db, config }: AppContext, now: Date = new Date()) {
  const before = (days: number) => new Date(now.getTime() - days * DAY).toISOString()
  const sessions = await db.exec(sql`DELETE FROM sessions WHERE expires_at < ${now.toISOString()}`)
  const deliveries = await db.exec(sql`
    DELETE FROM deliveries WHERE status IN ('sent', 'failed')
      AND updated_at < ${before(config.ops.deliveryRetentionDays)}`)
  const activity = await db.exec(
    sql`DELETE FROM activity_log WHERE created_at < ${before(config.ops.activityRetentionDays)}`,
  )
  return { sessions, deliveries, activity }
}

/** The retention job: hourly, once across instances (lib/jobs.ts). */
export const retentionJob = (ctx: AppContext, now?: () => Date) => ({
  name: 'retention',
  everyMs: HOUR,
  leaseMs: 30 * 60_000,
  run: async () => {
    const deleted = await applyRetention(ctx, now?.() ?? new Date())
    return `deleted ${deleted.sessions} sessions, ${deleted.deliveries} deliveries, ${deleted.activity} activity entries`
  },
})

/** Asks every few minutes whether the retention job is due; answers a stop function. */
export function startRetention(ctx: AppContext, log: Logger, checkMs = 5 * 60_000) {
  const job = retentionJob(ctx)
  const check = async () => {
    try {
      const outcome = await runIfDue(ctx.db, job)
      if (outcome.ran) log.info(`Retention: ${outcome.result}`)
    } catch (error) {
      log.error('Retention check failed', error)
    }
  }
  void check()
  const timer = setInterval(check, checkMs)
  timer.unref()
  return () => clearInterval(timer)
}
