import type { SQL } from 'bun'
import { isRetryable, sqlState } from '../engine'
import { isDatabaseUnavailable } from '../unavailable'
import { retrying, USER_WRITE_LOCK } from './core'

/**
 * Group commit for the hot small writes on PostgreSQL (report items: ≥ 5,000 writes/s,
 * docs/architecture.md, "Group commit"), the same contract as SQLite's (src/db/sqlite/write-batch.ts).
 *
 * A durable commit waits for its WAL flush, and every write of a user also holds that user's
 * data-version row from its bump to its COMMIT: one user's writes committed one at a time cost
 * one flush each. So writes that arrive together (the same turn of the event loop, as concurrent
 * requests do) share ONE transaction on one connection, at most one batch at a time per process
 * (the next one gathers what arrives meanwhile). The batch first takes the write lock of each of
 * its users (in id order, as every multi-statement write of a user does first), then runs its
 * writes' statements pipelined on the connection, and bumps each user's version once, at COMMIT.
 * Every promise settles only after the COMMIT: no answer reports a write that is not durable.
 *
 * A write that throws alone is rolled back alone and rejects alone, exactly as if it had run by
 * itself: a write may throw from its own logic only before it writes (a plan's 404 or 400 leaves
 * nothing to undo); when one of its statements fails the transaction is aborted, so the batch is
 * run again from the start with each write in its own savepoint, and only that write fails. A
 * deadlock or serialisation failure runs the whole batch again (retrying): a new item locks its
 * section's row (statements/items.ts), so two batches that lock two sections in opposite orders
 * end in a deadlock and one of them runs again. A database that does not answer fails the whole
 * batch with DatabaseUnavailable (503).
 */

type Pending = {
  user: number
  run: (sql: SQL) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/** At most this many writes share a transaction. */
export const MAX_BATCH = 256

/** At most this many batches (transactions, connections) at once, fewer than the pool has. */
export const PARALLEL = 3

/** Runs `run` (a write on the connection it is given) in the next group commit. */
export type WriteBatch = <T>(user: number, run: (sql: SQL) => Promise<T>) => Promise<T>

/** A statement of the batch failed: its transaction is aborted, run it again with savepoints. */
class Fallback extends Error {}

/**
 * Takes the users' write locks (core.ts, lockUser) in id order, shared: batches run side by side,
 * and a multi-statement write of one of the users (which takes it alone) waits for them or they
 * for it, so neither meets the other's row locks half-way.
 */
function lockUsers(sql: SQL, batch: Pending[]) {
  const users = [...new Set(batch.map((p) => Math.trunc(p.user)))].sort((a, b) => a - b)
  return sql.unsafe(
    'SELECT pg_advisory_xact_lock_shared($1, u) FROM unnest($2::int[]) WITH ORDINALITY AS x(u, n) ORDER BY n',
    [USER_WRITE_LOCK, `{${users.join(',')}}`],
  )
}

/** Every write at once, pipelined on the transaction's connection. */
async function together(sql: SQL, batch: Pending[]): Promise<Outcome[]> {
  const locked = lockUsers(sql, batch).then(
    () => null,
    (error: unknown) => ({ error }),
  )
  const settled = await Promise.allSettled(
    batch.map((p) => {
      try {
        return p.run(sql)
      } catch (error) {
        return Promise.reject(error)
      }
    }),
  )
  const lockFailed = await locked
  if (lockFailed) throw lockFailed.error
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []))
  for (const error of failures) if (isDatabaseUnavailable(error) || isRetryable(error)) throw error
  if (failures.some((error) => sqlState(error) !== undefined)) throw new Fallback()
  return settled.map(
    (s): Outcome =>
      s.status === 'fulfilled' ? { ok: true, value: s.value } : { ok: false, error: s.reason },
  )
}

/** One write after another, each in its own savepoint: a failing statement undoes only its write. */
async function oneByOne(sql: SQL, batch: Pending[]): Promise<Outcome[]> {
  await lockUsers(sql, batch)
  const outcomes: Outcome[] = []
  const savepoint = sql as unknown as { savepoint: <T>(fn: (sql: SQL) => Promise<T>) => Promise<T> }
  for (const p of batch) {
    try {
      outcomes.push({ ok: true, value: await savepoint.savepoint((sp) => p.run(sp)) })
    } catch (error) {
      if (isDatabaseUnavailable(error) || isRetryable(error)) throw error
      outcomes.push({ ok: false, error })
    }
  }
  return outcomes
}

async function runBatch(pool: SQL, batch: Pending[]) {
  const inTransaction = (body: (sql: SQL, batch: Pending[]) => Promise<Outcome[]>) =>
    retrying(() => pool.begin((sql) => body(sql, batch)) as Promise<Outcome[]>)
  let outcomes: Outcome[]
  try {
    try {
      outcomes = await inTransaction(together)
    } catch (error) {
      if (!(error instanceof Fallback)) throw error
      outcomes = await inTransaction(oneByOne)
    }
  } catch (error) {
    for (const p of batch) p.reject(error)
    return
  }
  batch.forEach((p, i) => {
    const outcome = outcomes[i]
    if (outcome.ok) p.resolve(outcome.value)
    else p.reject(outcome.error)
  })
}

/**
 * The group commit of one pool (src/db/pg/index.ts makes one per engine). Up to PARALLEL batches
 * run at once (always leaving a connection for everything else), each on its own connection: the statements of one run on one server process, so
 * with one batch at a time the database would use one core however many it has.
 */
export function writeBatch(pool: SQL, poolSize = 10): WriteBatch {
  const parallel = Math.max(1, Math.min(PARALLEL, poolSize - 1))
  let queue: Pending[] = []
  let running = 0
  let scheduled = false
  const flush = () => {
    scheduled = false
    while (queue.length && running < parallel) {
      const batch = queue.slice(0, MAX_BATCH)
      queue = queue.slice(MAX_BATCH)
      running++
      void runBatch(pool, batch).finally(() => {
        running--
        schedule()
      })
    }
  }
  const schedule = () => {
    if (scheduled || !queue.length || running >= parallel) return
    scheduled = true
    setImmediate(flush)
  }
  return <T>(user: number, run: (sql: SQL) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ user, run, resolve: resolve as (value: unknown) => void, reject })
      schedule()
    })
}
