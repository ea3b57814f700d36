import { join } from 'node:path'
import { SQL } from 'bun'
import type { SQL as DrizzleSql } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/bun-sql'
import { migrate } from 'drizzle-orm/bun-sql/migrator'
import { PgDialect } from 'drizzle-orm/pg-core'
import { assets } from '../../lib/assets'
import type { Engine, Orm, Schema, TxOptions } from '../engine'
import { migrationsCurrent } from '../migrations'
import { queryObserver } from '../query-observer'
import type { Statements } from '../statements'
import { bounded } from './bounded'
import { lockUser, retrying } from './core'
import * as pgSchema from './schema'
import { pgStatements } from './statements'
import { type WriteBatch, writeBatch } from './write-batch'

const migrationsFolder = assets.drizzlePg ?? join(import.meta.dir, '..', '..', '..', 'drizzle-pg')

/** Any number of instances may start at once: one of them migrates, the others wait for it. */
const MIGRATION_LOCK = 7_349_127_001

export type PgOptions = {
  /** Connections in this instance's pool (DATABASE_POOL_SIZE). */
  max?: number
  /** Seconds an idle connection stays open. */
  idleTimeout?: number
  /** Seconds to wait for a new connection (DATABASE_CONNECT_TIMEOUT, default 5). */
  connectTimeout?: number
  /**
   * Seconds a statement may run (DATABASE_STATEMENT_TIMEOUT, default 5): PostgreSQL's
   * statement_timeout, and a second more on the client for a server that answers nothing.
   */
  statementTimeout?: number
  /** Seconds the readiness check waits for the database (DATABASE_PING_TIMEOUT, default 2). */
  pingTimeout?: number
  /** false: no DDL at all (MIGRATE=off), for a role that may only read and write data. */
  migrate?: boolean
}

/** Runs the migrations on one dedicated connection, under a session advisory lock. */
export async function migratePostgres(url: string, connectTimeout = 5) {
  const admin = new SQL({ url, max: 1, connectionTimeout: connectTimeout })
  try {
    await admin`SELECT pg_advisory_lock(${MIGRATION_LOCK})`
    try {
      await migrate(drizzle({ client: admin }), { migrationsFolder, migrationsSchema: 'drizzle' })
    } finally {
      await admin`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    await admin.close()
  }
}

/**
 * The engine API (src/db/engine.ts) over a PostgreSQL database. Migrates before it answers unless
 * `migrate` is false. Every statement answers within its timeout, hung server or not (bounded.ts).
 */
export async function openPostgres(url: string, options: PgOptions = {}) {
  const connectTimeout = options.connectTimeout ?? 5
  const statementMs = (options.statementTimeout ?? 5) * 1000
  if (options.migrate !== false) await migratePostgres(url, connectTimeout)
  const raw = new SQL({
    url,
    max: options.max ?? 10,
    idleTimeout: options.idleTimeout ?? 30,
    connectionTimeout: connectTimeout,
    connection: { statement_timeout: statementMs },
  })
  const { client, stats } = bounded(raw, {
    statementMs: statementMs + 1000,
    observe: () => queryObserver.current,
  })
  const root = drizzle({ client, schema: pgSchema })
  const db = engine(
    client,
    root as unknown as Orm,
    client,
    false,
    // A write waiting for a batch is answered within the same deadline as a statement.
    writeBatch(client, options.max ?? 10, undefined, statementMs + 1000),
  )
  const pingMs = (options.pingTimeout ?? 2) * 1000
  return Object.assign(db, {
    /** Connections in use and statements waiting for one (GET /metrics). */
    poolStats: () => ({ ...stats(), size: options.max ?? 10 }),
    async ping() {
      const answer = client`SELECT 1`.then(
        () => true,
        () => false,
      )
      return Promise.race([answer, Bun.sleep(pingMs).then(() => false)])
    },
    /** Whether every migration of this version is applied (GET /api/health/ready). */
    async schemaCurrent() {
      try {
        const row = await db.row<{ last: string | number | null }>(
          sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`,
        )
        return migrationsCurrent(migrationsFolder, row?.last)
      } catch (error) {
        // Never migrated: no migrations table (undefined table or schema).
        if (['42P01', '3F000'].includes((error as { errno?: string }).errno ?? '')) return false
        throw error
      }
    },
  })
}

const dialect = new PgDialect()

/** Engine.idsIn: the ids as one JSON parameter. */
const idsIn = (ids: readonly number[]) =>
  sql`(SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify(ids.map(Number))}::text::jsonb))`

function engine(sql: SQL, orm: Orm, pool: SQL, inTx: boolean, batch?: WriteBatch) {
  const run = async <T>(query: DrizzleSql) => {
    const { sql: text, params } = dialect.sqlToQuery(query)
    return (await sql.unsafe(text, params as never[])) as T[] & { count: number }
  }
  const q: Statements = pgStatements({ sql, batch })
  const api = {
    kind: 'pg' as const,
    orm,
    // The PostgreSQL tables have the same names, columns and JavaScript types as SQLite's.
    t: pgSchema as unknown as Schema,
    q,
    pool,
    async rows<T>(query: DrizzleSql) {
      return [...(await run<T>(query))]
    },
    async row<T>(query: DrizzleSql) {
      return (await run<T>(query))[0]
    },
    async exec(query: DrizzleSql) {
      return (await run(query)).count ?? 0
    },
    idsIn,
    async lockForDelete(table: 'projects', ids: number[]) {
      const list = ids.map((id) => Math.trunc(Number(id))).filter(Number.isFinite)
      if (!list.length) return
      await sql.unsafe(`SELECT 1 FROM ${table} WHERE id IN (${list.join(', ')}) FOR UPDATE`)
    },
    async tx<T>(fn: (tx: Engine) => Promise<T>, options: TxOptions = {}): Promise<T> {
      // A nested call is a savepoint on the transaction's own connection.
      type TxOrm = Orm & { session: { client: SQL } }
      const withTx = orm as unknown as {
        transaction: (body: (txOrm: TxOrm) => Promise<T>) => Promise<T>
      }
      const run = () =>
        withTx.transaction(async (txOrm) => {
          const client = txOrm.session.client
          // The user's lock before any row lock (docs/database.md, "One user's writes").
          if (options.user !== undefined) await lockUser(client, options.user)
          return fn(engine(client, txOrm, pool, true))
        })
      // A savepoint is not tried again alone: its transaction is, from the start.
      return inTx ? run() : retrying(run)
    },
    async ping() {
      try {
        await pool`SELECT 1`
        return true
      } catch {
        return false
      }
    },
    async close() {
      await pool.close({ timeout: 5 })
    },
  }
  return api satisfies Engine
}

export type PgDb = Awaited<ReturnType<typeof openPostgres>>
