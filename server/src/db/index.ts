import { Database, type Statement } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import * as schema from './schema'

export type Db = ReturnType<typeof openDatabase>

const migrationsFolder = join(import.meta.dir, '..', '..', 'drizzle')

/** How many distinct SQL texts keep their compiled statement (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 400

/**
 * The client Drizzle talks to: the connection itself, except that `prepare` answers a compiled
 * statement from a bounded cache keyed by the SQL text. Drizzle builds the same text for the same
 * query shape and compiles it again on every call otherwise (SQLite's prepare was ~15% of a write
 * request). Drizzle never finalizes statements, so sharing them is safe; evicted ones are left to
 * the garbage collector rather than finalized, in case a caller still holds one.
 */
function cachingClient(sqlite: Database) {
  const statements = new Map<string, Statement>()
  const prepare = (sql: string) => {
    let stmt = statements.get(sql)
    if (stmt) {
      statements.delete(sql)
    } else {
      stmt = sqlite.prepare(sql)
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        statements.delete(statements.keys().next().value as string)
      }
    }
    statements.set(sql, stmt)
    return stmt
  }
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/**
 * Whether every migration in the folder is already applied: one read of the journal and one
 * query, so a start on an up-to-date database skips the migrator (which reads and hashes every
 * migration file).
 */
function migrationsApplied(sqlite: Database) {
  try {
    const journal = require(join(migrationsFolder, 'meta', '_journal.json')) as {
      entries: { when: number }[]
    }
    const last = journal.entries.at(-1)?.when
    // The migrator applies exactly the migrations newer than the newest applied one.
    const row = sqlite.query('SELECT max(created_at) AS last FROM __drizzle_migrations').get() as {
      last: number | null
    } | null
    return last !== undefined && row?.last != null && Number(row.last) >= last
  } catch {
    return false
  }
}

/** Opens (creating the folder and file if needed) and migrates the database. Safe to run twice. */
export function openDatabase(path: string) {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  // With WAL, NORMAL loses no committed transaction when the process crashes (only an OS crash or
  // power loss can lose the last ones) and saves an fsync per commit.
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA cache_size = -32000')
  sqlite.exec('PRAGMA temp_store = MEMORY')
  const db = drizzle({ client: cachingClient(sqlite), schema })
  if (!migrationsApplied(sqlite)) migrate(db, { migrationsFolder })
  return Object.assign(db, { sqlite })
}

export { schema }
