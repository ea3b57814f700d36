// The service part of `bun run bench`: writes as a client sees them, and the capacity matrix.
//
// Durable writes (BENCH_ONLY=durable): item creates (POST /api/section-items) and edits (PUT
// /api/section-items/{id}) over HTTP from 16 connections of one user and of 16 users, on SQLite
// (WAL, synchronous = FULL) and on PostgreSQL (fsync and synchronous commit on), counting only 2xx
// answers. Afterwards the server is killed (-9), PostgreSQL shut down immediately (no checkpoint:
// WAL recovery at the restart), and the database must hold every acknowledged write: each run's
// created rows (at most one more per connection, the request in flight when wrk stopped) and, per
// connection, the edit it last saw acknowledged (or the one after it).
//
// Capacity (BENCH_ONLY=capacity): on PostgreSQL, the cluster pinned to CPU 0 and the instances with
// the load generator to CPU 1 (taskset), rounds of every cell: one and two instances (connections
// split 8/8 as a load balancer would), one user and 16 users (16 connections either way), reads,
// writes (create, edit, delete: the data keeps its size) and an 80/20 read/write mix.
import { Database } from 'bun:sqlite'
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createSession, loadConfig, openDatabase } from '@cadence/server/testing'
import { SQL } from 'bun'
import { startPostgres } from '../scripts/postgres'
import { findWrk } from './loadgen'
import { type PlanLine, type PlanMode, type PlanRun, runPlan } from './plan-run'
import { cpuTicks } from './postgres'
import { freePort } from './server'

const root = join(import.meta.dir, '..')
const CONNECTIONS = 16
const TICKS = 100

type Cpu = { wrk: number; app: number; db: number }
export type WriteRow = {
  engine: 'SQLite' | 'PostgreSQL'
  op: 'POST' | 'PUT'
  users: number
  connections: number
  seconds: number
  writesPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  acknowledged: number
  /** POST: rows of the run found after the crash; PUT: connections whose last edit was found. */
  found: number
  /** What `found` must be: acknowledged rows (up to `connections` more), or every connection. */
  verified: boolean
  /** CPU used, in cores (1 = one core busy for the whole run). */
  cpu: Cpu
}
export type CapacityRun = {
  rps: number
  writesPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  cpu: Cpu
}
export type CapacityRow = {
  instances: number
  users: number
  workload: 'read' | 'write' | 'mix'
  runs: CapacityRun[]
}
export type ServiceResult = {
  connections: number
  writeSeconds: number
  capacitySeconds: number
  rounds: number
  writes: WriteRow[]
  capacity: CapacityRow[]
  /** How the capacity runs were placed on the CPUs, as applied. */
  placement: string
  error?: string
}

/** A copy of the dataset with sessions for user1…user16 (ordinary users: 8 weekly reports). */
export async function prepareUsers(sqlitePath: string) {
  const path = join(root, 'bench/tmp/service.db')
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
  copyFileSync(sqlitePath, path)
  const db = openDatabase(path)
  const config = loadConfig({ DATABASE_PATH: path })
  const cookies: string[] = []
  for (let u = 1; u <= CONNECTIONS; u++) {
    const user = db.sqlite
      .query('SELECT id FROM users WHERE email = ?')
      .get(`user${u}@bench.example.com`) as { id: number }
    cookies.push(`cadence_session=${(await createSession({ db, config }, user.id)).token}`)
  }
  db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.sqlite.close()
  return { path, cookies }
}

export type App = { proc: ReturnType<typeof Bun.spawn>; base: string }

/** The real server on `env`'s database, optionally pinned to a CPU; resolves once it answers. */
export async function startApp(
  env: Record<string, string>,
  publicUrl: string,
  dist: string,
  cpu?: number,
  /** Bun's own options, before the script (`--preload`, `--cpu-prof`). */
  bunArgs: string[] = [],
) {
  const port = freePort()
  const { DATABASE_URL: _u, DATABASE_PATH: _p, ...inherited } = process.env
  const cmd = ['bun', ...bunArgs, 'server/src/index.ts']
  const proc = Bun.spawn(cpu === undefined ? cmd : ['taskset', '-c', String(cpu), ...cmd], {
    cwd: root,
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      APP_DIST: dist,
      // The durable-write runs put tens of thousands of items into one report (lib/limits.ts).
      ITEM_LIMITS: 'off',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the server exited during start')
    if (Date.now() > deadline) throw new Error('the server did not start in 60 s')
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break
    } catch {}
    await Bun.sleep(50)
  }
  return { proc, base } as App
}

