import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/search.ts). */
export const searchStatements = (_db: SqliteCore) => ({})
