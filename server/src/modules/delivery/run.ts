/**
 * What e-mail and chat deliveries share: finding the due ones, claiming each for one sender, and
 * recording the outcome with the retry schedule. The senders (mail.ts, chat.ts) only say which
 * rows are theirs and how one is sent.
 */
import { and, asc, eq, lte, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { deliveries } from '../../db/schema'

export type Delivery = typeof deliveries.$inferSelect

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const BACKOFF_MINUTES = [1, 5, 15, 60] as const
export const MAX_ATTEMPTS = 5
/** How long a delivery being sent is held from other senders (a crash mid-send retries after). */
const LEASE_MS = 10 * 60_000

/** A delivery that can never succeed (no recipients, report deleted): failed at once, no retry. */
export class Skip extends Error {}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error'

/**
 * Sends every pending delivery matching `which` due at `now` (oldest first). A failure is
 * recorded with its error (`message` turns it into what the user reads) and retried after 1, 5,
 * 15 and 60 minutes; the 5th failed attempt makes it `failed`. Each delivery is claimed before
 * sending by one conditional UPDATE (compare-and-set on its status and due time, which the claim
 * moves LEASE_MS ahead): of several senders on one database, on any number of server instances
 * and on either engine, exactly one wins the row; a sender that crashes mid-send leaves a lease
 * that expires, and the delivery is tried again. The network send happens outside any
 * transaction. Answers how many were sent.
 */
export async function runDueDeliveries(
  ctx: AppContext,
  options: {
    which: SQL | undefined
    send: (delivery: Delivery) => Promise<unknown>
    message?: (error: unknown) => string
    now?: Date
    batch?: number
  },
) {
  const now = options.now ?? new Date()
  const nowIso = now.toISOString()
  const due = await ctx.db.orm
    .select()
    .from(deliveries)
    .where(
      and(eq(deliveries.status, 'pending'), lte(deliveries.next_attempt_at, nowIso), options.which),
    )
    .orderBy(asc(deliveries.next_attempt_at), asc(deliveries.id))
    .limit(options.batch ?? 20)
  let sent = 0
  for (const delivery of due) {
    const claimed = await ctx.db.orm
      .update(deliveries)
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where(
        and(
          eq(deliveries.id, delivery.id),
          eq(deliveries.status, 'pending'),
          eq(deliveries.next_attempt_at, delivery.next_attempt_at),
        ),
      )
      .returning({ id: deliveries.id })
    if (!claimed.length) continue
    try {
      await options.send(delivery)
      const at = new Date().toISOString()
      await ctx.db.orm
        .update(deliveries)
        .set({
          status: 'sent',
          attempts: delivery.attempts + 1,
          sent_at: at,
          next_attempt_at: at,
          last_error: null,
          updated_at: at,
        })
        .where(eq(deliveries.id, delivery.id))
      sent++
    } catch (error) {
      const at = new Date().toISOString()
      if (error instanceof Skip) {
        await ctx.db.orm
          .update(deliveries)
          .set({ status: 'failed', last_error: error.message, next_attempt_at: at, updated_at: at })
          .where(eq(deliveries.id, delivery.id))
        continue
      }
      const attempts = delivery.attempts + 1
      const final = attempts >= MAX_ATTEMPTS
      const wait = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] * 60_000
      await ctx.db.orm
        .update(deliveries)
        .set({
          status: final ? 'failed' : 'pending',
          attempts,
          last_error: (options.message ?? errorText)(error),
          next_attempt_at: final ? nowIso : new Date(now.getTime() + wait).toISOString(),
          updated_at: at,
        })
        .where(eq(deliveries.id, delivery.id))
    }
  }
  return sent
}
