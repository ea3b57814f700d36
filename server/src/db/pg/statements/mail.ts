import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/mail.ts. */
export const mailStatements = (_db: PgCore): Statements['mail'] => ({})
