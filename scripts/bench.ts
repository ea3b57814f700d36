// `bun run bench`: seeds the large dataset, starts the real server on it, and measures each hot
// endpoint with wrk (or autocannon; a separate process) at 1, 16 and 64 connections, next to the
// ceiling: a bare Bun.serve answering the same bytes; then loads `/`, `/dashboard` and a 60-item
// report in headless Chromium (bench/frontend.ts); then the same dataset on PostgreSQL with one and
// two instances (bench/postgres.ts). Writes bench/results.json and docs/benchmarks.md.
// BENCH_DURATION (seconds per run, default 2) trades time for precision; BENCH_DB=<file> reuses a
// database seeded before (`bun bench/seed.ts <file>`) instead of seeding; APP_DIST=<dir> uses an
// existing app build instead of building one into bench/tmp/dist. BENCH_ONLY=<part of a name>
// measures only the matching API rows (`BENCH_ONLY=section-items`), `BENCH_ONLY=pages` only the
// pages, `BENCH_ONLY=postgres` only the PostgreSQL section, `BENCH_ONLY=abuse` only the abuse
// run (bench/abuse.ts), `BENCH_ONLY=durable` only the durable writes over HTTP,
// `BENCH_ONLY=history` only the uncached answers of 500 weekly reports against 8 (bench/history.ts),
// `BENCH_ONLY=capacity` only the capacity matrix (`BENCH_ONLY=service`: both, bench/service.ts),
// and prints them without the load run and without writing results or docs. BENCH_WRITE_SECONDS
// (default 10), BENCH_CAPACITY_SECONDS (default 15) and BENCH_ROUNDS (default 3) size those runs.
//
// The parts, in bench/: setup.ts (database, session, app build), server.ts (the server and its
// start time), targets.ts (the endpoints), loadgen.ts (wrk), api.ts (the rows and their ceiling),
// frontend.ts, postgres.ts, abuse.ts, service.ts (durable writes over HTTP, the capacity matrix;
// its wrk runs in plan-run.ts and wrk-plan.lua), side-runs.ts (the uncached profile, the mixed load
// run), report.ts. The default run takes about 15 minutes: ~3 for the API rows, pages, PostgreSQL
// and abuse, ~2 for the durable writes (8 runs of 10 s), ~10 for the capacity matrix (36 runs of 15 s).
// Then bench/copy.ts: backup, restore and copy-data at 50 k and 500 k items, ~10 more minutes
// (`BENCH_ONLY=copy` alone; it writes its own section of docs/benchmarks.md). Then bench/capacity.ts:
// the CPU each kind of request costs (reads cached and not, writes, search, PDF, Send with its
// e-mail), heavy and light users, and the capacity model from those costs, ~5 more minutes
// (`BENCH_ONLY=model` alone, BENCH_MODEL_SECONDS a kind, default 10; it writes docs/capacity.md's
// model and its section of docs/benchmarks.md).
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { type AbuseResult, measureAbuse } from '../bench/abuse'
import { measureApi } from '../bench/api'
import { measureCapacity, modelDist } from '../bench/capacity'
import { writeCapacityDocs } from '../bench/capacity-render'
import { measureCopy, writeCopySection } from '../bench/copy'
import { type InteractionMetrics, measureAll, type PageMetrics } from '../bench/frontend'
import { loadGenerator } from '../bench/loadgen'
import { measurePostgres, type PgResult } from '../bench/postgres'
import { type Summary, writeBenchmarks, writeResults } from '../bench/report'
import { freePort, startMeasuredServer } from '../bench/server'
import { measureService, type ServiceResult } from '../bench/service'
import { buildApp, dbPath, makeTmp, prepareDatabase, pristinePath } from '../bench/setup'
import { mixedLoad, profileUncached } from '../bench/side-runs'
import { apiTargets, PG_TARGETS } from '../bench/targets'

const duration = Number(process.env.BENCH_DURATION ?? 2)
const connections = [1, 16, 64]
makeTmp()
const benchStarted = performance.now()
// `bun run bench stalls` (or BENCH_ONLY=stalls): only the stall rows of issue 42 (bench/stalls.ts,
// its own database and server, a few minutes); docs/benchmarks.md's abuse section quotes them.
if (process.argv[2] === 'stalls' || process.env.BENCH_ONLY?.toLowerCase() === 'stalls') {
  const { measureStalls } = await import('../bench/stalls')
  await measureStalls()
  process.exit(0)
}
// BENCH_ONLY=copy: only backup, restore and copy-data at 50 k and 500 k items (bench/copy.ts, its
// own databases, not the seed below); it writes its section of docs/benchmarks.md.
if (process.env.BENCH_ONLY?.toLowerCase() === 'copy') {
  writeCopySection(await measureCopy())
  process.exit(0)
}

// BENCH_ONLY=model: only the costs per request kind and the capacity model (bench/capacity.ts, its
// own database); it writes docs/capacity.md's model and its section of docs/benchmarks.md.
const modelSeconds = Number(process.env.BENCH_MODEL_SECONDS ?? 10)
if (process.env.BENCH_ONLY?.toLowerCase() === 'model') {
  writeCapacityDocs(await measureCapacity({ appDist: modelDist(), seconds: modelSeconds }))
  process.exit(0)
}

