import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/search.ts. */
export const searchStatements = (_db: PgCore): Statements['search'] => ({})
