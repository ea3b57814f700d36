import type { Statements } from '../../sqlite/statements'
import type { PgCore } from '../core'

/** PostgreSQL's twin of src/db/sqlite/statements/projects.ts. */
export const projectsStatements = (_db: PgCore): Statements['projects'] => ({})
