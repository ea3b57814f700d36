import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'
import { authStatements } from './auth'
import { cacheStatements } from './cache'
import { dashboardStatements } from './dashboard'
import { itemsStatements } from './items'
import { mailStatements } from './mail'
import { projectsStatements } from './projects'
import { reportsStatements } from './reports'
import { searchStatements } from './search'

/** PostgreSQL's twin of every statement in src/db/sqlite/statements (same signatures, same answers). */
export const pgStatements = (db: PgCore): Statements => ({
  auth: authStatements(db),
  items: itemsStatements(db),
  reports: reportsStatements(db),
  dashboard: dashboardStatements(db),
  projects: projectsStatements(db),
  search: searchStatements(db),
  cache: cacheStatements(db),
  mail: mailStatements(db),
})
