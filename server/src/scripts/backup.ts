// `bun run backup <file>`: a consistent online copy of the database (VACUUM INTO), safe while the
// server runs: SQLite takes a read transaction, so the copy is one point in time.
import { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { loadConfig, repoRoot } from '../config'

export function backup(databasePath: string, target: string) {
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file`)
  const db = new Database(databasePath, { readonly: true })
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.query('VACUUM INTO ?').run(target)
  } finally {
    db.close()
  }
  const copy = new Database(target, { readonly: true })
  try {
    const check = copy.query('PRAGMA integrity_check').get() as { integrity_check: string }
    if (check.integrity_check !== 'ok')
      throw new Error(`backup failed its integrity check: ${check.integrity_check}`)
  } finally {
    copy.close()
  }
}

if (import.meta.main) {
  const arg = process.argv[2]
  if (!arg) {
    console.error('usage: bun run backup <file>')
    process.exit(2)
  }
  const target = isAbsolute(arg) ? arg : resolve(process.env.INIT_CWD ?? repoRoot, arg)
  const { databasePath } = loadConfig()
  try {
    backup(databasePath, target)
    console.log(`Backed up ${databasePath} to ${target}`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
