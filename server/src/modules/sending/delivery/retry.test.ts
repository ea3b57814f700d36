import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { deliveries, users } from '../../../db/schema'
import { createTestApp, signIn } from '../../../test/helpers'
import { SENDS_PER_HOUR } from '../queue/quota'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
describe('Retry of a failed delivery is made once', () => {
  test('Retries at the same moment: one retries and spends the quota once, the others change nothing', async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const [user] = await db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
    const [row] = await db.orm
      .insert(deliveries)
      .values({
        user_id: user.id,
        report_id: report.id,
        kind: 'webhook',
        week_start_date: '2026-11-16',
        recipients: '["https://hooks.slack.com/services/T/B/x"]',
        status: 'failed',
        attempts: 5,
        last_error: 'Could not reach',
      })
      .returning()
    const spent = async () =>
      Number(
        (
          await db.row<{ count: number }>(
            sql`SELECT count FROM rate_limits WHERE key = ${`send-hour ${user.id}`}`,
          )
        )?.count ?? 0,
      )
    const fail = () =>
      db.orm
        .update(deliveries)
        .set({ status: 'failed', attempts: 5 })
        .where(eq(deliveries.id, row.id))
    const retry = () => ada.api.deliveries({ id: row.id }).retry.post()

    const ROUNDS = 5
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => retry()))
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses).toEqual([200, 400, 400, 400])
      for (const a of answers.filter((x) => x.status === 400))
        expect(a.error?.value).toEqual({ error: 'Only a failed delivery can be retried' })
      expect(answers.find((a) => a.status === 200)?.data).toMatchObject({
        status: 'pending',
        attempts: 0,
      })
      // One send of the quota a round, not one per request.
      expect(await spent()).toBe(round)
      await fail()
    }

    // Over the quota: 429, and the delivery stays failed (the update is rolled back with it).
    for (let i = ROUNDS; i < SENDS_PER_HOUR; i++) {
      expect((await retry()).status).toBe(200)
      await fail()
    }
    const over = await retry()
    expect(over.status).toBe(429)
    const [after] = await db.orm.select().from(deliveries).where(eq(deliveries.id, row.id))
    expect(after).toMatchObject({ status: 'failed', attempts: 5 })
    expect(await spent()).toBe(SENDS_PER_HOUR)
  })
})
