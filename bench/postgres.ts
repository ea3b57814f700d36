// The PostgreSQL part of `bun run bench` (scale-out): the same seeded dataset, copied with
// `bun run copy-data` into a throwaway PostgreSQL cluster that keeps its durable defaults (fsync,
// synchronous commit: the same promise as SQLite's synchronous = FULL), served by one and then two
// server instances on that one database. Each target is measured at 64 connections; with two
// instances the connections are split between them (as a load balancer would) and the rates add.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { startPostgres } from '../scripts/postgres'
import { freePort } from './server'

export type PgTarget = { name: string; method: string; path: string; body?: string }
export type PgRun = { rps: number; p50: number; p99: number; errors: number; non2xx: number }
export type PgRow = { name: string; instances: number; connections: number } & PgRun
export type PgResult = { copySeconds: number; rows: PgRow[]; error?: string }

type Measure = (url: string, t: PgTarget, c: number, seconds: number) => Promise<PgRun>

const root = join(import.meta.dir, '..')

async function startInstance(port: number, databaseUrl: string, publicUrl: string, dist: string) {
  const proc = Bun.spawn(['bun', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      APP_DIST: dist,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error('a PostgreSQL instance exited during start')
    if (Date.now() > deadline) throw new Error('a PostgreSQL instance did not start in 30 s')
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break
    } catch {}
    await Bun.sleep(20)
  }
  return proc
}

/** CPU time the process has used so far (user and system, in clock ticks); 0 when unknown. */
export function cpuTicks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields 14 to 17 (utime, stime, cutime, cstime), counted after the command name in
    // parentheses: the children's part keeps the time of PostgreSQL backends that exited during
    // a run (the postmaster reaps them), which their own entries lose.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
  } catch {
    return 0
  }
}

/**
 * Waits until the instances have finished the requests the load generator left in flight: when
 * its time is up, wrk closes its connections with up to 64 requests unanswered, and the server goes
 * on with them (a second or more of work on the dashboard or search). Stopping an instance then
 * closes its pool under those requests, and each query after that fails with "Connection closed".
 * Settled: no statement of theirs running and no transaction open in PostgreSQL, and at most a
 * clock tick of CPU spent by each, three polls of 100 ms in a row (30 s at most).
 */
async function settle(admin: SQL, database: string, pids: number[]) {
  const cpu = () => pids.reduce((sum, pid) => sum + cpuTicks(pid), 0)
  const deadline = Date.now() + 30_000
  let quiet = 0
  let last = cpu()
  while (quiet < 3 && Date.now() < deadline) {
    await Bun.sleep(100)
    const [{ busy }] = await admin`
      SELECT count(*)::int AS busy FROM pg_stat_activity WHERE datname = ${database} AND state <> 'idle'`
    const now = cpu()
    quiet = busy === 0 && now - last <= pids.length ? quiet + 1 : 0
    last = now
  }
}

export async function measurePostgres(opts: {
  sqlitePath: string
  appDist: string
  publicUrl: string
  targets: PgTarget[]
  measure: Measure
  seconds: number
}): Promise<PgResult> {
  const pg = await startPostgres({ durable: true })
  // One connection of the bench's own, to the maintenance database: creates the bench database,
  // then watches the instances' activity in it.
  const admin = new SQL({ url: pg.url, max: 1 })
  const database = 'cadence_bench'
  const procs: ReturnType<typeof Bun.spawn>[] = []
  const rows: PgRow[] = []
  let copySeconds = 0
  try {
    const url = pg.url.replace(/\/postgres$/, `/${database}`)
    await admin.unsafe(`CREATE DATABASE ${database}`)
    const started = performance.now()
    const copy = Bun.spawnSync(['bun', 'run', 'copy-data', opts.sqlitePath, url], {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    if (copy.exitCode !== 0) throw new Error(`copy-data failed: ${copy.stderr.toString()}`)
    copySeconds = (performance.now() - started) / 1000
    console.log(`  copy-data into PostgreSQL: ${copySeconds.toFixed(1)} s`)
    // Both instances answer for the proxy's origin, which the session cookie and Origin use.
    const ports = [freePort()]
    procs.push(await startInstance(ports[0], url, opts.publicUrl, opts.appDist))
    const base = (p: number) => `http://127.0.0.1:${p}`
    for (const t of opts.targets) {
      const one = await opts.measure(`${base(ports[0])}${t.path}`, t, 64, opts.seconds)
      rows.push({ name: t.name, instances: 1, connections: 64, ...one })
    }
    // Taken while the first instance listens, so the OS cannot give its port again.
    ports.push(freePort())
    procs.push(await startInstance(ports[1], url, opts.publicUrl, opts.appDist))
    for (const t of opts.targets) {
      const [a, b] = await Promise.all(
        ports.map((p) => opts.measure(`${base(p)}${t.path}`, t, 32, opts.seconds)),
      )
      rows.push({
        name: t.name,
        instances: 2,
        connections: 64,
        rps: a.rps + b.rps,
        p50: Math.max(a.p50, b.p50),
        p99: Math.max(a.p99, b.p99),
        errors: a.errors + b.errors,
        non2xx: a.non2xx + b.non2xx,
      })
    }
    for (const r of rows)
      console.log(
        `  ${r.name.padEnd(30)} ${r.instances} instance${r.instances > 1 ? 's' : ' '}  ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}${r.errors ? `  errors ${r.errors}` : ''}`,
      )
    return { copySeconds, rows }
  } catch (error) {
    return { copySeconds, rows, error: String(error).slice(0, 300) }
  } finally {
    // In order: the instances finish their requests, stop (each closes its pool), then the
    // bench's own connection closes, and only then PostgreSQL stops.
    if (procs.length) {
      try {
        await settle(
          admin,
          database,
          procs.map((p) => p.pid),
        )
      } catch {}
    }
    for (const p of procs) p.kill()
    await Promise.all(procs.map((p) => p.exited))
    await admin.close()
    await pg.stop()
  }
}
