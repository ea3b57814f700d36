import type { Engine } from './engine'
import { openSqlite, type SqliteDb } from './sqlite'

export type { Engine } from './engine'
export { truthy } from './engine'
export { schema } from './sqlite'

/**
 * The database the services get. While the services move to the engine API (src/db/engine.ts)
 * the SQLite engine also answers Drizzle's synchronous builder directly; services written
 * against `Engine` alone run on PostgreSQL too.
 */
export type Db = SqliteDb

/** Whether a DATABASE_URL selects PostgreSQL. */
export const isPostgresUrl = (url: string | undefined) => !!url && /^postgres(ql)?:\/\//i.test(url)

/** Opens (creating and migrating it if needed) the SQLite database at `path`. */
export function openDatabase(path: string): Db {
  return openSqlite(path)
}

export type { SqliteDb }
export type AnyEngine = Engine
