// Retention: expired sessions, old sent and failed deliveries and old activity entries are
// deleted, nothing pending or recent is; the job runs once across instances however many ask at
// the same moment (two connections to one database, each asking several times at once), runs
// again only when due, and a holder whose lease ran out records nothing.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../db'
import type { Engine } from '../../db/engine'
import { openPostgres } from '../../db/pg'
import { runIfDue } from '../../lib/jobs'
import { freshTestDatabaseUrl, testEngine } from '../../test/engines'
import { createTestApp, signIn } from '../../test/helpers'
import { applyRetention } from './retention'

const DAY = 86_400_000
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString()

/** Two instances' connections to one new database. */
async function twoConnections(): Promise<[Engine, Engine]> {
  if (testEngine() === 'pg') {
    const url = await freshTestDatabaseUrl()
    return [await openPostgres(url, { max: 4 }), await openPostgres(url, { max: 4 })]
  }
  const dir = mkdtempSync(join(tmpdir(), 'cadence-jobs-'))
  dirs.push(dir)
  const path = join(dir, 'weekly.db')
  return [openDatabase(path), openDatabase(path)]
}

describe('retention', () => {
  test('deletes expired sessions, sent and failed deliveries and activity entries past their days; keeps the rest', async () => {
    const { app, db, config } = await createTestApp({
      DELIVERY_RETENTION_DAYS: '30',
      ACTIVITY_RETENTION_DAYS: '60',
    })
    await signIn(app, 'ada@example.com', 'Ada')
    const [user] = await db.orm.select().from(db.t.users)
    await db.orm.insert(db.t.sessions).values([
      { id: 'expired', user_id: user.id, expires_at: ago(1) },
      { id: 'live', user_id: user.id, expires_at: ago(-1) },
    ])
    const delivery = (status: 'pending' | 'sent' | 'failed', days: number, week: string) => ({
      user_id: user.id,
      kind: 'report' as const,
      week_start_date: week,
      recipients: '[]',
      status,
      updated_at: ago(days),
    })
    await db.orm
      .insert(db.t.deliveries)
      .values([
        delivery('sent', 31, '2026-01-05'),
        delivery('failed', 31, '2026-01-12'),
        delivery('pending', 31, '2026-01-19'),
        delivery('sent', 29, '2026-01-26'),
      ])
    await db.orm.insert(db.t.activityLog).values([
      { user_id: user.id, action: 'old', created_at: ago(61) },
      { user_id: user.id, action: 'recent', created_at: ago(59) },
    ])
    const deleted = await applyRetention({ db, config })
    expect(deleted).toEqual({ sessions: 1, deliveries: 2, activity: 1 })
    const sessions = await db.orm.select().from(db.t.sessions)
    expect(sessions.map((s) => s.id)).toContain('live')
    expect(sessions.map((s) => s.id)).not.toContain('expired')
    const left = await db.orm.select().from(db.t.deliveries)
    expect(left.map((d) => d.week_start_date).sort()).toEqual(['2026-01-19', '2026-01-26'])
    const actions = (await db.orm.select().from(db.t.activityLog)).map((a) => a.action)
    expect(actions).toContain('recent')
    expect(actions).not.toContain('old')
  }, 30_000)

  test('runs once across instances asking at the same moment, then only when due again', async () => {
    const [one, two] = await twoConnections()
    let runs = 0
    const job = {
      name: 'retention',
      everyMs: 3_600_000,
      leaseMs: 1_800_000,
      run: async () => {
        runs++
        await Bun.sleep(20)
        return 'done'
      },
    }
    const now = new Date('2026-11-25T10:00:00.000Z')
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => runIfDue(i % 2 ? one : two, job, now)),
    )
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1)
    expect(runs).toBe(1)
    // Not due again within the hour, by either instance.
    const soon = new Date(now.getTime() + 30 * 60_000)
    expect((await runIfDue(one, job, soon)).ran).toBe(false)
    expect((await runIfDue(two, job, soon)).ran).toBe(false)
    const later = new Date(now.getTime() + 61 * 60_000)
    const again = await Promise.all([runIfDue(one, job, later), runIfDue(two, job, later)])
    expect(again.filter((o) => o.ran)).toHaveLength(1)
    expect(runs).toBe(2)
    const [row] = await one.rows<{ last_result: string; locked_until: string | null }>(
      sql`SELECT last_result, locked_until FROM scheduled_jobs WHERE name = 'retention'`,
    )
    expect(row).toEqual({ last_result: 'done', locked_until: null })
    await one.close()
    await two.close()
  }, 30_000)

  test('a holder whose lease ran out records nothing: the instance that took over does', async () => {
    const [one, two] = await twoConnections()
    const now = new Date('2026-11-25T10:00:00.000Z')
    let release = () => {}
    const slow = runIfDue(
      one,
      {
        name: 'retention',
        everyMs: 3_600_000,
        leaseMs: 60_000,
        run: () => new Promise<string>((resolve) => (release = () => resolve('slow holder'))),
      },
      now,
    )
    while (
      !(await one.rows(sql`SELECT 1 FROM scheduled_jobs WHERE locked_until IS NOT NULL`)).length
    )
      await Bun.sleep(5)
    const takeover = await runIfDue(
      two,
      { name: 'retention', everyMs: 3_600_000, leaseMs: 60_000, run: async () => 'took over' },
      new Date(now.getTime() + 61_000),
    )
    expect(takeover).toEqual({ ran: true, result: 'took over' })
    release()
    expect(await slow).toEqual({ ran: true, result: 'slow holder' })
    const [row] = await one.rows<{ last_result: string }>(
      sql`SELECT last_result FROM scheduled_jobs WHERE name = 'retention'`,
    )
    expect(row.last_result).toBe('took over')
    await one.close()
    await two.close()
  }, 30_000)
})
