import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/reports.ts). */
export const reportsStatements = (_db: SqliteCore) => ({})
