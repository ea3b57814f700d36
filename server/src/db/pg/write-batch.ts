import type { SQL } from 'bun'
import { isRetryable, sqlState } from '../engine'
import { DatabaseUnavailable, isDatabaseUnavailable } from '../unavailable'
import { retrying, USER_WRITE_LOCK } from './core'

/**
 * Group commit for the hot small writes on PostgreSQL (report items: ≥ 5,000 writes/s,
 * docs/database.md, "Group commit"), the same contract as SQLite's (src/db/sqlite/write-batch.ts).
 *
 * A durable commit waits for its WAL flush, and every write of a user also holds that user's
 * data-version row from its bump to its COMMIT: one user's writes committed one at a time cost
 * one flush each. So writes that arrive together (the same turn of the event loop, as concurrent
 * requests do) share ONE transaction on one connection, up to PARALLEL batches at a time per
 * process (the next one gathers what arrives meanwhile: GATHER writes, or GATHER_WAIT_MS). The batch first takes the write lock of
 * each of its users (in id order, as every multi-statement write of a user does first), then runs
 * its writes' statements pipelined on the connection, and bumps each user's version once, by one
 * statement just before COMMIT. Every promise settles only after the COMMIT: no answer reports a
 * write that is not durable.
 *
 * Round trips, not only statements, bound how fast a batch goes: a batch whose writes are each
 * one statement (`batch.statement`: an item's edit, its deletion) is sent whole, BEGIN to COMMIT,
 * and answered in one round trip (`transaction`). Writes of one kind can share their statement
 * (`batch.bulk`: the batch's new items are one INSERT), which pays a statement's fixed cost once
 * for all of them.
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
  /** The write alone (and in the savepoint of the batch's second try). */
  run: (sql: SQL) => Promise<unknown>
  /** The write sends exactly one statement, as soon as it runs, and nothing after it. */
  single: boolean
  /** Written with the batch's other writes of the same kind, in one statement. */
  bulk?: { kind: Bulk<unknown, unknown>; args: unknown }
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Writes of one kind made by one statement for all of a batch's (new items: their INSERT).
 * `run` sends that statement for every argument at once (when called: queries are lazy, so it
 * calls `then` itself) and answers each argument's result in the same order; it must not throw
 * once the statement is answered. Alone (the batch's second try) it is called with one argument.
 */
export type Bulk<A, T> = {
  run: (sql: SQL, args: A[]) => PromiseLike<T[]>
  /**
   * When a batch holds writes of this kind only: the whole batch as one statement of its own
   * transaction (PostgreSQL commits a lone statement by itself), or null when these arguments need
   * more (`run` in a transaction then). The statement must do what the batch's transaction does
   * around `run`: take the users' write locks and declare them (`cadence.batch_users`) before its
   * first row, and bump each user's data version once (`batch` holds the parameters for it).
   */
  alone?: (sql: SQL, args: A[], batch: BatchUsers) => PromiseLike<T[]> | null
}

/**
 * A batch's users, each once, in id order: as an int[] literal ('{1,5}') and as declared
 * (',1,5,'). A batch run as one statement locks and declares them itself (`lockedAndDeclared`)
 * and bumps them (`bumpOf`).
 */
export type BatchUsers = { users: string; declared: string }

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/** At most this many writes share a transaction. */
export const MAX_BATCH = 256

/** At most this many batches (transactions, connections) at once, fewer than the pool has. */
export const PARALLEL = 3

/** Runs a write on the connection it is given, in the next group commit. */
export type WriteBatch = {
  <T>(user: number, run: (sql: SQL) => Promise<T>): Promise<T>
  /**
   * A write of one statement: `query` makes it (a query not yet sent: queries are lazy), and the
   * batch sends it; `answer` reads its rows and must not throw. When every write of a batch is one
   * statement, COMMIT is sent right behind them (one round trip for the whole batch).
   */
  statement<T, R = unknown>(
    user: number,
    query: (sql: SQL) => PromiseLike<R>,
    answer: (rows: R) => T,
  ): Promise<T>
  /** A write of a kind the batch makes in one statement for all its writes of that kind. */
  bulk<A, T>(user: number, kind: Bulk<A, T>, args: A): Promise<T>
}

/** A statement of the batch failed: its transaction is aborted, run it again with savepoints. */
class Fallback extends Error {}

/** What a transaction's body gives back: its writes' outcomes, and its COMMIT when it sent it. */
type Body = { outcomes: Outcome[]; commit?: Promise<{ command?: string }> }

/**
 * A condition true once the users ($users, an int[]) hold their write locks (core.ts, lockUser),
 * shared and in id order, and are declared for the transaction (`cadence.batch_users` = $declared,
 * ',1,5,'). Shared: batches run side by side, and a multi-statement write of one of the users
 * (which takes it alone) waits for them or they for it, so neither meets the other's row locks
 * half-way. Declared: their item rows queue no deferred version trigger
 * (drizzle-pg/0019_batch_declared_users.sql), since the batch bumps each once (`bumpOf`).
 */
export const lockedAndDeclared = (users: string, declared: string) =>
  `(SELECT count(*) FROM (SELECT set_config('cadence.batch_users', ${declared}, true),
     pg_advisory_xact_lock_shared(${USER_WRITE_LOCK}, u)
     FROM unnest(${users}::int[]) WITH ORDINALITY AS l(u, k) ORDER BY k) AS locked) >= 0`

/** A statement bumping the data version of each of the users ($users, an int[]) once, in id order. */
export const bumpOf = (users: string, from = '') => `INSERT INTO data_versions (user_id, version)
SELECT u, 1 FROM unnest(${users}::int[]) AS t(u)${from} ORDER BY u
ON CONFLICT (user_id) DO UPDATE SET version = data_versions.version + 1`

/** Generic plans for the rest of the transaction (an expression; see BEGIN_BATCH). */
export const GENERIC_PLANS = "set_config('plan_cache_mode', 'force_generic_plan', true)"

/**
 * A batch's first statement, right after BEGIN, for the transaction only: its users locked and
 * declared, and generic plans for its statements: they are the same few, prepared, run thousands
 * of times a second, and left to choose, PostgreSQL plans a new item's statement again at every
 * execution (its custom plan looks cheaper): a fifth of its CPU per write.
 */
const BEGIN_BATCH = `SELECT ${GENERIC_PLANS}, ${lockedAndDeclared('$1', '$2')}`

/** The batch's users (BatchUsers), computed once per batch by runBatch. */
function usersOf(batch: Pending[]): BatchUsers {
  const ids = [...new Set(batch.map((p) => Math.trunc(p.user)))].sort((a, b) => a - b)
  return { users: `{${ids.join(',')}}`, declared: `,${ids.join(',')},` }
}

/**
 * Bumps the data version of each of the batch's users once, in one statement sent just before
 * COMMIT, and records them as bumped (`cadence.bumped`, as cadence_bump keeps it): a deferred row
 * trigger of another table of theirs then skips its bump, and their item rows queued none
 * (lockedAndDeclared). Just before COMMIT, not first: a user's version row stays locked from its
 * bump to the COMMIT, and another batch of that user waits only there, not from its first write.
 * Plain SQL, not the PL/pgSQL `cadence_bump_users` of drizzle-pg/0017 (kept for instances not yet
 * upgraded): that call cost PostgreSQL ~80 µs a batch, this statement ~30.
 */
const BUMP_USERS = `
WITH marked AS MATERIALIZED (
  SELECT set_config('cadence.bumped',
    coalesce(nullif(current_setting('cadence.bumped', true), ''), ',') || substr($2, 2), true) AS done
)
${bumpOf('$1', ', marked')}`

const bumpUsers = (sql: SQL, { users, declared }: BatchUsers) =>
  sql.unsafe(BUMP_USERS, [users, declared])

/**
 * Failed statements, as the batch takes them: the database unavailable or a retryable conflict
 * fails the whole batch (retried, or answered 503); any other error of PostgreSQL's (a unique
 * index, a foreign key) runs the batch again one write at a time. Returns for other errors.
 */
function failBatchOn(errors: unknown[]) {
  for (const error of errors) if (isDatabaseUnavailable(error) || isRetryable(error)) throw error
  if (errors.some((error) => sqlState(error) !== undefined)) throw new Fallback()
}

/** Every write at once, pipelined on the transaction's connection (COMMIT too, when it can be). */
async function together(sql: SQL, batch: Pending[], users: BatchUsers): Promise<Body> {
  const runs: Promise<unknown>[] = []
  // Each kind of bulk write: one statement for all of its writes (their places in the batch).
  const kinds = new Map<Bulk<unknown, unknown>, number[]>()
  batch.forEach((p, i) => {
    if (p.bulk) {
      const places = kinds.get(p.bulk.kind)
      if (places) places.push(i)
      else kinds.set(p.bulk.kind, [i])
      return
    }
    try {
      runs[i] = p.run(sql)
    } catch (error) {
      runs[i] = Promise.reject(error)
    }
  })
  // A shared statement that fails fails all its writes: they are run again, each alone.
  let shared = false
  for (const [kind, places] of kinds) {
    let all: Promise<unknown[]>
    try {
      all = Promise.resolve(
        kind.run(
          sql,
          places.map((i) => batch[i].bulk?.args),
        ),
      )
    } catch (error) {
      all = Promise.reject(error)
    }
    if (places.length > 1)
      all.catch(() => {
        shared = true
      })
    places.forEach((i, j) => {
      runs[i] = all.then((results) => results[j])
    })
  }
  // Every write has sent its one statement: COMMIT goes right behind them. Should any of them
  // fail, PostgreSQL answers this COMMIT with ROLLBACK, and nothing of the batch stays.
  const single = batch.every((p) => p.single)
  const bumped = single
    ? bumpUsers(sql, users).then(
        () => null,
        (error: unknown) => ({ error }),
      )
    : null
  const commit = single
    ? (sql`COMMIT` as unknown as Promise<{ command?: string }>).then(
        (ended) => ended,
        (error: unknown) => ({ error }) as { command?: string; error: unknown },
      )
    : undefined
  const settled = await Promise.allSettled(runs)
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []))
  failBatchOn(failures)
  if (shared) throw new Fallback()
  if (!bumped) await bumpUsers(sql, users)
  else {
    const failed = await bumped
    if (failed) throw failed.error
  }
  return {
    outcomes: settled.map(
      (s): Outcome =>
        s.status === 'fulfilled' ? { ok: true, value: s.value } : { ok: false, error: s.reason },
    ),
    commit,
  }
}

