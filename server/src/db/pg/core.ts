import type { SQL } from 'bun'

/**
 * What PostgreSQL's statement files get: the connection to run on (the pool, or inside a
 * transaction its own connection). `sql.unsafe(text, params)` runs a statement with $1… params.
 */
export type PgCore = { sql: SQL }
