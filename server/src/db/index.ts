import type { Engine } from './engine'
import { openSqlite, type SqliteDb } from './sqlite'

export type { Engine } from './engine'
export { truthy } from './engine'

/** The database the services get: the engine API (src/db/engine.ts), the same on both engines. */
export type Db = Engine

/** Whether a DATABASE_URL selects PostgreSQL. */
export const isPostgresUrl = (url: string | undefined) => !!url && /^postgres(ql)?:\/\//i.test(url)

/** Opens (creating and migrating it if needed) the SQLite database at `path`. */
export function openDatabase(path: string, options: { migrate?: boolean } = {}): SqliteDb {
  return openSqlite(path, options)
}

export type { SqliteDb }
