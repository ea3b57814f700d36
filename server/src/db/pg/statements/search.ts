import { pgSearch } from '../../../search/pg'
import type { Statements } from '../../statements'
import type { PgCore } from '../core'

// Search's PostgreSQL side lives with search itself (src/search/pg.ts, twin of src/search/sqlite.ts).
export const searchStatements = (db: PgCore): Statements['search'] => pgSearch(db)
