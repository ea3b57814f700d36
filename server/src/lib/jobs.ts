import { sql } from 'drizzle-orm'
import type { Db } from '../db'

/**
 * Runs scheduled work once across every instance of a deployment: each instance asks now and
 * then, and the database decides who runs it (table scheduled_jobs). The claim is one conditional
 * UPDATE (the job is due and no lease is live), so of any number of instances asking at the same
 * moment exactly one gets it; only the holder of that lease records the result and the next due
 * time. An instance that dies mid-run leaves a lease that expires, and the job runs again then.
 */
export type JobOutcome = { ran: false } | { ran: true; result: string }

export async function runIfDue(
  db: Db,
  job: { name: string; everyMs: number; leaseMs: number; run: () => Promise<string> },
  now: Date = new Date(),
): Promise<JobOutcome> {
  const at = now.toISOString()
  await db.exec(
    sql`INSERT INTO scheduled_jobs (name, due_at) VALUES (${job.name}, ${at}) ON CONFLICT (name) DO NOTHING`,
  )
  const lease = new Date(now.getTime() + job.leaseMs).toISOString()
  const claimed = await db.exec(sql`
    UPDATE scheduled_jobs SET locked_until = ${lease}, last_started_at = ${at}
    WHERE name = ${job.name} AND due_at <= ${at} AND (locked_until IS NULL OR locked_until <= ${at})`)
  if (claimed !== 1) return { ran: false }
  let result: string
  let next = now.getTime() + job.everyMs
  try {
    result = await job.run()
  } catch (error) {
    result = `failed: ${(error as Error)?.message ?? String(error)}`.slice(0, 500)
    // Tried again sooner than the next period.
    next = Math.min(next, now.getTime() + 5 * 60_000)
  }
  await db.exec(sql`
    UPDATE scheduled_jobs SET due_at = ${new Date(next).toISOString()}, locked_until = NULL,
      last_finished_at = ${new Date().toISOString()}, last_result = ${result}
    WHERE name = ${job.name} AND locked_until = ${lease}`)
  return { ran: true, result }
}
