import type { Statements } from '../../statements'
import type { PgCore } from '../core'
import { authStatements } from './auth'
import { itemsStatements } from './items'
import { projectsStatements } from './projects'
import { searchStatements } from './search'

/** The hand-tuned statements on PostgreSQL, as src/db/statements.ts declares them (same answers as SQLite's). */
export const pgStatements = (db: PgCore): Statements => ({
  auth: authStatements(db),
  items: itemsStatements(db),
  projects: projectsStatements(db),
  search: searchStatements(db),
})
