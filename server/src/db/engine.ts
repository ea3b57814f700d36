import type { SQL } from 'drizzle-orm'
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy'
import type * as schema from './schema'
import type { Statements } from './statements'

/**
 * The database as the services see it, the same on both engines (docs/database.md,
 * "Two engines"). Business logic is written once against this: Drizzle's query builder (`orm`),
 * portable SQL through `rows`/`row`/`exec`, `tx` for a transaction and the hot statements `q`
 * (declared in src/db/statements.ts). What differs between SQLite and PostgreSQL lives under src/db/sqlite, src/db/pg
 * and src/search.
 *
 * Rules that keep one code path correct on both:
 * - always `await` a query; never call a builder's `.all()`, `.get()`, `.run()` or `.values()`
 *   (they exist only on SQLite): `const [row] = await db.orm.select()...` (db.test.ts checks it);
 * - tables come from src/db/schema.ts, the same objects on both engines: the PostgreSQL schema
 *   (src/db/pg/schema.ts) stores the same columns under the same names and in the same stored
 *   types, so a query built on them means the same on both. `db.t` is each engine's own table
 *   objects, for what walks an engine's tables as that engine declares them (src/db/copy.ts);
 * - raw SQL only through Drizzle's `sql` template (placeholders per engine), written in the
 *   subset both engines share (no `?1`, no `COLLATE NOCASE`, no `strftime`, `CAST(x AS INTEGER)`
 *   around counts and sums, `CASE WHEN … THEN 1 ELSE 0 END` instead of a boolean used as a
 *   number); booleans that come back from raw SQL are `true`/`1`: read them with `truthy`.
 */
export type Schema = typeof schema

/** Drizzle's query builder; typed as SQLite's async flavour, the API both engines share. */
export type Orm = SqliteRemoteDatabase<Schema>

export interface Engine {
  readonly kind: 'sqlite' | 'pg'
  readonly orm: Orm
  /** The engine's own table objects, shaped (and typed) like src/db/schema.ts. */
  readonly t: Schema
  /**
   * The hand-tuned statements of the hot paths (src/db/statements.ts), one implementation per
   * engine side by side (src/db/sqlite/statements/<area>.ts and src/db/pg/statements/<area>.ts).
   */
  readonly q: Statements
  /** Rows of a raw query, as objects keyed by column name. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>
  /** The first row of a raw query, or undefined. */
  row<T = Record<string, unknown>>(query: SQL): Promise<T | undefined>
  /** A raw statement; answers how many rows it changed. */
  exec(query: SQL): Promise<number>
  /**
   * A subquery of these ids for `id IN ${...}`, as one parameter whatever their number: a
   * thousand ids each its own parameter cost more to build than the statement costs to run.
   */
  idsIn(ids: readonly number[]): SQL
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Inside,
   * use the `tx` it is given (a nested call on it is a savepoint). On SQLite no other statement
   * of this process runs while it is open; keep the work inside short.
   *
   * On PostgreSQL a transaction that fails on a deadlock or a serialisation failure is run again
   * from the start, a bounded number of times (TX_ATTEMPTS): `fn` may run more than once, so it
   * keeps anything that is not a database write (waking a worker, a network call) for after.
   */
  tx<T>(fn: (tx: Engine) => Promise<T>, options?: TxOptions): Promise<T>
  /**
   * Inside a transaction about to delete these rows (a project combined away): holds them until
   * it ends, so a row written elsewhere meanwhile that refers to them waits, then fails its
   * foreign key (409), instead of landing just before they go and being unlinked by the delete.
   * PostgreSQL: SELECT … FOR UPDATE; SQLite: nothing to do (BEGIN IMMEDIATE holds every writer).
   */
  lockForDelete(table: 'projects', ids: number[]): Promise<void>
  /** Whether the database answers (GET /api/health), within its timeout. */
  ping(): Promise<boolean>
  /** Whether every migration of this version is applied (GET /api/health/ready). */
  schemaCurrent?(): Promise<boolean>
  /** PostgreSQL: pool connections in use, statements waiting for one, and the pool's size. */
  poolStats?(): { inUse: number; waiting: number; size: number }
  close(): Promise<void>
}

/**
 * What a transaction says of itself. `user`: the account whose data it writes. It then takes that
 * user's write lock before anything else (PostgreSQL: a transaction-level advisory lock keyed by
 * the user; SQLite's BEGIN IMMEDIATE already excludes every other writer), so two multi-statement
 * writes of one user run one after the other instead of taking row locks in opposite orders
 * (docs/database.md, "One user's writes").
 */
export type TxOptions = { user?: number }

/**
 * The sort_order that puts a new report item last in its section: the database places it (at
 * COMMIT on PostgreSQL, at the insert on SQLite; the `section_items_place` triggers), so two
 * inserts at the same moment never share a position. Items inserted together keep their order.
 */
export const LAST_IN_SECTION = -1

/** How many times a PostgreSQL transaction is tried when it fails on a deadlock or serialisation. */
export const TX_ATTEMPTS = 5

/** The SQLSTATE of a database error (PostgreSQL's code), looked for through wrapping errors. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error
  for (let depth = 0; e && depth < 4; depth++) {
    const { code, errno } = e as { code?: unknown; errno?: unknown }
    for (const c of [errno, code]) if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return c
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** A deadlock or a serialisation failure: the transaction did nothing and may be tried again. */
export const isRetryable = (error: unknown) => {
  const state = sqlState(error)
  return state === '40P01' || state === '40001'
}

/** What the API answers (409) for a write that met another request's change (isWriteRace). */
export const WRITE_RACE = 'Changed by another request at the same moment; reload and try again'

/**
 * A write that met another request's change at the same moment: a row it refers to went away
 * (a foreign key), another request made the same unique row, or a deadlock or serialisation
 * failure outlived its retries. The API answers these 409, never 500.
 */
export function isWriteRace(error: unknown): boolean {
  if (isRetryable(error) || isUniqueViolation(error)) return true
  if (sqlState(error) === '23503') return true
  let e: unknown = error
  for (let depth = 0; e && depth < 4; depth++) {
    const { message } = e as { message?: unknown }
    if (typeof message === 'string' && /FOREIGN KEY constraint failed/.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** A boolean read back from raw SQL: PostgreSQL answers true/false, SQLite 1/0. */
export const truthy = (value: unknown) => value === true || value === 1 || value === 1n

/** Whether a write failed on a unique index (SQLite's message, PostgreSQL's code 23505). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; e && depth < 3; depth++) {
    const { code, errno, message } = e as { code?: unknown; errno?: unknown; message?: unknown }
    if (code === '23505' || errno === '23505') return true
    if (typeof message === 'string' && /UNIQUE constraint failed/.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
