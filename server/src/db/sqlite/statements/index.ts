import type { SqliteCore } from '../core'

/**
 * The hand-tuned statements of each area on SQLite (compiled once, single-table where it pays,
 * see docs/architecture.md). src/db/pg/statements has the PostgreSQL twin of every function here
 * with the same signature and answers; services reach both as `db.q.<area>.<function>`.
 */
export const sqliteStatements = (_db: SqliteCore) => ({})

export type Statements = ReturnType<typeof sqliteStatements>
