// The setup of `bun run bench` (scripts/bench.ts), outside anything measured: the large dataset
// (seeded, or a copy of BENCH_DB), migrated, with the heavy user signed in; a pristine copy of it
// for the runs that must not see the write benchmarks' items; and the app build the server serves.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createSession, loadConfig, openDatabase } from '@cadence/server/testing'
import { HEAVY_EMAIL, seed } from './seed'

const root = join(import.meta.dir, '..')

/** The database the server runs on, and the copy taken before any write benchmark. */
export const dbPath = join(root, 'bench/tmp/bench.db')
export const pristinePath = join(root, 'bench/tmp/pristine.db')

/** Creates bench/tmp, where everything the bench writes besides its results goes. */
export function makeTmp() {
  mkdirSync(join(root, 'bench/tmp'), { recursive: true })
}

/**
 * Seeds the large dataset into `dbPath` (or copies BENCH_DB there), signs the heavy user in and
 * takes the pristine copy. Resolves with the seed's seconds (0 for a copy) and the session token.
 */
export async function prepareDatabase() {
  let seedSeconds = 0
  if (process.env.BENCH_DB) {
    console.log(`Using the seeded database ${process.env.BENCH_DB} (a copy)…`)
    for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(f, { force: true })
    copyFileSync(process.env.BENCH_DB, dbPath)
  } else {
    console.log('Seeding the large dataset…')
    seedSeconds = (await seed(dbPath)).seconds
    console.log(`  seeded in ${seedSeconds.toFixed(1)} s`)
  }
  // Migrate (a copied database may predate the newest migration) and sign the heavy user in,
  // outside the measured start; the tour is marked done so pages show their content.
  const db = openDatabase(dbPath)
  const heavy = db.sqlite.query('SELECT id FROM users WHERE email = ?').get(HEAVY_EMAIL) as {
    id: number
  }
  const session = await createSession(
    { db, config: loadConfig({ DATABASE_PATH: dbPath }) },
    heavy.id,
  )
  db.sqlite.run('UPDATE user_settings SET onboarding_complete = 1 WHERE user_id = ?', [heavy.id])
  db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.sqlite.close()
  // The uncached profile and PostgreSQL run on this copy: by then the write benchmarks have added
  // thousands of items to one report.
  copyFileSync(dbPath, pristinePath)
  return { seedSeconds, token: session.token }
}

/** The app build the server serves: APP_DIST, or a fresh `vite build` into bench/tmp/dist. */
export function buildApp(): string {
  if (process.env.APP_DIST) return process.env.APP_DIST
  const appDist = join(root, 'bench/tmp/dist')
  console.log('Building the app into bench/tmp/dist…')
  const build = Bun.spawnSync(['bunx', 'vite', 'build', '--outDir', appDist, '--emptyOutDir'], {
    cwd: join(root, 'app'),
    stdout: 'ignore',
    stderr: 'inherit',
  })
  if (build.exitCode !== 0 || !existsSync(join(appDist, 'index.html'))) {
    throw new Error('the app build failed')
  }
  return appDist
}
