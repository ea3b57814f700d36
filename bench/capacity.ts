// The capacity model's costs (`BENCH_ONLY=model bun run bench`, or `bun bench/capacity.ts`): what
// one request of each kind costs in CPU, in the app's process and in PostgreSQL's, for heavy and
// for light users; then the model (bench/capacity-model.ts) from those costs, written into
// docs/capacity.md and docs/benchmarks.md between their markers (bench/capacity-render.ts).
// `bun bench/capacity.ts --write` renders the last run (bench/tmp/capacity.json) again.
// BENCH_MODEL_SECONDS: seconds a run (default 10); BENCH_MODEL_DB=<file>: a database seeded before
// (bench/tmp/capacity.db of an earlier run) instead of seeding; BENCH_MODEL_ONLY=<kind> (`PDF`,
// `Send`, `search`…): that kind alone, merged into the last run's cells, each with its load.
//
// The data: the bench's dataset (bench/seed.ts) with four heavy users instead of one — each 260
// weekly reports of 5 sections × 12 items, 200 projects, 60 people, 3,000 talking points and
// tasks — beside 499 light users (8 weekly reports of 3 sections × 3 items, 5 projects, 3 people),
// copied into PostgreSQL 15 with its durable defaults. PostgreSQL runs on CPU 0, the instance and
// the load generator (wrk) on CPU 1 (taskset), as the capacity matrix (bench/service.ts) does.
// Each kind runs from 4 connections, each its own user: heavy1–4 or user1–4.
//
//   cached read    GET a report (`/api/reports/{uuid}`) and `/api/dashboard` in turn, unchanged
//   uncached read  the same reads from a second instance with HTTP_CACHE=off (every GET answered
//                  from its route, as the first read after its user's write is)
//   write          create an item, edit it, delete it (the data keeps its size)
//   search         GET /api/search?query=budget and ?query=vendor in turn
//   Send           'Send update' (POST /api/reports/{uuid}/editions) of a sent report, 10 per user
//                  (the quota is 20 an hour), each e-mailed to 3 readers through a local SMTP
//                  server (smtp-server, as the server's tests use): the CPU counts until the last
//                  message is accepted, so it includes composing and sending the mail
//   PDF            GET the memo PDF (`/api/reports/{uuid}/pdf`) and edition 1's PDF in turn
//
// CPU per request: the CPU time the processes used from the start of a run until both are idle
// again (/proc, clock ticks), less their idle rate, over the requests answered 2xx plus the one per
// connection left in flight when wrk stopped (the server finishes it). Other work on the machine lengthens the runs but hardly moves CPU time per
// request, so these are the figures to read when the machine is shared; the load average at the
// start and end is written beside them.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { createSession, loadConfig, openDatabase, startTestSmtp } from '@cadence/server/testing'
import { SQL } from 'bun'
import { startPostgres } from '../scripts/postgres'
import {
  type CapacityResult,
  type Cell,
  type CellName,
  type Profile,
  writeCapacityDocs,
} from './capacity-render'
import { findWrk } from './loadgen'
import { type PlanLine, type PlanMode, runPlan } from './plan-run'
import { cpuTicks } from './postgres'
import { seed } from './seed'
import { type App, clusterPids, pinClusterToCpu0, postmasterOf, startApp, stopApp } from './service'

const root = join(import.meta.dir, '..')
const TICKS = 100
const USERS = 4
const SENDS_PER_USER = 10
const READERS = ['board1@bench.example.com', 'board2@bench.example.com', 'cfo@bench.example.com']
const ORIGIN = 'http://127.0.0.1:4900'

type UserPlan = {
  email: string
  cookie: string
  readPath: string
  sendUuid: string
  editSection: number
  item: number
}

