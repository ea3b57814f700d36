import type { Database, Statement } from 'bun:sqlite'
import type { Gate } from '.'
import type { CommitWatch } from './commit-watch'

/** What SQLite's statement files get: the connection, its statement cache and its gate. */
export type SqliteCore = {
  sqlite: Database
  /** A compiled statement for this SQL text, from the connection's cache. */
  prepare(sql: string): Statement
  gate: Gate
  /** Tells when anything was committed, without a read (undefined: not knowable, read). */
  commits?: CommitWatch
}

/**
 * Resolves when a statement may run (no other request's transaction is open). Await it first in
 * every statement function: `await ready(db)`; it costs nothing when the gate is open.
 */
export function ready(db: SqliteCore): Promise<void> | undefined {
  return db.gate.closed ? db.gate.pass() : undefined
}