/** One write after another, each in its own savepoint: a failing statement undoes only its write. */
async function oneByOne(sql: SQL, batch: Pending[], users: BatchUsers): Promise<Body> {
  const outcomes: Outcome[] = []
  for (const p of batch) {
    await sql`SAVEPOINT batched_write`
    try {
      const value = await p.run(sql)
      await sql`RELEASE SAVEPOINT batched_write`
      outcomes.push({ ok: true, value })
    } catch (error) {
      if (isDatabaseUnavailable(error) || isRetryable(error)) throw error
      await sql`ROLLBACK TO SAVEPOINT batched_write`
      outcomes.push({ ok: false, error })
    }
  }
  await bumpUsers(sql, users)
  return { outcomes }
}

type Reserved = SQL & { release(): void }

/**
 * `body` in one transaction on a connection of the pool's, in as few round trips as its writes
 * allow. BEGIN is sent with the statements after it, not before them: a tagged template goes by
 * the extended protocol, which PostgreSQL pipelines, where `begin()` (and a text without
 * parameters given to `unsafe`) waits for its answer first. Queries are lazy: `then` sends each,
 * in the order of the calls, so BEGIN is sent first.
 */
type BatchBody = (sql: SQL, batch: Pending[], users: BatchUsers) => Promise<Body>

