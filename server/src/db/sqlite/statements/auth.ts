import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/auth.ts). */
export const authStatements = (_db: SqliteCore) => ({})
