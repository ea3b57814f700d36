import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/items.ts. */
export const itemsStatements = (_db: PgCore): Statements['items'] => ({})
