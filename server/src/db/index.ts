import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import * as schema from './schema'

export type Db = ReturnType<typeof openDatabase>

const migrationsFolder = join(import.meta.dir, '..', '..', 'drizzle')

/** Opens (creating the folder and file if needed) and migrates the database. Safe to run twice. */
export function openDatabase(path: string) {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  const db = drizzle({ client: sqlite, schema })
  migrate(db, { migrationsFolder })
  return Object.assign(db, { sqlite })
}

export { schema }
