import type { SQL } from 'drizzle-orm'
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy'
import type * as schema from './schema'
import type { Statements } from './sqlite/statements'

/**
 * The database as the services see it, the same on both engines (docs/architecture.md,
 * "Two engines"). Business logic is written once against this: Drizzle's query builder (`orm`,
 * over the engine's own tables `t`), portable SQL through `rows`/`row`/`exec`, and `tx` for a
 * transaction. What differs between SQLite and PostgreSQL lives under src/db/sqlite, src/db/pg
 * and src/search.
 *
 * Rules that keep one code path correct on both:
 * - always `await` a query; never call a builder's `.all()`, `.get()`, `.run()` or `.values()`
 *   (they exist only on SQLite): `const [row] = await db.orm.select()...` (db.test.ts checks it);
 * - tables come from `db.t` (the engine's own table objects), never from a schema import;
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
   * The hand-tuned statements of the hot paths, one implementation per engine side by side
   * (src/db/sqlite/statements/<area>.ts and src/db/pg/statements/<area>.ts).
   */
  readonly q: Statements
  /** Rows of a raw query, as objects keyed by column name. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>
  /** The first row of a raw query, or undefined. */
  row<T = Record<string, unknown>>(query: SQL): Promise<T | undefined>
  /** A raw statement; answers how many rows it changed. */
  exec(query: SQL): Promise<number>
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Inside,
   * use the `tx` it is given (a nested call on it is a savepoint). On SQLite no other statement
   * of this process runs while it is open; keep the work inside short.
   */
  tx<T>(fn: (tx: Engine) => Promise<T>): Promise<T>
  /** Whether the database answers (GET /api/health). */
  ping(): Promise<boolean>
  close(): Promise<void>
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
