import type { Statements } from '../../statements'
import type { SqliteCore } from '../core'
import { authStatements } from './auth'
import { itemsStatements } from './items'
import { projectsStatements } from './projects'
import { searchStatements } from './search'

/**
 * The hand-tuned statements on SQLite (compiled once, single-table where it pays, see
 * docs/architecture.md), as src/db/statements.ts declares them; src/db/pg/statements is the
 * PostgreSQL side. Services reach both as `db.q.<area>.<function>`.
 */
export const sqliteStatements = (db: SqliteCore): Statements => ({
  auth: authStatements(db),
  items: itemsStatements(db),
  projects: projectsStatements(db),
  search: searchStatements(db),
})
