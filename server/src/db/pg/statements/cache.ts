import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/cache.ts. */
export const cacheStatements = (_db: PgCore): Statements['cache'] => ({})