export async function stopApp(app: App, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  app.proc.kill(signal)
  await app.proc.exited
}

/** Per user: the section writes go to, the report read and the section the capacity runs edit. */
export async function userData(base: string, origin: string, cookies: string[]) {
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of API answers
  const get = async (path: string, cookie: string): Promise<any> => {
    const res = await fetch(`${base}${path}`, { headers: { cookie, origin } })
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
    return res.json()
  }
  const sectionOf = async (uuid: string, cookie: string) => {
    const report = await get(`/api/reports/${uuid}`, cookie)
    const tasks = report.sections.find((s: { section_type: string }) => s.section_type === 'tasks')
    return Number((tasks ?? report.sections[0]).id)
  }
  const users = []
  for (const cookie of cookies) {
    const reports = await get('/api/reports', cookie)
    users.push({
      cookie,
      writeSection: await sectionOf(reports[0].uuid, cookie),
      readPath: `/api/reports/${reports[1].uuid}`,
      editSection: await sectionOf(reports[1].uuid, cookie),
    })
  }
  return users
}
export type User = Awaited<ReturnType<typeof userData>>[number]

export async function createItem(base: string, origin: string, cookie: string, section: number) {
  const res = await fetch(`${base}/api/section-items`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ section_id: section, content: 'Bench seed' }),
  })
  if (!res.ok) throw new Error(`POST /api/section-items: ${res.status}`)
  return Number(((await res.json()) as { id: number }).id)
}

/** The postmaster's pid (the parent of a backend) and its processes. */
export async function postmasterOf(admin: SQL) {
  const [{ pid }] = await admin`SELECT pg_backend_pid() AS pid`
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
}
/** Pins every process of the cluster to CPU 0 (taskset); false when taskset failed for one. */
export function pinClusterToCpu0(postmaster: number) {
  return clusterPids(postmaster).every(
    (pid) =>
      Bun.spawnSync(['taskset', '-a', '-p', '-c', '0', String(pid)], {
        stdout: 'ignore',
        stderr: 'ignore',
      }).exitCode === 0,
  )
}

export function clusterPids(postmaster: number) {
  const children = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
    .map(Number)
  return [postmaster, ...children]
}

/** CPU ticks of the apps and of the database processes, to take differences of. */
function ticks(appPids: number[], dbPids: () => number[]) {
  const sum = (pids: number[]) => pids.reduce((s, p) => s + cpuTicks(p), 0)
  return { app: sum(appPids), db: sum(dbPids()) }
}
function cores(
  before: { app: number; db: number },
  after: { app: number; db: number },
  run: PlanRun,
): Cpu {
  return {
    wrk: run.wrkCpuSeconds / run.seconds,
    app: (after.app - before.app) / TICKS / run.seconds,
    db: (after.db - before.db) / TICKS / run.seconds,
  }
}

export const planLines = (users: User[], count: number, items: number[], capacity: boolean) =>
  Array.from({ length: CONNECTIONS }, (_, i): PlanLine => {
    const u = users[count === 1 ? 0 : i]
    return {
      cookie: u.cookie,
      section: capacity ? u.editSection : u.writeSection,
      item: items[i] ?? 0,
      reads: [u.readPath, '/api/dashboard'],
    }
  })

