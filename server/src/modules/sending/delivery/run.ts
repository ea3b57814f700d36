/**
 * What e-mail and chat deliveries share: finding the due ones, claiming each for one sender, and
 * recording the outcome with the retry schedule. The senders (mail.ts, chat.ts) only say which
 * rows are theirs and how one is sent.
 */
import { and, asc, eq, lte, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { deliveries } from '../../../db/schema'

export type Delivery = typeof deliveries.$inferSelect

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const BACKOFF_MINUTES = [1, 5, 15, 60] as const
export const MAX_ATTEMPTS = 5
/**
 * How long a claimed delivery is held from other senders, from the moment of its claim (a crash
 * mid-send is retried after it). Far above one send's own timeouts.
 */
export const LEASE_MS = 10 * 60_000

/** A delivery that can never succeed (no recipients, report deleted): failed at once, no retry. */
export class Skip extends Error {}

/** How long a stopping instance lets a send in flight finish before it releases its lease. */
export const STOP_GRACE_MS = 5_000

/** A send in flight: `done` once its outcome is recorded or its delivery given back (`release`). */
type InFlightSend = { release: () => void; done: Promise<void> }
type Senders = { stopping: boolean; sends: Set<InFlightSend> }
const senders = new WeakMap<object, Senders>()
const sendersOf = (db: object) => {
  let found = senders.get(db)
  if (!found) {
    found = { stopping: false, sends: new Set() }
    senders.set(db, found)
  }
  return found
}

/**
 * A graceful stop (SIGTERM, src/index.ts): the senders on this database claim nothing more; a
 * send in flight gets `graceMs` to finish (and is recorded as usual), and one still running then
 * gives its delivery back at once — its lease released, due again as it was, attempts unchanged —
 * so the next instance sends it once instead of after the 10-minute lease. Resolves when every
 * send has finished or been released.
 */
export async function stopDeliveries(db: object, graceMs = STOP_GRACE_MS) {
  const state = sendersOf(db)
  state.stopping = true
  const running = [...state.sends]
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Promise.allSettled(running.map((s) => s.done)),
    new Promise((resolve) => {
      timer = setTimeout(resolve, graceMs)
    }),
  ])
  clearTimeout(timer)
  const left = [...state.sends]
  for (const send of left) send.release()
  await Promise.allSettled(left.map((s) => s.done))
  return { released: left.length }
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error'

/**
 * Sends every pending delivery matching `which` due at `now` (oldest first). A failure is
 * recorded with its error (`message` turns it into what the user reads) and retried after 1, 5,
 * 15 and 60 minutes; the 5th failed attempt makes it `failed`.
 *
 * Exactly one sender sends a delivery at a time, on any number of server instances and on either
 * engine. Each delivery is claimed right before it is sent by one conditional UPDATE
 * (compare-and-set on its status and due time) that moves its due time LEASE_MS past the moment
 * of the claim: that time is the lease and the claim's token. The outcome ('sent', a failure, a
 * retry time) is recorded only while the row still holds that token, so a sender whose lease ran
 * out (it stalled, another instance took the delivery over) changes nothing. A sender that
 * crashes mid-send leaves a lease that expires, and the delivery is tried again. A send is
 * bounded well under LEASE_MS (SMTP and webhook timeouts), however slow the rest of the batch.
 * The network send happens outside any transaction. Answers how many were sent.
 */
export async function runDueDeliveries(
  ctx: AppContext,
  options: {
    which: SQL | undefined
    send: (delivery: Delivery) => Promise<unknown>
    message?: (error: unknown) => string
    now?: Date
    batch?: number
    /** The time of each claim and outcome: by default `now` plus the time the batch has taken. */
    clock?: () => Date
  },
) {
  const now = options.now ?? new Date()
  const started = performance.now()
  const clock = options.clock ?? (() => new Date(now.getTime() + (performance.now() - started)))
  const due = await ctx.db.orm
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, 'pending'),
        lte(deliveries.next_attempt_at, now.toISOString()),
        options.which,
      ),
    )
    .orderBy(asc(deliveries.next_attempt_at), asc(deliveries.id))
    .limit(options.batch ?? 20)
  let sent = 0
  const state = sendersOf(ctx.db)
  for (const delivery of due) {
    // Stopping: nothing more is claimed (what is left is the next instance's).
    if (state.stopping) break
    const lease = new Date(clock().getTime() + LEASE_MS).toISOString()
    const claimed = await ctx.db.orm
      .update(deliveries)
      .set({ next_attempt_at: lease })
      .where(
        and(
          eq(deliveries.id, delivery.id),
          eq(deliveries.status, 'pending'),
          eq(deliveries.next_attempt_at, delivery.next_attempt_at),
        ),
      )
      .returning({ id: deliveries.id })
    if (!claimed.length) continue
    // The outcome, recorded only by the holder of the claim.
    const record = (values: Partial<Delivery>) =>
      ctx.db.orm
        .update(deliveries)
        .set(values)
        .where(
          and(
            eq(deliveries.id, delivery.id),
            eq(deliveries.status, 'pending'),
            eq(deliveries.next_attempt_at, lease),
          ),
        )
        .returning({ id: deliveries.id })
    let release = () => {}
    let finish = () => {}
    const released = new Promise<'released'>((resolve) => {
      release = () => resolve('released')
    })
    const sending = Promise.resolve().then(() => options.send(delivery))
    // Given back, the send may still fail later: nobody waits for it then.
    sending.catch(() => {})
    const inFlight: InFlightSend = {
      release,
      done: new Promise<void>((resolve) => {
        finish = resolve
      }),
    }
    state.sends.add(inFlight)
    try {
      if ((await Promise.race([sending, released])) === 'released') {
        // Stopping, and the send did not finish in the grace period: give the delivery back now,
        // due as it was (the lease is the token: a send that ends later records nothing).
        await ctx.db.orm
          .update(deliveries)
          .set({ next_attempt_at: delivery.next_attempt_at })
          .where(
            and(
              eq(deliveries.id, delivery.id),
              eq(deliveries.status, 'pending'),
              eq(deliveries.next_attempt_at, lease),
            ),
          )
        break
      }
      const at = clock().toISOString()
      const done = await record({
        status: 'sent',
        attempts: delivery.attempts + 1,
        sent_at: at,
        next_attempt_at: at,
        last_error: null,
        updated_at: at,
      })
      if (done.length) sent++
    } catch (error) {
      const at = clock()
      if (error instanceof Skip) {
        await record({
          status: 'failed',
          last_error: error.message,
          next_attempt_at: at.toISOString(),
          updated_at: at.toISOString(),
        })
        continue
      }
      const attempts = delivery.attempts + 1
      const final = attempts >= MAX_ATTEMPTS
      const wait = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] * 60_000
      await record({
        status: final ? 'failed' : 'pending',
        attempts,
        last_error: (options.message ?? errorText)(error),
        next_attempt_at: new Date(at.getTime() + (final ? 0 : wait)).toISOString(),
        updated_at: at.toISOString(),
      })
    } finally {
      state.sends.delete(inFlight)
      finish()
    }
  }
  return sent
}
