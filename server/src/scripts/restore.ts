// `bun run restore <file> [<to>]`: puts a `bun run backup` file back, into an empty database:
// `<to>` is a SQLite file path or a postgres:// URL, by default the configured database
// (DATABASE_URL, else DATABASE_PATH). The backup is first brought to this version's schema (on a
// temporary copy; the file itself is never changed), then every table is copied with its ids in
// one transaction (db/copy.ts). Exits 0 only when every table's row count matches.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { loadConfig, repoRoot } from '../config'
import { isPostgresUrl, openDatabase } from '../db'
import { type CopyOptions, type CopyReport, copyData } from '../db/copy'
import type { Engine } from '../db/engine'
import { openPostgres } from '../db/pg'
import { terminalProgress } from './progress'

export const describeTarget = (target: string) =>
  isPostgresUrl(target) ? `PostgreSQL ${new URL(target).host}${new URL(target).pathname}` : target

/** Restores `file` (a backup) into `target` (a SQLite path or a PostgreSQL URL), which must be empty. */
export async function restore(
  file: string,
  target: string,
  options: { migrate?: boolean; log?: (line: string) => void } & Pick<CopyOptions, 'progress'> = {},
): Promise<CopyReport> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`)
  const dir = mkdtempSync(join(tmpdir(), 'cadence-restore-'))
  let source: Engine | null = null
  let into: Engine | null = null
  try {
    const copy = join(dir, 'backup.db')
    copyFileSync(file, copy)
    source = openDatabase(copy)
    into = isPostgresUrl(target)
      ? await openPostgres(target, { max: 2, migrate: options.migrate, statementTimeout: 3600 })
      : openDatabase(target, { migrate: options.migrate })
    return await copyData(source, into, options.log, { progress: options.progress })
  } finally {
    await source?.close()
    await into?.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const [file, to] = process.argv.slice(2)
  if (!file || process.argv.length > 4) {
    console.error(
      'usage: bun run restore <file> [<to>]   (<to>: a SQLite file path or a postgres:// URL)',
    )
    process.exit(2)
  }
  try {
    const config = loadConfig()
    const source = isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? repoRoot, file)
    // Like DATABASE_PATH, a relative SQLite path is from the repository root.
    const target =
      to === undefined
        ? (config.databaseUrl ?? config.databasePath)
        : isPostgresUrl(to) || isAbsolute(to)
          ? to
          : join(repoRoot, to)
    console.log(`Restoring ${source} -> ${describeTarget(target)}`)
    // Progress on a terminal only; a log or a pipe gets the summary below.
    const bar = terminalProgress()
    const started = performance.now()
    const report = await restore(source, target, {
      migrate: config.ops.migrate !== 'off',
      progress: bar.progress,
    }).finally(bar.done)
    const mismatched = report.filter((r) => r.source !== r.target)
    if (mismatched.length) {
      console.error(`Row counts differ in ${mismatched.map((r) => r.table).join(', ')}`)
      process.exit(1)
    }
    const rows = report.reduce((sum, r) => sum + r.target, 0)
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.length} tables, ${rows.toLocaleString('en')} rows, every row count matches.`,
    )
  } catch (error) {
    console.error(`restore: ${(error as Error).message}`)
    process.exit(1)
  }
}