/** The dataset with four heavy users, and a session for each user the runs play. */
async function prepare(path: string) {
  if (process.env.BENCH_MODEL_DB && existsSync(process.env.BENCH_MODEL_DB)) {
    console.log(`Using ${process.env.BENCH_MODEL_DB} (a copy)…`)
    copyFileSync(process.env.BENCH_MODEL_DB, path)
  } else {
    console.log('Seeding the dataset with four heavy users…')
    const { seconds } = await seed(path, USERS)
    console.log(`  seeded in ${seconds.toFixed(1)} s`)
  }
  const db = openDatabase(path)
  const config = loadConfig({ DATABASE_PATH: path })
  const emails: Record<Profile, string[]> = {
    heavy: Array.from({ length: USERS }, (_, i) => `heavy${i ? i + 1 : ''}@bench.example.com`),
    light: Array.from({ length: USERS }, (_, i) => `user${i + 1}@bench.example.com`),
  }
  const cookies: Record<Profile, { email: string; cookie: string }[]> = { heavy: [], light: [] }
  for (const profile of ['heavy', 'light'] as const)
    for (const email of emails[profile]) {
      const user = db.sqlite.query('SELECT id FROM users WHERE email = ?').get(email) as {
        id: number
      }
      const { token } = await createSession({ db, config }, user.id)
      cookies[profile].push({ email, cookie: `cadence_session=${token}` })
    }
  db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.sqlite.close()
  return cookies
}