const { seedSeconds, token } = await prepareDatabase()
// BENCH_ONLY=history: only the uncached answers of 500 weekly reports against 8 (bench/history.ts).
if (process.env.BENCH_ONLY?.toLowerCase() === 'history') {
  const { measureHistory, printHistory } = await import('../bench/history')
  printHistory(measureHistory(pristinePath))
  process.exit(0)
}
const cookie = `cadence_session=${token}`
const appDist = buildApp()

const port = freePort()
const base = `http://127.0.0.1:${port}`
const { server, starts, startMs } = await startMeasuredServer({ port, dbPath, appDist })

const { targets, reports } = await apiTargets(base, cookie)
const only = process.env.BENCH_ONLY?.toLowerCase()
const selected = only ? targets.filter((t) => t.name.toLowerCase().includes(only)) : targets
const loadgen = loadGenerator({ cookie, origin: base })

const fmtSeconds = () => ((performance.now() - benchStarted) / 1000).toFixed(0)
const { results, peakRss } = await measureApi({
  base,
  pid: server.pid,
  cookie,
  targets: selected,
  connections,
  seconds: duration,
  measure: loadgen.measure,
})
console.log(`Peak server RSS over the API rows: ${peakRss.toFixed(0)} MB`)

console.log(`\nFront end in Chromium (CPU ${4}x slower)…`)
let frontend: PageMetrics[] = []
let interactionRows: InteractionMetrics[] = []
let frontendLoad: number | undefined
let frontendError = ''
if (!only || only === 'pages')
  try {
    // A report the write benchmarks did not touch (they add items to reports[10]): 60 items.
    const pageReport = reports[20].uuid as string
    const measured = await measureAll(base, { name: 'cadence_session', value: token }, pageReport)
    frontend = measured.pages
    interactionRows = measured.interactions
    frontendLoad = measured.load
    for (const p of frontend) {
      console.log(
        `${p.name.padEnd(30)} LCP ${p.lcpMs.toFixed(0)} ms  interactive ${p.interactiveMs.toFixed(0)} ms${p.clickToPaintMs === undefined ? '' : `  click→paint ${p.clickToPaintMs.toFixed(0)} ms`}`,
      )
    }
    for (const i of interactionRows)
      console.log(
        `${i.name.padEnd(30)} median ${i.medianMs.toFixed(0)} ms  worst ${i.maxMs.toFixed(0)} ms (${i.count} interactions)`,
      )
    console.log(`load average over the pages: ${frontendLoad.toFixed(1)}`)
  } catch (error) {
    frontendError = String(error).slice(0, 300)
    console.log(`front end not measured: ${frontendError}`)
  }
server.kill()
await server.exited

// Scale-out: the same dataset on PostgreSQL, one and then two instances.
let postgres: PgResult | null = null
if (!only || only === 'postgres') {
  console.log('\nPostgreSQL (durable defaults), one and two instances, 64 connections…')
  postgres = await measurePostgres({
    sqlitePath: pristinePath,
    appDist,
    publicUrl: base,
    targets: targets.filter((t) => PG_TARGETS.includes(t.name)),
    measure: loadgen.measure,
    seconds: duration,
  })
  if (postgres.error) console.log(`PostgreSQL not measured: ${postgres.error}`)
}
// The attack classes of server/src/security/ against the real server, on both engines.
let abuse: AbuseResult | null = null
if (!only || only === 'abuse') abuse = await measureAbuse({ sqlitePath: pristinePath })
// Writes as a client sees them (durable, checked after a crash) and the capacity matrix on
// PostgreSQL with the database and the app on separate cores (bench/service.ts).
let service: ServiceResult | null = null
const durable = !only || only === 'durable' || only === 'service'
const capacity = !only || only === 'capacity' || only === 'service'
if (durable || capacity)
  service = await measureService({
    sqlitePath: pristinePath,
    appDist,
    durable,
    capacity,
    writeSeconds: Number(process.env.BENCH_WRITE_SECONDS ?? 10),
    capacitySeconds: Number(process.env.BENCH_CAPACITY_SECONDS ?? 15),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  })
if (only) {
  // For rendering the service sections again (bench/report.ts) without a full run.
  if (service)
    writeFileSync(join(import.meta.dir, '../bench/tmp/service.json'), JSON.stringify(service))
  console.log(`\nBENCH_ONLY=${only}: nothing written (${fmtSeconds()} s)`)
  process.exit(0)
}

const uncached = profileUncached(pristinePath)
const copy = await measureCopy()
const model = await measureCapacity({ appDist, seconds: modelSeconds })
const load = mixedLoad()

const summary: Summary = {
  load: { passed: load.passed, line: load.line },
  date: new Date().toISOString(),
  cores: cpus().length,
  duration,
  seedSeconds,
  totalSeconds: 0,
  startMs,
  startsMs: starts,
  peakRssMb: peakRss,
  results,
  frontend: {
    cpuSlowdown: 4,
    pages: frontend,
    interactions: interactionRows,
    load: frontendLoad,
    error: frontendError || undefined,
  },
  uncached,
  postgres,
  abuse,
  service,
}
summary.totalSeconds = (performance.now() - benchStarted) / 1000
writeResults(summary)
writeBenchmarks(summary, { loadSeconds: load.seconds, loadGenerator: loadgen.name })
writeCopySection(copy)
writeCapacityDocs(model)
console.log(
  `\nWrote bench/results.json and docs/benchmarks.md in ${summary.totalSeconds.toFixed(0)} s (start ${startMs.toFixed(0)} ms, peak RSS ${peakRss.toFixed(0)} MB)`,
)
process.exit(0)
