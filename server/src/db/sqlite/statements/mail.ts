import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/mail.ts). */
export const mailStatements = (_db: SqliteCore) => ({})