/** The write runs of one engine; the checks of their rows come after the crash (`verify`). */
async function writeRuns(opts: {
  engine: WriteRow['engine']
  app: App
  origin: string
  users: User[]
  wrk: string
  seconds: number
  dbPids: () => number[]
}) {
  const runs: { row: WriteRow; tag: string; items: number[]; acked: number[] }[] = []
  for (const op of ['POST', 'PUT'] as const)
    for (const count of [1, CONNECTIONS]) {
      const tag = `${opts.engine === 'SQLite' ? 's' : 'p'}${op === 'POST' ? 'c' : 'e'}${count}`
      const items: number[] = []
      if (op === 'PUT')
        for (let i = 0; i < CONNECTIONS; i++) {
          const u = opts.users[count === 1 ? 0 : i]
          items.push(await createItem(opts.app.base, opts.origin, u.cookie, u.writeSection))
        }
      const before = ticks([opts.app.proc.pid], opts.dbPids)
      const run = await runPlan({
        wrk: opts.wrk,
        base: opts.app.base,
        origin: opts.origin,
        lines: planLines(opts.users, count, items, false),
        mode: op === 'POST' ? 'post' : 'put',
        seconds: opts.seconds,
        tag,
        file: 'plan-write.tsv',
      })
      const cpu = cores(before, ticks([opts.app.proc.pid], opts.dbPids), run)
      const row: WriteRow = {
        engine: opts.engine,
        op,
        users: count,
        connections: CONNECTIONS,
        seconds: run.seconds,
        writesPerSecond: run.okWrites / run.seconds,
        p50: run.p50,
        p99: run.p99,
        non2xx: run.non2xx,
        errors: run.errors,
        acknowledged: run.okWrites,
        found: 0,
        verified: false,
        cpu,
      }
      console.log(
        `  ${opts.engine.padEnd(10)} ${op.padEnd(4)} ${String(count).padStart(2)} user${count > 1 ? 's' : ' '}  ${row.writesPerSecond.toFixed(0).padStart(6)} 2xx writes/s  p50 ${run.p50.toFixed(2)} ms  p99 ${run.p99.toFixed(2)} ms  non-2xx ${run.non2xx}  errors ${run.errors}  CPU wrk ${cpu.wrk.toFixed(2)} app ${cpu.app.toFixed(2)}${opts.engine === 'PostgreSQL' ? ` db ${cpu.db.toFixed(2)}` : ''}`,
      )
      runs.push({ row, tag, items, acked: run.acked })
      await Bun.sleep(300)
    }
  return runs
}

/** Checks each run's rows in the database after the crash (`count` rows LIKE, `content` by id). */
async function verify(
  runs: Awaited<ReturnType<typeof writeRuns>>,
  count: (like: string) => Promise<number>,
  content: (id: number) => Promise<string | null>,
) {
  for (const { row, tag, items, acked } of runs) {
    if (row.op === 'POST') {
      row.found = await count(`Bench ${tag} %`)
      row.verified = row.found >= row.acknowledged && row.found <= row.acknowledged + CONNECTIONS
    } else {
      let ok = 0
      for (let i = 0; i < items.length; i++) {
        const m = /^Bench edit \S+ (\d+)-(\d+)$/.exec((await content(items[i])) ?? '')
        const n = m ? Number(m[2]) : -1
        if ((m ? Number(m[1]) === i : true) && (n === acked[i] || n === acked[i] + 1)) ok++
      }
      row.found = ok
      row.verified = ok === items.length
    }
    console.log(
      `  ${row.engine.padEnd(10)} ${row.op.padEnd(4)} ${String(row.users).padStart(2)} user${row.users > 1 ? 's' : ' '}: ${row.op === 'POST' ? `${row.found} rows after the crash for ${row.acknowledged} acknowledged` : `${row.found} of ${items.length} connections' last acknowledged edit found`} — ${row.verified ? 'durable' : 'MISSING WRITES'}`,
    )
  }
}

