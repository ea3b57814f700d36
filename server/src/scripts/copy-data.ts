// `bun run copy-data <from> <to>`: copies a whole Cadence installation from one database to
// another; each side is a SQLite file path or a postgres:// URL. The target must be empty (a new
// SQLite file, or a new PostgreSQL database); it is migrated first. Exits 0 only when every
// table's row count matches. Stop the server before copying (docs/deployment.md, "Moving an installation from SQLite").
import { existsSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { repoRoot } from '../config'
import { isPostgresUrl, openDatabase } from '../db'
import { copyData } from '../db/copy'
import type { Engine } from '../db/engine'
import { openPostgres } from '../db/pg'
import { terminalProgress } from './progress'

const [from, to] = process.argv.slice(2)
if (!from || !to || process.argv.length > 4) {
  console.error(
    'usage: bun run copy-data <from> <to>   (each a SQLite file path or a postgres:// URL)',
  )
  process.exit(2)
}

const describe = (target: string) =>
  isPostgresUrl(target) ? `PostgreSQL ${new URL(target).host}${new URL(target).pathname}` : target

async function open(target: string, mustExist: boolean): Promise<Engine> {
  // A large table takes a while: the statements of a copy get an hour, not the API's seconds.
  if (isPostgresUrl(target)) return openPostgres(target, { max: 2, statementTimeout: 3600 })
  // Relative paths from the repository root, like DATABASE_PATH.
  const path = isAbsolute(target) ? target : join(repoRoot, target)
  if (mustExist && !existsSync(path)) throw new Error(`no SQLite database at ${path}`)
  return openDatabase(path)
}

try {
  const source = await open(from, true)
  const target = await open(to, false)
  console.log(`Copying ${describe(from)} -> ${describe(to)}`)
  const started = performance.now()
  // Progress on a terminal only; a log or a pipe gets the table of counts below.
  const bar = terminalProgress()
  const report = await copyData(source, target, undefined, { progress: bar.progress }).finally(
    bar.done,
  )
  const mismatched = report.filter((r) => r.source !== r.target)
  console.log('\ntable                 source   target')
  for (const r of report) {
    console.log(
      `${r.table.padEnd(20)} ${String(r.source).padStart(7)}  ${String(r.target).padStart(7)}${r.source === r.target ? '' : '  MISMATCH'}`,
    )
  }
  await source.close()
  await target.close()
  if (mismatched.length) {
    console.error(`\nRow counts differ in ${mismatched.map((r) => r.table).join(', ')}`)
    process.exit(1)
  }
  console.log(
    `\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s: every table's row count matches.`,
  )
} catch (error) {
  console.error(`copy-data: ${(error as Error).message}`)
  if (process.env.DEBUG) console.error(error)
  process.exit(1)
}
