import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/auth.ts. */
export const authStatements = (_db: PgCore): Statements['auth'] => ({})
