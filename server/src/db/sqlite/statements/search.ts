// Search's SQLite side lives with search itself (src/search/sqlite.ts, twin of src/search/pg.ts).
export { sqliteSearch as searchStatements } from '../../../search/sqlite'
