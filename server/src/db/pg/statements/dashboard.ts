import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/dashboard.ts. */
export const dashboardStatements = (_db: PgCore): Statements['dashboard'] => ({})
