import type { Database } from 'bun:sqlite'
import { closeSync, fdatasync, openSync } from 'node:fs'
import type { Gate } from '.'

/**
 * Group commit for the hot small writes (items: ≥ 5,000 writes/s, docs/benchmarks.md).
 *
 * A commit costs far more than the row: the WAL frames of every touched page (the table, its
 * indexes, the data version, the pending search entry; the FTS5 index itself is written later in
 * one batch, src/search/sqlite.ts). So
 * writes that arrive together (the same turn of the event loop, as concurrent requests do) run in
 * ONE transaction: each in its own savepoint, so a write that throws is rolled back alone and
 * rejects alone, exactly as if it had run by itself; the others commit together. Every promise
 * settles only after the COMMIT, so no answer reports a write that is not durable yet.
 * A commit's cost is mostly fixed, so a batch costs each write a fraction of committing alone.
 *
 * The fsync happens off the server's thread: the batch commits with `synchronous = NORMAL` (no
 * fsync inside COMMIT; the connection is FULL again right after), then the WAL file is synced
 * with fdatasync on Bun's I/O threads, which is what FULL does inside COMMIT, and only then do the
 * batch's promises settle. While the disk syncs, the thread parses and runs the next requests;
 * batches that commit during one sync share the next (`walSync`). The WAL is append-only and
 * replayed in order, so syncing it makes every earlier commit durable as well; a checkpoint
 * syncs the WAL before it copies it. Measured on the seeded database: the blocking COMMIT took
 * ~85 µs of the thread per item create (batches of ~9), the non-blocking one ~25 µs. A write is
 * visible to other requests from its COMMIT, a fraction of a millisecond before it is on disk;
 * its own answer, and every answer that depends on it being durable, waits for the sync.
 *
 * While a sync runs, new writes wait for it to end and then commit together (`afterSyncs`). A
 * write committed during a sync could not be answered before the next sync anyway, so this costs
 * its answer nothing, and the batches are twice as large: a COMMIT writes every page the batch
 * touched (table, indexes, data version, search entry), and pages shared by a batch are written
 * once. Measured at 16 clients creating items: ~4 writes per COMMIT and two COMMITs per sync
 * before, one COMMIT per sync after.
 */

type Pending = {
  run: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** At most this many writes share a transaction (bounds the time one flush holds the thread). */
export const MAX_BATCH = 256

const queues = new WeakMap<Database, Pending[]>()

type Sync = () => Promise<void>
const syncs = new WeakMap<Database, Sync | null>()

/**
 * fdatasync of the database's WAL file: opened and closed on the server's thread (a few µs each),
 * synced on Bun's I/O threads, so a sync waits for one answer from them, not three. No WAL file:
 * the last connection closed, which checkpoints it into the database file and syncs that.
 */
function syncFile(path: string) {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return Promise.resolve()
    return Promise.reject(error)
  }
  return new Promise<void>((resolve, reject) =>
    fdatasync(fd, (error) => {
      try {
        closeSync(fd)
      } catch (closing) {
        error ??= closing as NodeJS.ErrnoException
      }
      if (error) reject(error)
      else resolve()
    }),
  )
}

/**
 * One `run` at a time: a call while one runs gets the next, which starts when it ends (and so
 * covers everything done before it started); calls meanwhile share that next one.
 */
export function oneAtATime(run: () => Promise<void>): Sync {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  const call: Sync = () => {
    if (!running) {
      running = run().finally(() => {
        running = null
      })
      return running
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null
        return call()
      })
    return next
  }
  return call
}

/** The WAL sync of a file database (null in memory: nothing to sync). */
export function walSync(sqlite: Database): Sync | null {
  const known = syncs.get(sqlite)
  if (known !== undefined) return known
  const file = sqlite.filename
  const sync = !file || file === ':memory:' ? null : oneAtATime(() => syncFile(`${file}-wal`))
  syncs.set(sqlite, sync)
  return sync
}

/** Tests: replace the WAL sync of a connection (to hold it, or make it fail). */
export function setWalSync(sqlite: Database, sync: Sync | null) {
  syncs.set(sqlite, sync)
}

/** Per connection: how many batches wait for their WAL sync, and what runs when none does. */
type Syncing = { running: number; waiting: Array<() => void> }
const syncing = new WeakMap<Database, Syncing>()

