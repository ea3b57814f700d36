// Reminders cost nothing when nothing is due: a pass is one statement per kind, and a pass that
// records nothing takes no id from the deliveries' sequence (deliveries.id would otherwise run
// out at a few thousand idle users, every instance inserting in vain every minute).
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../db'
import { createTestApp, signIn } from '../../../test/helpers'
import { queueReminders, queueTeamReminders } from './reminders'

// Friday 2026-11-20 ends the default week that starts Monday 2026-11-16.
const FRI = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute))
const PASSES = 30

/** The deliveries sequence's position: nextval's last value (PostgreSQL), sqlite_sequence's. */
async function sequence(db: Db) {
  const row =
    db.kind === 'pg'
      ? await db.row<{ n: string | number | null }>(
          sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM deliveries_id_seq`,
        )
      : await db.row<{ n: number | null }>(
          sql`SELECT seq AS n FROM sqlite_sequence WHERE name = 'deliveries'`,
        )
  return Number(row?.n ?? 0)
}
const count = async (db: Db, kind: string) =>
  Number(
    (await db.row<{ n: number }>(sql`SELECT count(*) AS n FROM deliveries WHERE kind = ${kind}`))
      ?.n,
  )

async function setUp() {
  const ctx = await createTestApp({ SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525' })
  const sent = await signIn(ctx.app, 'sent@example.com')
  const idle = await signIn(ctx.app, 'idle@example.com')
  await signIn(ctx.app, 'off@example.com')
  await signIn(ctx.app, 'thursday@example.com')
  expect((await idle.put('/api/settings', { team_reminder_enabled: true })).status).toBe(200)
  // The idle user's team: the user who sent and one who has not.
  for (const email of ['sent@example.com', 'thursday@example.com']) {
    const member = await idle.post('/api/team-members', { name: email, email })
    expect(member.status).toBe(200)
  }
  await ctx.db.exec(sql`UPDATE team_members SET linked_user_id =
    (SELECT id FROM users WHERE users.email = team_members.email)`)
  const off = await signIn(ctx.app, 'off@example.com')
  expect((await off.put('/api/settings', { reminder_enabled: false })).status).toBe(200)
  const thursday = await signIn(ctx.app, 'thursday@example.com')
  expect((await thursday.put('/api/settings', { weekly_end_day: 'thursday' })).status).toBe(200)
  const report = await sent.post('/api/reports', { week_start_date: '2026-11-16' })
  expect(report.status).toBe(200)
  expect((await sent.put(`/api/reports/${report.json.uuid}`, { is_submitted: true })).status).toBe(
    200,
  )
  return ctx
}

describe('weekly reminders, claimed by the database', () => {
  test(`${PASSES} passes: one reminder for the idle user, none for the others, no id burnt`, async () => {
    const { db, config } = await setUp()
    const before = await sequence(db)
    expect(await queueReminders(db, config, FRI(0))).toBe(1)
    expect(await queueTeamReminders(db, config, FRI(0))).toBe(1)
    const after = await sequence(db)
    expect(after - before).toBe(2)
    for (let minute = 1; minute <= PASSES; minute++) {
      expect(await queueReminders(db, config, FRI(minute))).toBe(0)
      expect(await queueTeamReminders(db, config, FRI(minute))).toBe(0)
    }
    // Nothing was due: nothing inserted, and not one id taken.
    expect(await sequence(db)).toBe(after)
    expect(await count(db, 'reminder')).toBe(1)
    expect(await count(db, 'team_reminder')).toBe(1)
    const [reminder] = await db.rows<{
      email: string
      week_start_date: string
      recipients: string
    }>(
      sql`SELECT u.email, d.week_start_date, d.recipients FROM deliveries d
          JOIN users u ON u.id = d.user_id WHERE d.kind = 'reminder'`,
    )
    expect(reminder).toEqual({
      email: 'idle@example.com',
      week_start_date: '2026-11-16',
      recipients: '["idle@example.com"]',
    })
  })

  test('two passes at the same moment (two instances) record one reminder', async () => {
    const { db, config } = await setUp()
    const answers = await Promise.all([
      queueReminders(db, config, FRI(0)),
      queueReminders(db, config, FRI(0)),
      queueTeamReminders(db, config, FRI(0)),
      queueTeamReminders(db, config, FRI(0)),
    ])
    expect(answers[0] + answers[1]).toBe(1)
    expect(answers[2] + answers[3]).toBe(1)
    expect(await count(db, 'reminder')).toBe(1)
    expect(await count(db, 'team_reminder')).toBe(1)
  })
})
