import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/items.ts). */
export const itemsStatements = (_db: SqliteCore) => ({})
