import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/dashboard.ts). */
export const dashboardStatements = (_db: SqliteCore) => ({})