async function transaction(pool: SQL, body: BatchBody, batch: Pending[], users: BatchUsers) {
  const sql = await (pool as SQL & { reserve(): Promise<Reserved> }).reserve()
  let open = true
  try {
    const begun = sql`BEGIN`.then(
      () => null,
      (error: unknown) => ({ error }),
    )
    // Its plans, its users declared and locked; when this fails, what follows fails for it.
    const planned = sql.unsafe(BEGIN_BATCH, [users.users, users.declared]).then(
      () => null,
      (error: unknown) => ({ error }),
    )
    const result = await body(sql, batch, users).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
    // BEGIN's answer first: when it failed, it is what made the rest fail.
    const failed = (await begun) ?? (await planned) ?? ('error' in result ? result : null)
    if (failed) throw failed.error
    const { outcomes, commit } = (result as { value: Body }).value
    const ended = await (commit ?? (sql`COMMIT` as unknown as Promise<{ command?: string }>))
    if ('error' in ended) throw ended.error
    open = false
    // A failed statement aborts the transaction, and COMMIT then answers ROLLBACK; every failure
    // is seen above, so this only guards the promise: never report writes that were not committed.
    if (ended.command !== 'COMMIT') throw new Error(`The write batch ended in ${ended.command}`)
    return outcomes
  } catch (error) {
    // A COMMIT already sent with the batch settles the transaction either way; ROLLBACK then only
    // warns. The database not answering: Bun closes a connection released in a transaction.
    if (open && !isDatabaseUnavailable(error))
      await sql`ROLLBACK`.then(
        () => {
          open = false
        },
        () => {},
      )
    throw error
  } finally {
    sql.release()
  }
}