async function api(
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of API answers
): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok)
    throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`)
  return res.headers.get('content-type')?.includes('json') ? res.json() : res.arrayBuffer()
}

/** Per user: the report read, the sent report, the section and item the writes use; readers set. */
async function plans(base: string, users: { email: string; cookie: string }[]) {
  const out: UserPlan[] = []
  for (const { email, cookie } of users) {
    const reports = await api(base, cookie, 'GET', '/api/reports')
    const read = await api(base, cookie, 'GET', `/api/reports/${reports[1].uuid}`)
    const tasks = read.sections.find((s: { section_type: string }) => s.section_type === 'tasks')
    const editSection = Number((tasks ?? read.sections[0]).id)
    const item = await api(base, cookie, 'POST', '/api/section-items', {
      section_id: editSection,
      content: 'Bench model item',
    })
    await api(base, cookie, 'PUT', '/api/settings', { report_recipients: READERS })
    out.push({
      email,
      cookie,
      readPath: `/api/reports/${reports[1].uuid}`,
      sendUuid: reports[0].uuid,
      editSection,
      item: Number(item.id),
    })
  }
  return out
}

export async function measureCapacity(opts: {
  appDist: string
  seconds: number
}): Promise<CapacityResult> {
  const result: CapacityResult = {
    date: new Date().toISOString(),
    seconds: opts.seconds,
    users: USERS,
    placement: 'not measured',
    load: { start: loadavg(), end: [] },
    cells: [],
  }
  const wrk = findWrk()
  if (!wrk) return { ...result, error: 'wrk is not installed (these runs need its Lua scripting)' }
  mkdirSync(join(root, 'bench/tmp'), { recursive: true })
  const path = join(root, 'bench/tmp/capacity.db')
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
  const smtp = await startTestSmtp()
  let pg: Awaited<ReturnType<typeof startPostgres>> | null = null
  let admin: SQL | null = null
  let watch: SQL | null = null
  let app: App | null = null
  let uncached: App | null = null
  try {
    const users = await prepare(path)
    pg = await startPostgres({ durable: true })
    admin = new SQL({ url: pg.url, max: 1 })
    await admin.unsafe('CREATE DATABASE cadence_model')
    const url = pg.url.replace(/\/postgres$/, '/cadence_model')
    console.log('Copying it into PostgreSQL…')
    const copy = Bun.spawnSync(['bun', 'run', 'copy-data', path, url], {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    if (copy.exitCode !== 0) throw new Error(`copy-data failed: ${copy.stderr.toString()}`)
    // Statistics and a checkpoint before anything is measured: autovacuum's first pass over the
    // copied tables would otherwise land in the first runs' PostgreSQL CPU.
    const model = new SQL({ url, max: 1 })
    await model.unsafe('VACUUM ANALYZE')
    await model.unsafe('CHECKPOINT')
    await model.close()
    const postmaster = await postmasterOf(admin)
    await admin.close()
    admin = null
    // Until no report e-mail is waiting (sent, or failed for good), polled on one connection.
    const pending = new SQL({ url, max: 1 })
    watch = pending
    const delivered = async (timeoutMs: number) => {
      const until = Date.now() + timeoutMs
      for (;;) {
        const [{ n }] = (await pending.unsafe(
          "SELECT count(*)::int AS n FROM deliveries WHERE kind = 'report' AND status = 'pending'",
        )) as { n: number }[]
        if (n === 0) return
        if (Date.now() > until) throw new Error(`${n} report e-mails still pending`)
        await Bun.sleep(100)
      }
    }
    const pinned = pinClusterToCpu0(postmaster)
    result.placement = pinned
      ? 'PostgreSQL on CPU 0; the instance and wrk on CPU 1 (taskset)'
      : 'taskset failed: PostgreSQL, the instance and wrk share both CPUs'
    const cpu = pinned ? 1 : undefined
    const env = {
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      SMTP_REQUIRE_TLS: 'off',
      MAIL_FROM: 'reports@bench.example.com',
    }
    app = await startApp(env, ORIGIN, opts.appDist, cpu)
    const base = app.base
    const byProfile = {
      heavy: await plans(base, users.heavy),
      light: await plans(base, users.light),
    }
    // The instance measured: this one, or for the uncached reads one with HTTP_CACHE=off.
    let target: App = app
    const ticks = () => ({
      app: cpuTicks(target.proc.pid),
      db: clusterPids(postmaster).reduce((s, p) => s + cpuTicks(p), 0),
    })
    // After a run, until the app and PostgreSQL are idle again (3 polls of 100 ms in a row with at
    // most a clock tick each, 30 s at most): work a run's requests leave behind (the search
    // entries of its writes, applied in the background; its e-mails) is counted as theirs, not as
    // the next run's.
    const settle = async () => {
      let last = ticks()
      let quiet = 0
      const until = Date.now() + 30_000
      while (quiet < 3 && Date.now() < until) {
        await Bun.sleep(100)
        const now = ticks()
        quiet = now.app - last.app <= 1 && now.db - last.db <= 1 ? quiet + 1 : 0
        last = now
      }
    }
    await settle()
    // What the processes spend idle (timers, PostgreSQL's background writers), per second: taken
    // off each run's CPU for its duration, which matters for the Sends' long waits.
    const idleFrom = ticks()
    const idleStarted = performance.now()
    await Bun.sleep(3_000)
    const idleTo = ticks()
    const idleSeconds = (performance.now() - idleStarted) / 1000
    result.idle = {
      app: (idleTo.app - idleFrom.app) / TICKS / idleSeconds,
      db: (idleTo.db - idleFrom.db) / TICKS / idleSeconds,
    }
    const idle = result.idle
    /** CPU ms per request from tick counts over `seconds`, less the idle share. */
    const perRequest = (
      before: { app: number; db: number },
      after: { app: number; db: number },
      seconds: number,
      n: number,
    ) => ({
      appMs: n
        ? Math.max(0, ((after.app - before.app) / TICKS - idle.app * seconds) * 1000) / n
        : Number.NaN,
      dbMs: n
        ? Math.max(0, ((after.db - before.db) / TICKS - idle.db * seconds) * 1000) / n
        : Number.NaN,
    })
    result.load.start = loadavg()
    console.log(
      `\nCosts per request kind (${result.placement}), ${USERS} connections, ${opts.seconds} s a cell; load ${result.load.start.map((l) => l.toFixed(1)).join(' ')}`,
    )
    const record = (cell: Cell) => {
      result.cells.push(cell)
      console.log(
        `  ${cell.profile.padEnd(5)} ${cell.name.padEnd(13)} ${String(cell.requests).padStart(6)} 2xx in ${cell.seconds.toFixed(1)} s  p50 ${cell.p50.toFixed(1)} ms  p99 ${cell.p99.toFixed(1)} ms  non-2xx ${cell.non2xx}  errors ${cell.errors}  CPU per request: app ${cell.appMs.toFixed(3)} ms  db ${cell.dbMs.toFixed(3)} ms`,
      )
    }
    const wrkCell = async (
      name: CellName,
      profile: Profile,
      mode: PlanMode,
      reads: (u: UserPlan) => [string, string],
      seconds = opts.seconds,
      connections = USERS,
    ) => {
      const lines: PlanLine[] = byProfile[profile].slice(0, connections).map((u) => ({
        cookie: u.cookie,
        section: u.editSection,
        item: u.item,
        reads: reads(u),
      }))
      const loadAt = loadavg()[0]
      const before = ticks()
      const started = performance.now()
      const run = await runPlan({
        wrk,
        base: target.base,
        origin: ORIGIN,
        lines,
        mode,
        seconds,
        tag: `model-${profile}-${mode}`,
        file: 'plan-model.tsv',
        cpu,
      })
      await settle()
      const after = ticks()
      const n = run.okReads + run.okWrites
      // wrk stops with each connection's last request unanswered, and the server finishes it (the
      // CPU until idle counts it): the CPU is that of n + one per connection requests.
      const inFlight = n ? lines.length : 0
      const cell: Cell = {
        name,
        profile,
        seconds: run.seconds,
        requests: n,
        non2xx: run.non2xx,
        errors: run.errors,
        p50: run.p50,
        p99: run.p99,
        ...perRequest(before, after, (performance.now() - started) / 1000, n + inFlight),
        wrkCores: run.wrkCpuSeconds / run.seconds,
        inFlight,
      }
      return { ...cell, load: loadAt }
    }
    const readPaths = (u: UserPlan): [string, string] => [u.readPath, '/api/dashboard']
    for (const profile of ['heavy', 'light'] as const) {
      // Warm the per-user cache, so the cached run measures hits.
      for (const u of byProfile[profile])
        for (const p of readPaths(u)) await api(base, u.cookie, 'GET', p)
    }
    // BENCH_MODEL_ONLY=PDF (or another kind's name): that kind alone, its cells merged into the
    // last run's (bench/tmp/capacity.json), each with the load it ran at.
    const only = process.env.BENCH_MODEL_ONLY
    const runs = (name: CellName) => !only || only === name
    if (runs('cached read'))
      for (const profile of ['heavy', 'light'] as const)
        record(await wrkCell('cached read', profile, 'read', readPaths))
    // Uncached: the same reads from an instance that answers every GET from its route
    // (HTTP_CACHE=off), as after each read its user's write; started for these runs alone.
    if (runs('uncached read')) {
      uncached = await startApp({ ...env, HTTP_CACHE: 'off' }, ORIGIN, opts.appDist, cpu)
      target = uncached
      await settle()
      for (const profile of ['heavy', 'light'] as const)
        record(await wrkCell('uncached read', profile, 'read', readPaths))
      target = app
      await stopApp(uncached)
      uncached = null
    }
    if (runs('write'))
      for (const profile of ['heavy', 'light'] as const)
        record(await wrkCell('write', profile, 'write', readPaths))
    if (runs('search'))
      for (const profile of ['heavy', 'light'] as const)
        record(
          await wrkCell('search', profile, 'read', () => [
            '/api/search?query=budget',
            '/api/search?query=vendor',
          ]),
        )
    for (const profile of ['heavy', 'light'] as const) {
      // The first Send of each report (edition 1, its e-mails) is set-up, outside the measure.
      for (const u of byProfile[profile])
        await api(base, u.cookie, 'PUT', `/api/reports/${u.sendUuid}`, { is_submitted: true })
      await delivered(60_000)
      await settle()
      if (!runs('Send')) continue
      const messagesBefore = smtp.received.length
      const before = ticks()
      const started = performance.now()
      const latencies: number[] = []
      let non2xx = 0
      await Promise.all(
        byProfile[profile].map(async (u) => {
          for (let i = 0; i < SENDS_PER_USER; i++) {
            const t = performance.now()
            const res = await fetch(`${base}/api/reports/${u.sendUuid}/editions`, {
              method: 'POST',
              headers: { cookie: u.cookie, origin: ORIGIN, 'content-type': 'application/json' },
              body: JSON.stringify({ note: `Bench update ${i + 1}` }),
            })
            await res.arrayBuffer()
            latencies.push(performance.now() - t)
            if (res.status !== 201) non2xx++
          }
        }),
      )
      const sent = byProfile[profile].length * SENDS_PER_USER - non2xx
      await delivered(600_000)
      await settle()
      const after = ticks()
      latencies.sort((a, b) => a - b)
      const pct = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]
      record({
        name: 'Send',
        profile,
        seconds: (performance.now() - started) / 1000,
        requests: sent,
        non2xx,
        errors: 0,
        p50: pct(0.5),
        p99: pct(0.99),
        ...perRequest(before, after, (performance.now() - started) / 1000, sent),
        wrkCores: 0,
        messages: smtp.received.length - messagesBefore,
      })
    }
    if (runs('PDF'))
      for (const profile of ['heavy', 'light'] as const) {
        const pdfs = (u: UserPlan): [string, string] => [
          `/api/reports/${u.sendUuid}/pdf`,
          `/api/reports/${u.sendUuid}/editions/1/pdf`,
        ]
        // The PDF worker starts with the first PDF (its fonts, its module): outside the measure.
        for (const p of pdfs(byProfile[profile][0]))
          await api(base, byProfile[profile][0].cookie, 'GET', p)
        await settle()
        // A PDF takes seconds of a busy core and the server makes two at a time: two users, four
        // PDFs each one after another, without wrk's 10 s timeout (under load 45 a PDF took longer).
        const before = ticks()
        const started = performance.now()
        const latencies: number[] = []
        let ok = 0
        let non2xx = 0
        await Promise.all(
          byProfile[profile].slice(0, 2).map(async (u) => {
            for (let i = 0; i < 4; i++) {
              const t = performance.now()
              const res = await fetch(`${base}${pdfs(u)[i % 2]}`, {
                headers: { cookie: u.cookie, origin: ORIGIN },
              })
              await res.arrayBuffer()
              latencies.push(performance.now() - t)
              if (res.status === 200) ok++
              else non2xx++
            }
          }),
        )
        await settle()
        const after = ticks()
        latencies.sort((a, b) => a - b)
        record({
          name: 'PDF',
          profile,
          seconds: (performance.now() - started) / 1000,
          requests: ok,
          non2xx,
          errors: 0,
          p50: latencies[Math.floor(latencies.length / 2)],
          p99: latencies[latencies.length - 1],
          // Over every attempt: one answered 503 past the server's 10 s budget did the work too.
          ...perRequest(before, after, (performance.now() - started) / 1000, ok + non2xx),
          wrkCores: 0,
          load: loadavg()[0],
        })
      }
    result.load.end = loadavg()
    console.log(`  load at the end ${result.load.end.map((l) => l.toFixed(1)).join(' ')}`)
  } catch (error) {
    result.error = String(error).slice(0, 300)
    console.log(`  not measured: ${result.error}`)
  } finally {
    if (uncached) await stopApp(uncached)
    if (app) await stopApp(app)
    await admin?.close()
    await watch?.close()
    await pg?.stop()
    await smtp.close()
  }
  const file = join(root, 'bench/tmp/capacity.json')
  if (process.env.BENCH_MODEL_ONLY && existsSync(file)) {
    const last = JSON.parse(readFileSync(file, 'utf8')) as CapacityResult
    const fresh = new Set(result.cells.map((c) => `${c.name}/${c.profile}`))
    last.cells = [
      ...last.cells.filter((c) => !fresh.has(`${c.name}/${c.profile}`)),
      ...result.cells.map((c) => ({ ...c, date: result.date })),
    ]
    writeFileSync(file, JSON.stringify(last, null, 2))
    return last
  }
  writeFileSync(file, JSON.stringify(result, null, 2))
  return result
}

/** The app build to serve: APP_DIST, or a placeholder (these runs call the API only). */
export function modelDist() {
  if (process.env.APP_DIST) return process.env.APP_DIST
  const dist = join(root, 'bench/tmp/model-dist')
  mkdirSync(dist, { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cadence</title>')
  return dist
}

if (import.meta.main) {
  if (process.argv.includes('--write')) {
    writeCapacityDocs(JSON.parse(readFileSync(join(root, 'bench/tmp/capacity.json'), 'utf8')))
  } else {
    const seconds = Number(process.env.BENCH_MODEL_SECONDS ?? 10)
    const result = await measureCapacity({ appDist: modelDist(), seconds })
    if (!process.argv.includes('--dry')) writeCapacityDocs(result)
  }
  process.exit(0)
}
