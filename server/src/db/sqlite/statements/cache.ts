import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/cache.ts). */
export const cacheStatements = (_db: SqliteCore) => ({})
