// `bun bench/write-profile.ts [sqlite|postgres|both] [post,put]`: where an item write's time goes.
// The durable-writes run of `bun run bench` (bench/service.ts: 16 connections of 16 users, wrk,
// POST/PUT /api/section-items) for WRITE_PROFILE_SECONDS (default 5) per mode, with
// - on SQLite: every statement timed inside the server (bench/statement-timing.ts, preloaded);
// - on PostgreSQL: pg_stat_statements (nested statements too) and the trigger functions' timings.
// Prints µs per acknowledged write for each statement. Needs the seeded dataset of a bench run
// (bench/tmp/pristine.db, or BENCH_DB) and an app build (bench/tmp/dist, or APP_DIST).
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { startPostgres } from '../scripts/postgres'
import { findWrk } from './loadgen'
import { runPlan } from './plan-run'
import { createItem, planLines, prepareUsers, startApp, stopApp, userData } from './service'

const root = join(import.meta.dir, '..')
const engines = (process.argv[2] ?? 'both').toLowerCase()
const modes = (process.argv[3] ?? 'post,put').split(',') as Array<'post' | 'put'>
const seconds = Number(process.env.WRITE_PROFILE_SECONDS ?? 5)
const seeded = process.env.BENCH_DB ?? join(root, 'bench/tmp/pristine.db')
const dist = process.env.APP_DIST ?? join(root, 'bench/tmp/dist')
const origin = 'http://127.0.0.1:4900'
if (!existsSync(seeded) || !existsSync(dist)) {
  console.error(
    `Needs the seeded dataset (${seeded}) and an app build (${dist}): run \`BENCH_ONLY=durable bun run bench\` once, or set BENCH_DB and APP_DIST.`,
  )
  process.exit(2)
}
const wrk = findWrk()
if (!wrk) throw new Error('wrk is not installed')

type Row = { sql: string; calls: number; ms: number }
function print(title: string, rows: Row[], writes: number) {
  console.log(`\n${title}`)
  for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, 15))
    console.log(
      `${((r.ms * 1000) / writes).toFixed(1).padStart(7)} µs/write ${(r.calls / writes).toFixed(2).padStart(5)} calls/write  ${r.sql}`,
    )
}

const timesFile = join(root, 'bench/tmp/statement-times.json')

async function profile(
  engine: 'SQLite' | 'PostgreSQL',
  env: Record<string, string>,
  cookies: string[],
  admin?: SQL,
) {
  for (const mode of modes) {
    const sqlite = engine === 'SQLite'
    rmSync(timesFile, { force: true })
    const preload = sqlite ? ['--preload', join(import.meta.dir, 'statement-timing.ts')] : []
    const app = await startApp(
      sqlite ? { ...env, STATEMENT_TIMES_FILE: timesFile } : env,
      origin,
      dist,
      undefined,
      preload,
    )
    const users = await userData(app.base, origin, cookies)
    const items: number[] = []
    if (mode === 'put')
      for (const u of users)
        items.push(await createItem(app.base, origin, u.cookie, u.writeSection))
    await admin?.unsafe('SELECT pg_stat_statements_reset(), pg_stat_reset()')
    const run = await runPlan({
      wrk,
      base: app.base,
      origin,
      lines: planLines(users, users.length, items, false),
      mode,
      seconds,
      tag: `profile-${Date.now()}`,
      file: 'plan-profile.tsv',
    })
    const writes = run.okWrites
    console.log(
      `\n== ${engine} ${mode.toUpperCase()}: ${(writes / run.seconds).toFixed(0)} writes/s (p50 ${run.p50.toFixed(2)} ms, non-2xx ${run.non2xx})`,
    )
    if (admin) {
      const statements = (await admin.unsafe(
        `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS sql, calls::int, total_exec_time AS ms
         FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'`,
      )) as Row[]
      print('PostgreSQL statements (nested ones too, so totals overlap):', statements, writes)
      const functions = (await admin.unsafe(
        `SELECT funcname || ' (self)' AS sql, calls::int, self_time AS ms FROM pg_stat_user_functions`,
      )) as Row[]
      print('PostgreSQL functions, their own time:', functions, writes)
    }
    await stopApp(app)
    if (sqlite && existsSync(timesFile))
      print(
        'SQLite statements, inside the server:',
        JSON.parse(readFileSync(timesFile, 'utf8')),
        writes,
      )
  }
}

const path = join(root, 'bench/tmp/service.db')
if (engines === 'sqlite' || engines === 'both') {
  const { cookies } = await prepareUsers(seeded)
  await profile('SQLite', { DATABASE_PATH: path }, cookies)
}
if (engines === 'postgres' || engines === 'both') {
  const { cookies } = await prepareUsers(seeded)
  const pg = await startPostgres({ durable: true })
  try {
    let admin = new SQL({ url: pg.url, max: 1 })
    await admin.unsafe(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`)
    await admin.unsafe(`ALTER SYSTEM SET track_functions = 'all'`)
    await admin.close()
    await pg.halt()
    await pg.start()
    admin = new SQL({ url: pg.url, max: 1 })
    await admin.unsafe('CREATE EXTENSION pg_stat_statements')
    await admin.unsafe(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`)
    await admin.unsafe('SELECT pg_reload_conf()')
    const copy = Bun.spawnSync(['bun', 'run', 'copy-data', path, pg.url], {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    if (copy.exitCode !== 0) throw new Error(`copy-data failed: ${copy.stderr.toString()}`)
    await profile('PostgreSQL', { DATABASE_URL: pg.url }, cookies, admin)
    await admin.close()
  } finally {
    await pg.stop()
  }
}
for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
