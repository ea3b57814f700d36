// The claim every sender shares (run.ts): each delivery's lease runs from the moment it is
// claimed, however long the batch took before it, and only the holder of a claim records the
// outcome. A test clock moves minutes at a time; no sender reaches any network.
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { deliveries, users } from '../../../db/schema'
import { createTestApp } from '../../../test/helpers'
import { type Delivery, LEASE_MS, runDueDeliveries } from './run'

const MINUTE = 60_000
const start = new Date('2026-11-20T10:00:00.000Z')

async function withDeliveries(count: number) {
  const ctx = await createTestApp()
  const [user] = await ctx.db.orm
    .insert(users)
    .values({ provider: 'dev', provider_user_id: 'ada', email: 'ada@example.com', name: 'Ada' })
    .returning()
  const rows = await ctx.db.orm
    .insert(deliveries)
    .values(
      Array.from({ length: count }, () => ({
        user_id: user.id,
        kind: 'report' as const,
        week_start_date: '2026-11-16',
        recipients: JSON.stringify(['boss@example.com']),
        next_attempt_at: start.toISOString(),
      })),
    )
    .returning()
  const row = async (id: number) =>
    (await ctx.db.orm.select().from(deliveries).where(eq(deliveries.id, id)))[0]
  return { ctx, ids: rows.map((r) => r.id), row }
}

describe('claiming deliveries', () => {
  test('each lease runs from its own claim: a slow batch never leaves a later delivery open to a second sender', async () => {
    const { ctx, ids, row } = await withDeliveries(3)
    // Each send takes 8 minutes of the test clock: the third is claimed 16 minutes in.
    let time = start.getTime()
    const clock = () => new Date(time)
    const leases: string[] = []
    const others: number[] = []
    const sent = await runDueDeliveries(ctx, {
      which: undefined,
      now: start,
      clock,
      send: async (delivery: Delivery) => {
        leases.push((await row(delivery.id)).next_attempt_at)
        time += 8 * MINUTE
        // Another sender (another instance) looks for due deliveries meanwhile: the one being
        // sent is not due, whatever the batch's start.
        others.push(
          await runDueDeliveries(ctx, {
            which: eq(deliveries.id, delivery.id),
            now: clock(),
            send: async () => {},
          }),
        )
      },
    })
    expect(sent).toBe(3)
    expect(others).toEqual([0, 0, 0])
    expect(leases).toEqual(
      [0, 8, 16].map((m) => new Date(start.getTime() + m * MINUTE + LEASE_MS).toISOString()),
    )
    for (const [i, id] of ids.entries()) {
      const done = await row(id)
      expect(done).toMatchObject({ status: 'sent', attempts: 1 })
      expect(done.sent_at).toBe(new Date(start.getTime() + (i + 1) * 8 * MINUTE).toISOString())
    }
  })

  test('only the holder of the claim records the outcome: a sender whose lease ran out changes nothing', async () => {
    const { ctx, ids, row } = await withDeliveries(1)
    const [id] = ids
    let time = start.getTime()
    const clock = () => new Date(time)
    let takenOver = 0
    const stalled = runDueDeliveries(ctx, {
      which: undefined,
      now: start,
      clock,
      send: async () => {
        // This sender stalls past its lease; another instance takes the delivery over and sends it.
        time += LEASE_MS + MINUTE
        takenOver = await runDueDeliveries(ctx, {
          which: undefined,
          now: clock(),
          clock,
          send: async () => {},
        })
        // Then the stalled send fails: recorded as a failure it would be sent a third time.
        throw new Error('connection reset')
      },
    })
    expect(await stalled).toBe(0)
    expect(takenOver).toBe(1)
    const done = await row(id)
    expect(done).toMatchObject({ status: 'sent', attempts: 1, last_error: null })

    // And the other way round: the stalled sender succeeds after the takeover failed.
    const second = await withDeliveries(1)
    time = start.getTime()
    let failedOver = 0
    const sent = await runDueDeliveries(second.ctx, {
      which: undefined,
      now: start,
      clock,
      send: async () => {
        time += LEASE_MS + MINUTE
        failedOver = await runDueDeliveries(second.ctx, {
          which: undefined,
          now: clock(),
          clock,
          send: async () => {
            throw new Error('refused')
          },
        })
      },
    })
    // The takeover holds the row now (pending, retried later): the stalled sender's success is
    // not recorded over it, so it is not counted.
    expect([sent, failedOver]).toEqual([0, 0])
    expect(await second.row(second.ids[0])).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'refused',
    })
  })
})
