import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/reports.ts. */
export const reportsStatements = (_db: PgCore): Statements['reports'] => ({})
