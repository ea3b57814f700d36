import type { SqliteCore } from '../core'

/** The hot statements of this area on SQLite (twin: src/db/pg/statements/projects.ts). */
export const projectsStatements = (_db: SqliteCore) => ({})