/**
 * A batch of one bulk kind that can run alone: one statement, its own transaction (no BEGIN, no
 * COMMIT, no statements around it: one message, one answer). It fails whole, and nothing of it
 * stays; a failure of a statement's own (a foreign key, a unique index) runs the batch again one
 * write at a time in a transaction, as any batch.
 */
async function byItself(
  pool: SQL,
  batch: Pending[],
  users: BatchUsers,
  kind: Bulk<unknown, unknown>,
) {
  const sent = kind.alone?.(
    pool,
    batch.map((p) => p.bulk?.args),
    users,
  )
  if (!sent) return null
  try {
    const results = await sent
    return results.map((value): Outcome => ({ ok: true, value }))
  } catch (error) {
    failBatchOn([error])
    throw error
  }
}

/** The bulk kind of every write of the batch, when it is one kind that can run alone. */
function aloneKind(batch: Pending[]) {
  const kind = batch[0].bulk?.kind
  return kind?.alone && batch.every((p) => p.bulk?.kind === kind) ? kind : null
}

async function runBatch(pool: SQL, batch: Pending[]) {
  const users = usersOf(batch)
  const inTransaction = (body: BatchBody) => retrying(() => transaction(pool, body, batch, users))
  let outcomes: Outcome[]
  try {
    try {
      const kind = aloneKind(batch)
      outcomes =
        (kind && (await retrying(() => byItself(pool, batch, users, kind)))) ??
        (await inTransaction(together))
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
 * While another batch runs, a new one waits until this many writes wait for it, or until the
 * first of them has waited GATHER_WAIT_MS (when no batch runs, a write starts one at once: a lone
 * user waits for nothing). A batch's statement and COMMIT have a fixed cost in PostgreSQL that is
 * several times an item's: batches started as soon as a connection was free often held a single
 * write, so gathering a few more raises the writes per second (docs/database.md, group commit).
 */
export const GATHER = 4

/** At most this long (ms) does a write wait for others to gather, while another batch runs. */
export const GATHER_WAIT_MS = 1

/**
 * The group commit of one pool (src/db/pg/index.ts makes one per engine). Up to PARALLEL batches
 * run at once (always leaving a connection for everything else), each on its own connection: the
 * statements of one run on one server process, so with one batch at a time the database would
 * use one core however many it has.
 */
export function writeBatch(
  pool: SQL,
  poolSize = 10,
  gather = { writes: GATHER, waitMs: GATHER_WAIT_MS },
  deadlineMs?: number,
): WriteBatch {
  const parallel = Math.max(1, Math.min(PARALLEL, poolSize - 1))
  let queue: Pending[] = []
  let running = 0
  let scheduled = false
  // Armed while the queue gathers (GATHER); `overdue` once its first write has waited long enough.
  let gathering: ReturnType<typeof setTimeout> | undefined
  let overdue = false
  const flush = () => {
    scheduled = false
    while (queue.length && running < parallel) {
      if (running > 0 && queue.length < gather.writes && !overdue) {
        gathering ??= setTimeout(() => {
          gathering = undefined
          overdue = true
          flush()
        }, gather.waitMs)
        return
      }
      overdue = false
      const batch = queue.slice(0, MAX_BATCH)
      queue = queue.slice(MAX_BATCH)
      running++
      void runBatch(pool, batch).finally(() => {
        running--
        schedule()
      })
    }
    if (!queue.length && gathering) {
      clearTimeout(gathering)
      gathering = undefined
    }
  }
  const schedule = () => {
    if (scheduled || !queue.length || running >= parallel) return
    scheduled = true
    setImmediate(flush)
  }
  const enqueue = <T>(
    user: number,
    run: (sql: SQL) => Promise<T>,
    single: boolean,
    bulk?: Pending['bulk'],
  ) =>
    new Promise<T>((resolve, reject) => {
      const pending: Pending = {
        user,
        run,
        single,
        bulk,
        resolve: resolve as (value: unknown) => void,
        reject,
      }
      if (deadlineMs !== undefined) bound(pending, resolve as (value: unknown) => void, reject)
      queue.push(pending)
      schedule()
    })
  // Each write is answered within `deadlineMs` of its arrival, however long it waited for a batch
  // (a hung database holds every running batch until its own statements' deadline): one still
  // queued then is never sent; one in a batch gets DatabaseUnavailable now, its batch's outcome
  // later changes nothing.
  const bound = (
    pending: Pending,
    resolve: (value: unknown) => void,
    reject: (error: unknown) => void,
  ) => {
    const timer = setTimeout(() => {
      const at = queue.indexOf(pending)
      if (at >= 0) queue.splice(at, 1)
      reject(new DatabaseUnavailable(`The database did not answer within ${deadlineMs} ms`))
    }, deadlineMs)
    pending.resolve = (value) => {
      clearTimeout(timer)
      resolve(value)
    }
    pending.reject = (error) => {
      clearTimeout(timer)
      reject(error)
    }
  }
  return Object.assign(
    <T>(user: number, run: (sql: SQL) => Promise<T>) => enqueue(user, run, false),
    {
      statement: <T, R>(
        user: number,
        query: (sql: SQL) => PromiseLike<R>,
        answer: (rows: R) => T,
      ) =>
        // `then` called here, not by an `await` (which calls it a microtask later): the query is
        // sent before the COMMIT that `together` sends next.
        enqueue(user, (sql) => Promise.resolve(query(sql).then(answer)), true),
      bulk: <A, T>(user: number, kind: Bulk<A, T>, args: A) =>
        enqueue<T>(
          user,
          (sql) => Promise.resolve(kind.run(sql, [args]).then(([result]) => result)),
          true,
          { kind: kind as Bulk<unknown, unknown>, args },
        ),
    },
  )
}
