import type { SqliteCore } from '../core'
import { authStatements } from './auth'
import { cacheStatements } from './cache'
import { dashboardStatements } from './dashboard'
import { itemsStatements } from './items'
import { mailStatements } from './mail'
import { projectsStatements } from './projects'
import { reportsStatements } from './reports'
import { searchStatements } from './search'

/**
 * The hand-tuned statements of each area on SQLite (compiled once, single-table where it pays,
 * see docs/architecture.md). src/db/pg/statements has the PostgreSQL twin of every function here
 * with the same signature and answers; services reach both as `db.q.<area>.<function>`.
 */
export const sqliteStatements = (db: SqliteCore) => ({
  auth: authStatements(db),
  items: itemsStatements(db),
  reports: reportsStatements(db),
  dashboard: dashboardStatements(db),
  projects: projectsStatements(db),
  search: searchStatements(db),
  cache: cacheStatements(db),
  mail: mailStatements(db),
})

export type Statements = ReturnType<typeof sqliteStatements>
