import type { SQL } from 'bun'
import { isRetryable, TX_ATTEMPTS } from '../engine'
import type { WriteBatch } from './write-batch'

/**
 * What PostgreSQL's statement files get: the connection to run on (the pool, or inside a
 * transaction its own connection). `sql.unsafe(text, params)` runs a statement with $1… params.
 */
export type PgCore = {
  sql: SQL
  /** Outside a transaction: the group commit the hot writes go through (write-batch.ts). */
  batch?: WriteBatch
}

/**
 * The key space of the per-user write locks (pg_advisory_xact_lock's first key; the second is the
 * user's id). The migration lock uses the one-key form, which never meets this one. The placing
 * trigger (drizzle-pg/0014_item_write_path.sql, `cadence_place_item`) names the number itself.
 */
export const USER_WRITE_LOCK = 7_349_127

/**
 * Takes the user's write lock for the rest of the transaction (released at COMMIT or ROLLBACK;
 * taking it twice in one transaction is harmless). Every multi-statement write of a user's data
 * takes it first, before any row lock, so two of them never wait on each other in a cycle.
 */
export async function lockUser(sql: SQL, userId: number) {
  await sql.unsafe('SELECT pg_advisory_xact_lock($1, $2)', [USER_WRITE_LOCK, userId])
}

/**
 * Runs `fn` again when it fails on a deadlock or a serialisation failure (40P01, 40001), at most
 * TX_ATTEMPTS times in all, after a short random pause that grows with each try. `fn` must be a
 * whole transaction: the failed try was rolled back entirely.
 */
export async function retrying<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (error) {
      if (attempt >= TX_ATTEMPTS || !isRetryable(error)) throw error
      await Bun.sleep(Math.random() * 5 * 2 ** attempt)
    }
  }
}