export async function measureService(opts: {
  sqlitePath: string
  appDist: string
  durable: boolean
  capacity: boolean
  writeSeconds: number
  capacitySeconds: number
  rounds: number
}): Promise<ServiceResult> {
  const result: ServiceResult = {
    connections: CONNECTIONS,
    writeSeconds: opts.writeSeconds,
    capacitySeconds: opts.capacitySeconds,
    rounds: opts.rounds,
    writes: [],
    capacity: [],
    placement: 'not measured',
  }
  const wrk = findWrk()
  if (!wrk) return { ...result, error: 'wrk is not installed (these runs need its Lua scripting)' }
  const origin = 'http://127.0.0.1:4900'
  const { path, cookies } = await prepareUsers(opts.sqlitePath)
  const apps: App[] = []
  let pg: Awaited<ReturnType<typeof startPostgres>> | null = null
  let admin: SQL | null = null
  try {
    // PostgreSQL first, copied from the file before the SQLite runs write to it.
    pg = await startPostgres({ durable: true })
    admin = new SQL({ url: pg.url, max: 1 })
    await admin.unsafe('CREATE DATABASE cadence_bench')
    const url = pg.url.replace(/\/postgres$/, '/cadence_bench')
    const copy = Bun.spawnSync(['bun', 'run', 'copy-data', path, url], {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    if (copy.exitCode !== 0) throw new Error(`copy-data failed: ${copy.stderr.toString()}`)
    // The capacity matrix runs on an untouched copy: the durable runs add tens of thousands of open
    // tasks to these users, which each of their dashboards would then list and age.
    await admin.unsafe('CREATE DATABASE cadence_capacity TEMPLATE cadence_bench')
    const capacityUrl = pg.url.replace(/\/postgres$/, '/cadence_capacity')
    if (opts.durable) {
      console.log(
        `\nDurable writes over HTTP, ${CONNECTIONS} connections, ${opts.writeSeconds} s each…`,
      )
      const app = await startApp({ DATABASE_PATH: path }, origin, opts.appDist)
      apps.push(app)
      const users = await userData(app.base, origin, cookies)
      const runs = await writeRuns({
        engine: 'SQLite',
        app,
        origin,
        users,
        wrk,
        seconds: opts.writeSeconds,
        dbPids: () => [],
      })
      await stopApp(app, 'SIGKILL')
      apps.pop()
      const db = new Database(path)
      await verify(
        runs,
        async (like) =>
          (
            db.query('SELECT count(*) AS n FROM section_items WHERE content LIKE ?').get(like) as {
              n: number
            }
          ).n,
        async (id) =>
          (
            db.query('SELECT content FROM section_items WHERE id = ?').get(id) as {
              content: string
            } | null
          )?.content ?? null,
      )
      db.close()
      result.writes.push(...runs.map((r) => r.row))
    }
    let postmaster = await postmasterOf(admin)
    if (opts.durable) {
      const app = await startApp({ DATABASE_URL: url }, origin, opts.appDist)
      apps.push(app)
      const users = await userData(app.base, origin, cookies)
      const pm = postmaster
      const runs = await writeRuns({
        engine: 'PostgreSQL',
        app,
        origin,
        users,
        wrk,
        seconds: opts.writeSeconds,
        dbPids: () => clusterPids(pm),
      })
      await stopApp(app, 'SIGKILL')
      apps.pop()
      // Immediate shutdown (SIGQUIT: no checkpoint), then a start that recovers from the WAL.
      await admin.close()
      process.kill(postmaster, 'SIGQUIT')
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        try {
          process.kill(postmaster, 0)
          await Bun.sleep(50)
        } catch {
          break
        }
      }
      await pg.start()
      admin = new SQL({ url: pg.url, max: 1 })
      postmaster = await postmasterOf(admin)
      const check = new SQL({ url, max: 1 })
      await verify(
        runs,
        async (like) =>
          (await check`SELECT count(*)::int AS n FROM section_items WHERE content LIKE ${like}`)[0]
            .n,
        async (id) =>
          (await check`SELECT content FROM section_items WHERE id = ${id}`)[0]?.content ?? null,
      )
      await check.close()
      result.writes.push(...runs.map((r) => r.row))
    }
    if (opts.capacity)
      await capacity({ opts, result, url: capacityUrl, origin, cookies, wrk, postmaster, apps })
  } catch (error) {
    result.error = String(error).slice(0, 300)
    console.log(`  not measured: ${result.error}`)
  } finally {
    for (const app of apps) await stopApp(app)
    await admin?.close()
    await pg?.stop()
  }
  return result
}

async function capacity(ctx: {
  opts: { appDist: string; capacitySeconds: number; rounds: number }
  result: ServiceResult
  url: string
  origin: string
  cookies: string[]
  wrk: string
  postmaster: number
  apps: App[]
}) {
  const { opts, result, origin, wrk } = ctx
  // PostgreSQL on CPU 0 (its postmaster and every process it has; new backends inherit it), the
  // instances and the load generator on CPU 1.
  const pinned = pinClusterToCpu0(ctx.postmaster)
  result.placement = pinned
    ? 'PostgreSQL on CPU 0; the instances and wrk on CPU 1 (taskset)'
    : 'taskset failed: PostgreSQL, the instances and wrk share both CPUs'
  const cpu = pinned ? 1 : undefined
  const a = await startApp({ DATABASE_URL: ctx.url }, origin, opts.appDist, cpu)
  ctx.apps.push(a)
  const b = await startApp({ DATABASE_URL: ctx.url }, origin, opts.appDist, cpu)
  ctx.apps.push(b)
  const users = await userData(a.base, origin, ctx.cookies)
  console.log(
    `\nCapacity on PostgreSQL (${result.placement}), ${CONNECTIONS} connections, ${opts.capacitySeconds} s × ${opts.rounds} rounds…`,
  )
  const rows = new Map<string, CapacityRow>()
  for (let round = 0; round < opts.rounds; round++)
    for (const instances of [1, 2])
      for (const count of [1, CONNECTIONS])
        for (const workload of ['read', 'write', 'mix'] as const) {
          const lines = planLines(users, count, [], true)
          const targets = instances === 1 ? [a] : [a, b]
          const share = CONNECTIONS / targets.length
          const appPids = targets.map((t) => t.proc.pid)
          const dbPids = () => clusterPids(ctx.postmaster)
          const before = ticks(appPids, dbPids)
          const runs = await Promise.all(
            targets.map((t, i) =>
              runPlan({
                wrk,
                base: t.base,
                origin,
                lines: lines.slice(i * share, (i + 1) * share),
                mode: workload as PlanMode,
                seconds: opts.capacitySeconds,
                tag: `cap${round}`,
                file: `plan-${i}.tsv`,
                cpu,
              }),
            ),
          )
          const after = ticks(appPids, dbPids)
          const seconds = Math.max(...runs.map((r) => r.seconds))
          const sum = (f: (r: PlanRun) => number) => runs.reduce((s, r) => s + f(r), 0)
          const run: CapacityRun = {
            rps: sum((r) => r.okReads + r.okWrites) / seconds,
            writesPerSecond: sum((r) => r.okWrites) / seconds,
            p50: Math.max(...runs.map((r) => r.p50)),
            p99: Math.max(...runs.map((r) => r.p99)),
            non2xx: sum((r) => r.non2xx),
            errors: sum((r) => r.errors),
            cpu: {
              wrk: sum((r) => r.wrkCpuSeconds) / seconds,
              app: (after.app - before.app) / TICKS / seconds,
              db: (after.db - before.db) / TICKS / seconds,
            },
          }
          const key = `${instances}/${count}/${workload}`
          const row = rows.get(key) ?? { instances, users: count, workload, runs: [] }
          row.runs.push(run)
          rows.set(key, row)
          console.log(
            `  round ${round + 1}  ${instances} inst  ${String(count).padStart(2)} user${count > 1 ? 's' : ' '}  ${workload.padEnd(5)}  ${run.rps.toFixed(0).padStart(6)} 2xx/s (writes ${run.writesPerSecond.toFixed(0)})  p50 ${run.p50.toFixed(2)} ms  p99 ${run.p99.toFixed(2)} ms  non-2xx ${run.non2xx}  errors ${run.errors}  CPU wrk ${run.cpu.wrk.toFixed(2)} app ${run.cpu.app.toFixed(2)} db ${run.cpu.db.toFixed(2)}`,
          )
          await Bun.sleep(300)
        }
  result.capacity = [...rows.values()]
}
