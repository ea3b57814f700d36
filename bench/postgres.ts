// The PostgreSQL part of `bun run bench` (scale-out): the same seeded dataset, copied with
// `bun run copy-data` into a throwaway PostgreSQL cluster that keeps its durable defaults (fsync,
// synchronous commit: the same promise as SQLite's synchronous = FULL), served by one and then two
// server instances on that one database. Each target is measured at 64 connections; with two
// instances the connections are split between them (as a load balancer would) and the rates add.
import { join } from 'node:path'
import { startPostgres } from '../scripts/postgres'

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

export async function measurePostgres(opts: {
  sqlitePath: string
  appDist: string
  publicUrl: string
  targets: PgTarget[]
  measure: Measure
  seconds: number
}): Promise<PgResult> {
  const pg = await startPostgres({ durable: true })
  const procs: ReturnType<typeof Bun.spawn>[] = []
  const rows: PgRow[] = []
  let copySeconds = 0
  try {
    const url = pg.url.replace(/\/postgres$/, '/cadence_bench')
    await new Bun.SQL({ url: pg.url, max: 1 }).unsafe('CREATE DATABASE cadence_bench')
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
    const { port } = new URL(opts.publicUrl)
    const ports = [Number(port) + 10, Number(port) + 11]
    procs.push(await startInstance(ports[0], url, opts.publicUrl, opts.appDist))
    const base = (p: number) => `http://127.0.0.1:${p}`
    for (const t of opts.targets) {
      const one = await opts.measure(`${base(ports[0])}${t.path}`, t, 64, opts.seconds)
      rows.push({ name: t.name, instances: 1, connections: 64, ...one })
    }
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
    for (const p of procs) p.kill()
    await Promise.all(procs.map((p) => p.exited))
    await pg.stop()
  }
}