function syncingOf(sqlite: Database): Syncing {
  let state = syncing.get(sqlite)
  if (!state) {
    state = { running: 0, waiting: [] }
    syncing.set(sqlite, state)
  }
  return state
}

/** Runs `next` once no batch of the connection waits for its sync (at once when none does). */
function afterSyncs(sqlite: Database, next: () => void): boolean {
  const state = syncing.get(sqlite)
  if (!state?.running) return false
  state.waiting.push(next)
  return true
}

function flush(sqlite: Database, gate: Gate) {
  // A transaction of the engine API is open (src/db/sqlite/index.ts): commit after it.
  if (gate.owner) {
    void gate.pass().then(() => flush(sqlite, gate))
    return
  }
  // A sync is running: commit with the writes that arrive meanwhile, once it ends.
  if (afterSyncs(sqlite, () => flush(sqlite, gate))) return
  const batch = queues.get(sqlite) ?? []
  queues.delete(sqlite)
  for (let i = 0; i < batch.length; i += MAX_BATCH) runBatch(sqlite, batch.slice(i, i + MAX_BATCH))
}

function runBatch(sqlite: Database, batch: Pending[]) {
  // Inside a transaction someone else opened (not expected here) each write just runs in it.
  if (sqlite.inTransaction) {
    for (const p of batch) {
      try {
        p.resolve(p.run())
      } catch (error) {
        p.reject(error)
      }
    }
    return
  }
  const sync = walSync(sqlite)
  if (sync) sqlite.run('PRAGMA synchronous = NORMAL')
  try {
    const outcomes = commitBatch(sqlite, batch)
    if (!outcomes) return
    const settle = () =>
      batch.forEach((p, i) => {
        const outcome = outcomes[i]
        if (outcome.ok) p.resolve(outcome.value)
        else p.reject(outcome.error)
      })
    if (!sync) return settle()
    // Nothing is answered before the WAL is on disk; if it cannot be synced, no write is.
    const state = syncingOf(sqlite)
    state.running++
    sync()
      .then(settle, (error) => {
        for (const p of batch) p.reject(error)
      })
      .finally(() => {
        if (--state.running) return
        for (const next of state.waiting.splice(0)) next()
      })
  } finally {
    if (sync) sqlite.run('PRAGMA synchronous = FULL')
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/** Runs the batch in one transaction; the outcomes once committed, null when all were rejected. */
function commitBatch(sqlite: Database, batch: Pending[]): Outcome[] | null {
  const outcomes: Outcome[] = []
  try {
    sqlite.run('BEGIN IMMEDIATE')
  } catch (error) {
    for (const p of batch) p.reject(error)
    return null
  }
  for (const p of batch) {
    sqlite.run('SAVEPOINT batched_write')
    try {
      const value = p.run()
      sqlite.run('RELEASE batched_write')
      outcomes.push({ ok: true, value })
    } catch (error) {
      try {
        sqlite.run('ROLLBACK TO batched_write')
        sqlite.run('RELEASE batched_write')
      } catch (fatal) {
        // SQLite already rolled the whole transaction back (e.g. disk full): nothing committed.
        if (sqlite.inTransaction) sqlite.run('ROLLBACK')
        for (const q of batch) q.reject(q === p ? error : fatal)
        return null
      }
      outcomes.push({ ok: false, error })
    }
  }
  try {
    sqlite.run('COMMIT')
  } catch (error) {
    if (sqlite.inTransaction) sqlite.run('ROLLBACK')
    for (const p of batch) p.reject(error)
    return null
  }
  return outcomes
}

/**
 * Runs `run` (synchronous database work) in the next group commit and settles with its result or
 * its error once the transaction is committed.
 */
export function batchedWrite<T>(db: { sqlite: Database; gate: Gate }, run: () => T): Promise<T> {
  const { sqlite, gate } = db
  // Inside an open transaction of the caller's own: part of it, at once.
  if (gate.owner && !gate.closed) return Promise.resolve().then(run)
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(sqlite)
    if (!queue) {
      queue = []
      queues.set(sqlite, queue)
      setImmediate(() => flush(sqlite, gate))
    }
    queue.push({ run, resolve: resolve as (value: unknown) => void, reject })
  })
}
