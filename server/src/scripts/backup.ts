// `bun run backup <file>`: a consistent online copy of the database into a new SQLite file, safe
// while the server runs. SQLite: VACUUM INTO, in one read transaction. PostgreSQL: every table
// copied (db/copy.ts) inside one read-only REPEATABLE READ transaction, so the copy is one point in
// time too. Either file goes back with `bun run restore <file> [<to>]`, into either engine.
import { Database } from 'bun:sqlite'
import { existsSync, rmSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { loadConfig, repoRoot } from '../config'
import { openDatabase } from '../db'
import { type CopyOptions, copyData } from '../db/copy'
import { openPostgres } from '../db/pg'
import { terminalProgress } from './progress'

export function backup(databasePath: string, target: string) {
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file`)
  const db = new Database(databasePath, { readonly: true })
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.query('VACUUM INTO ?').run(target)
  } finally {
    db.close()
  }
  checkIntegrity(target)
}

/** A PostgreSQL database's snapshot into a new SQLite file (the same backup file as SQLite's). */
export async function backupPostgres(
  url: string,
  target: string,
  options: Pick<CopyOptions, 'progress'> = {},
) {
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file`)
  const source = await openPostgres(url, { max: 1, migrate: false, statementTimeout: 3600 })
  const copy = openDatabase(target)
  try {
    const report = await source.tx(async (tx) => {
      await tx.exec(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`)
      return copyData(tx, copy, undefined, options)
    })
    const mismatched = report.filter((r) => r.source !== r.target)
    if (mismatched.length)
      throw new Error(`row counts differ in ${mismatched.map((r) => r.table).join(', ')}`)
    // One self-contained file: the write-ahead log folded in and removed.
    copy.sqlite.exec('PRAGMA journal_mode = DELETE')
  } catch (error) {
    await copy.close()
    rmSync(target, { force: true })
    throw error
  } finally {
    await source.close()
  }
  await copy.close()
  checkIntegrity(target)
}

function checkIntegrity(target: string) {
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
  const { databasePath, databaseUrl } = loadConfig()
  // PostgreSQL's copy goes page by page: its progress on a terminal. SQLite's is one VACUUM INTO.
  const bar = terminalProgress()
  try {
    if (databaseUrl) await backupPostgres(databaseUrl, target, { progress: bar.progress })
    else backup(databasePath, target)
    bar.done()
    console.log(`Backed up ${databaseUrl ? 'PostgreSQL' : databasePath} to ${target}`)
  } catch (error) {
    bar.done()
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
