import { Database, type Statement } from 'bun:sqlite'
import { AsyncLocalStorage } from 'node:async_hooks'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { drizzle as drizzleProxy } from 'drizzle-orm/sqlite-proxy'
import { assets } from '../../lib/assets'
import type { Engine, TxOptions } from '../engine'
import { queryObserver } from '../query-observer'
import * as schema from '../schema'
import { type CommitWatch, watchCommits } from './commit-watch'
import { sqliteStatements } from './statements'

export type SqliteDb = ReturnType<typeof openSqlite>

const migrationsFolder = assets.drizzle ?? join(import.meta.dir, '..', '..', '..', 'drizzle')

/** How many distinct SQL texts keep their compiled statement (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 400

/**
 * The client Drizzle talks to: the connection itself, except that `prepare` answers a compiled
 * statement from a bounded cache keyed by the SQL text. Drizzle builds the same text for the same
 * query shape and compiles it again on every call otherwise (SQLite's prepare was ~15% of a write
 * request). Drizzle never finalizes statements, so sharing them is safe; evicted ones are left to
 * the garbage collector rather than finalized, in case a caller still holds one.
 */
function cachingClient(sqlite: Database, counter: { statements: number }) {
  const statements = new Map<string, Statement>()
  const prepare = (sql: string) => {
    counter.statements++
    // Traced (OTEL_EXPORTER_OTLP_ENDPOINT): a statement runs at once after it is prepared, so its
    // span ends with the current task.
    const end = queryObserver.current?.(sql)
    if (end) queueMicrotask(() => end())
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

/**
 * One connection, many requests: while a transaction is open (its statements run in between the
 * awaits of its async body), a statement from any other request would land inside it and be
 * rolled back with it. The gate holds those statements until the transaction ends. Statements of
 * the transaction itself (its async context, tracked by AsyncLocalStorage) pass.
 */
export class Gate {
  owner: object | null = null
  private waiting: Array<() => void> = []
  readonly context = new AsyncLocalStorage<object>()
  /** Resolves once no other context's transaction is open (at once when none is). */
  async pass() {
    while (this.owner && this.context.getStore() !== this.owner) {
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
  }
  /** Whether the caller must wait (cheap check for the synchronous hot paths). */
  get closed() {
    return this.owner !== null && this.context.getStore() !== this.owner
  }
  release() {
    this.owner = null
    const waiting = this.waiting
    this.waiting = []
    for (const wake of waiting) wake()
  }
}

/** The files beside the database that hold its data: the WAL, its index and a rollback journal. */
const COMPANIONS = ['-wal', '-shm', '-journal']

/**
 * The database is readable by its owner only: a folder this makes is 0700, the file 0600 (made
 * so before SQLite opens it, and tightened if an earlier version left it 0644), and SQLite gives
 * the WAL and its index the file's mode. A folder that was there already (`/var/lib/…`, even
 * `/tmp`) keeps its mode: it is the operator's.
 */
export function privateFiles(path: string) {
  const dir = dirname(path)
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (first) {
    // The umask may have masked the mode: each folder made here, from the first down, is 0700.
    for (let at = dir; at.length >= first.length; at = dirname(at)) {
      chmodSync(at, 0o700)
      if (at === first) break
    }
  }
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600))
  for (const file of [path, ...COMPANIONS.map((suffix) => `${path}${suffix}`)])
    if (existsSync(file) && (statSync(file).mode & 0o777) !== 0o600) ownerOnly(file)
}

/** Tightens a file to 0600; one this user does not own (EPERM) is left as it is, said once. */
function ownerOnly(file: string) {
  try {
    chmodSync(file, 0o600)
  } catch (error) {
    console.warn(`Could not make ${file} readable by its owner only: ${(error as Error).message}`)
  }
}

/**
 * Opens (creating the folder and file if needed) and migrates the database. Safe to run twice.
 * `migrate: false` (MIGRATE=off) runs no DDL: the schema must be there already.
 */
export function openSqlite(path: string, options: { migrate?: boolean } = {}) {
  if (path !== ':memory:') privateFiles(path)
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  // An answered write survives an OS crash or power loss: with WAL, FULL syncs the log at every
  // commit (NORMAL would sync only at checkpoints). Group commit (write-batch.ts) keeps that to
  // one fsync per batch of item writes.
  sqlite.exec('PRAGMA synchronous = FULL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  // 8 MB of page cache: the OS caches the file as well, so a larger cache buys no throughput in
  // `bun run bench`, only peak memory under load.
  sqlite.exec('PRAGMA cache_size = -8000')
  sqlite.exec('PRAGMA temp_store = MEMORY')
  const counter = { statements: 0 }
  const client = cachingClient(sqlite, counter)
  const db = drizzle({ client, schema })
  if (options.migrate !== false && !migrationsApplied(sqlite)) migrate(db, { migrationsFolder })
  const commits = watchCommits(sqlite, path)
  return Object.assign(engine(sqlite, client, counter, commits), {
    /** Whether every migration of this version is applied (GET /api/health/ready). */
    async schemaCurrent() {
      return migrationsApplied(sqlite)
    },
  })
}

/** The engine API (src/db/engine.ts) over one bun:sqlite connection. */
function engine(
  sqlite: Database,
  client: Database,
  counter: { statements: number },
  commits?: CommitWatch,
) {
  const gate = new Gate()
  const dialect = new SQLiteAsyncDialect()
  const compile = (query: SQL) => {
    const { sql, params } = dialect.sqlToQuery(query)
    return { stmt: client.prepare(sql), params: params as never[] }
  }
  // Drizzle's async SQLite flavour over the same connection: rows as arrays, in column order.
  const orm = drizzleProxy(
    async (sql, params, method) => {
      if (gate.closed) await gate.pass()
      const stmt = client.prepare(sql)
      if (method === 'run') {
        stmt.run(...(params as never[]))
        return { rows: [] }
      }
      const rows = stmt.values(...(params as never[]))
      return { rows: method === 'get' ? (rows[0] as never) : rows }
    },
    { schema },
  )
  let savepoints = 0
  const api = {
    kind: 'sqlite' as const,
    orm,
    t: schema,
    q: sqliteStatements({ sqlite, prepare: (sql: string) => client.prepare(sql), gate, commits }),
    sqlite,
    gate,
    /** How many statements ran through the connection's statement cache (for tests). */
    statementCount: () => counter.statements,
    async rows<T>(query: SQL) {
      if (gate.closed) await gate.pass()
      const { stmt, params } = compile(query)
      return stmt.all(...params) as T[]
    },
    async row<T>(query: SQL) {
      if (gate.closed) await gate.pass()
      const { stmt, params } = compile(query)
      return (stmt.get(...params) ?? undefined) as T | undefined
    },
    async exec(query: SQL) {
      if (gate.closed) await gate.pass()
      const { stmt, params } = compile(query)
      return stmt.run(...params).changes
    },
    idsIn: (ids: readonly number[]) =>
      sql`(SELECT value FROM json_each(${JSON.stringify(ids.map(Number))}))`,
    async lockForDelete(_table: 'projects', _ids: number[]) {},
    // BEGIN IMMEDIATE excludes every other writer, of this process and of any other on the file:
    // the user's write lock (options.user) is implied, and no deadlock can form.
    async tx<T>(fn: (tx: Engine) => Promise<T>, _options?: TxOptions): Promise<T> {
      if (gate.owner && gate.context.getStore() === gate.owner) {
        // Nested: a savepoint inside the open transaction.
        const name = `sp${++savepoints}`
        sqlite.run(`SAVEPOINT ${name}`)
        try {
          const result = await fn(api)
          sqlite.run(`RELEASE ${name}`)
          return result
        } catch (error) {
          sqlite.run(`ROLLBACK TO ${name}`)
          sqlite.run(`RELEASE ${name}`)
          throw error
        }
      }
      while (gate.owner) await gate.pass()
      const owner = {}
      gate.owner = owner
      try {
        return await gate.context.run(owner, async () => {
          sqlite.run('BEGIN IMMEDIATE')
          try {
            const result = await fn(api)
            sqlite.run('COMMIT')
            return result
          } catch (error) {
            if (sqlite.inTransaction) sqlite.run('ROLLBACK')
            throw error
          }
        })
      } finally {
        gate.release()
      }
    },
    async ping() {
      try {
        sqlite.query('SELECT 1').get()
        return true
      } catch {
        return false
      }
    },
    async close() {
      sqlite.close()
    },
  }
  return api satisfies Engine
}

export { schema }
