// The capacity model in words and tables (bench/capacity.ts measures, bench/capacity-model.ts
// computes): the model with its one table of assumptions into docs/capacity.md, the measured costs
// per request kind with the model's answer into docs/benchmarks.md, each between its markers.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  ASSUMPTION_SOURCES,
  ASSUMPTIONS,
  type Assumptions,
  type Costs,
  capacityModel,
  KIND_NAMES,
  KINDS,
  type Kind,
  type Model,
} from './capacity-model'

export type Profile = 'heavy' | 'light'
export type CellName = 'cached read' | 'uncached read' | 'write' | 'search' | 'Send' | 'PDF'
export type Cell = {
  name: CellName
  profile: Profile
  seconds: number
  /** Requests answered 2xx (for `uncached read`, its reads). */
  requests: number
  non2xx: number
  errors: number
  p50: number
  p99: number
  /** CPU milliseconds per request. */
  appMs: number
  dbMs: number
  /** The load generator's CPU in cores (wrk; 0 for the Sends, made by this process). */
  wrkCores: number
  /** Sends: the e-mails the SMTP server accepted during the run. */
  messages?: number
  /** Requests left in flight when wrk stopped, finished by the server: counted in the CPU's divisor. */
  inFlight?: number
  /** The 1-minute load average when the run started; when measured apart from the others, its date. */
  load?: number
  date?: string
}
export type CapacityResult = {
  date: string
  seconds: number
  users: number
  placement: string
  load: { start: number[]; end: number[] }
  /** CPU the app and PostgreSQL spent idle, in cores, taken off each run for its duration. */
  idle?: { app: number; db: number }
  cells: Cell[]
  error?: string
}

/** The model's costs from the measured cells. */
export function costsOf(cells: Cell[]): Costs {
  const of = (name: CellName, profile: Profile) => {
    const c = cells.find((x) => x.name === name && x.profile === profile)
    return c ? { appMs: c.appMs, dbMs: c.dbMs } : { appMs: Number.NaN, dbMs: Number.NaN }
  }
  const name: Record<(typeof KINDS)[number], CellName> = {
    cachedRead: 'cached read',
    uncachedRead: 'uncached read',
    write: 'write',
    search: 'search',
    pdf: 'PDF',
    send: 'Send',
  }
  return Object.fromEntries(
    KINDS.map((k) => [k, { heavy: of(name[k], 'heavy'), light: of(name[k], 'light') }]),
  ) as Costs
}

const root = join(import.meta.dir, '..')
const START = '<!-- bench/capacity.ts: start -->'
const END = '<!-- bench/capacity.ts: end -->'

const n = (x: number) => Math.round(x).toLocaleString('en')
const pct = (x: number) => `${+(x * 100).toFixed(1)}%`
/** Milliseconds with three significant figures (0.0412, 0.412, 4.12, 41.2). */
const ms = (x: number) =>
  Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toPrecision(3).replace(/\.?0+$/, '')) : '—'

const PER_WEEK_NAMES: Record<Kind, string> = {
  cachedRead: 'cached reads',
  uncachedRead: 'uncached reads',
  write: 'writes',
  search: 'searches',
  pdf: 'PDFs',
  send: 'Sends',
}

/** The model: its one table of assumptions, the arithmetic per kind and the sizes. */
export function renderModel(a: Assumptions, costs: Costs, m: Model, measured = 'measured') {
  const shares = [...new Set(KINDS.map((k) => a.busyHourShare[k]))]
  const common = shares.sort(
    (x, y) =>
      KINDS.filter((k) => a.busyHourShare[k] === y).length -
      KINDS.filter((k) => a.busyHourShare[k] === x).length,
  )[0]
  const odd = KINDS.filter((k) => a.busyHourShare[k] !== common)
  const costRows = KINDS.map(
    (k, i) =>
      `| C${i + 1} | cost of ${/^[aeiu]/.test(KIND_NAMES[k]) ? 'an' : 'a'} ${KIND_NAMES[k]}, heavy · light user | app ${ms(costs[k].heavy.appMs)} · ${ms(costs[k].light.appMs)} ms, PostgreSQL ${ms(costs[k].heavy.dbMs)} · ${ms(costs[k].light.dbMs)} ms of CPU | ${measured} |`,
  )
  const app = m.appMsPerUser
  const db = m.dbMsPerUser
  const kindRows = KINDS.map((k) => {
    const r = m.ratePerUser[k]
    const b = m.blended[k]
    return `| ${KIND_NAMES[k]} | ${(r * 1000).toPrecision(3)} | ${ms(b.appMs)} / ${ms(b.dbMs)} | ${ms(r * b.appMs * 1000)} / ${ms(r * b.dbMs * 1000)} | ${pct((r * b.appMs) / app)} / ${pct((r * b.dbMs) / db)} |`
  })
  const sizeRows = m.sizes.map(
    (s) =>
      `| ${n(s.users)} | ${n(s.requestsPerSecond)} | ${n(s.writesPerSecond)} | ${s.instances} (${s.appCores.toFixed(2)}; ${s.instances + 1} with one spare) | ${s.postgresCores} (${s.dbCores.toFixed(2)}) | ${n(s.diskGbPerYear)} GB |`,
  )
  const largest = m.sizes.at(-1)
  const perUserHour = KINDS.reduce(
    (s, k) => s + a.activeShare * a.perWeek[k] * a.busyHourShare[k],
    0,
  )
  return `## Assumptions (one table)

| # | assumption | value | source |
|---|---|---|---|
| A1 | registered users sized | ${a.sizes.map(n).join(' · ')} | the installations below |
| A2 | active share | ${pct(a.activeShare)} of registered users active in the busiest week | ${ASSUMPTION_SOURCES.activeShare} |
| A3 | requests per active user per week, by kind | ${KINDS.map((k) => `${PER_WEEK_NAMES[k]} ${a.perWeek[k]}`).join(' · ')} | ${ASSUMPTION_SOURCES.perWeek} |
| A4 | heavy / light split | ${pct(a.heavyShare)} heavy (5 years of weekly reports, 200 projects, 60 people) · ${pct(1 - a.heavyShare)} light (8 weekly reports) | ${ASSUMPTION_SOURCES.heavyShare} |
| A5 | busy-hour share | ${pct(common)} of each kind's weekly requests in the busiest hour${odd.length ? `; ${odd.map((k) => `${PER_WEEK_NAMES[k]} ${pct(a.busyHourShare[k])}`).join(', ')}` : ''} | ${ASSUMPTION_SOURCES.busyHourShare} |
| A6 | busy-minute peak factor | ${a.busyMinutePeak}× the busiest hour's average minute | ${ASSUMPTION_SOURCES.busyMinutePeak} |
| A7 | headroom | each core planned ${pct(a.headroom)} busy in the busiest minute | ${ASSUMPTION_SOURCES.headroom} |
| A8 | items written per active user-year | ${n(a.itemsPerUserYear)} | ${ASSUMPTION_SOURCES.itemsPerUserYear} |
| A9 | bytes per item on disk, with its indexes and search entry | ${n(a.bytesPerItem)} | ${ASSUMPTION_SOURCES.bytesPerItem} |
${costRows.join('\n')}

## The arithmetic

\`capacityModel\` in \`bench/capacity-model.ts\` (tested in \`scripts/capacity-model.test.ts\`) computes every
figure below from the table; \`bench/capacity.ts\` measures C1–C6 and writes this section. Per registered
user, for each kind k: the requests per second in the busiest minute are A2 × A3ₖ × A5ₖ / 3600 × A6 (an
active user makes ${+perUserHour.toFixed(1)} requests in the busiest hour, here ${+(perUserHour / a.activeShare).toFixed(1)} per active user);
a request costs A4's mix of the heavy and the light cost (C); the CPU a user needs is the sum over the
kinds of rate × cost, on the app and on PostgreSQL apart. A core planned at A7 gives ${n(a.headroom * 1000)} ms of CPU a second.

| kind | requests per 1,000 registered users per second, busiest minute | cost at the mix, app / PostgreSQL ms | CPU ms per second per 1,000 users, app / PostgreSQL | share of the CPU, app / PostgreSQL |
|---|---|---|---|---|
${kindRows.join('\n')}
| all | ${(KINDS.reduce((s, k) => s + m.ratePerUser[k], 0) * 1000).toPrecision(3)} | | ${ms(app * 1000)} / ${ms(db * 1000)} | 100% / 100% |

**One instance** (one app core at ${pct(a.headroom)}) holds **${n(Math.floor(m.usersPerInstance))} registered users** in their busiest minute;
**one PostgreSQL core** holds **${n(Math.floor(m.usersPerPostgresCore))}**. The first limit is ${m.limit === 'postgres' ? "PostgreSQL's core" : "the app's core: add instances before PostgreSQL cores"}.

| registered users | requests/s, busiest minute | writes/s (items and Sends) | instances (app cores needed; with one spare) | PostgreSQL cores (needed) | database growth per year (A2 × A8 × A9) |
|---|---|---|---|---|---|
${sizeRows.join('\n')}
${
  largest
    ? `
So ${n(largest.users)} users take **${largest.instances} instances** (${largest.instances + 1} with one to lose) and **${largest.postgresCores} PostgreSQL cores** at ${pct(a.headroom)} busy in the
busiest minute, by these costs, and ${n(largest.diskGbPerYear)} GB more database a year.`
    : ''
}`
}

const CELL_ORDER: CellName[] = ['cached read', 'uncached read', 'write', 'search', 'PDF', 'Send']
const WHAT: Record<CellName, string> = {
  'cached read': 'a report and the dashboard in turn, unchanged (per-user cache hits)',
  'uncached read':
    'the same, from an instance with `HTTP_CACHE=off` (as the first read after a write)',
  write: 'create an item, edit it, delete it',
  search: '`/api/search?query=budget` and `?query=vendor` in turn',
  PDF: "the memo's PDF and edition 1's PDF in turn, 4 from each of 2 users one after another; CPU over every attempt (a 503 past the server's 10 s budget made the PDF too)",
  Send: "'Send update', 10 a user, e-mailed to 3 readers through a local SMTP server; CPU until the last message is accepted",
}

/** The measured costs and the model's answer, for docs/benchmarks.md. */
export function renderBenchmarks(result: CapacityResult, m: Model) {
  const load = (l: number[]) => (l.length ? l[0].toFixed(1) : '—')
  const cell = (name: CellName, profile: Profile) =>
    result.cells.find((c) => c.name === name && c.profile === profile)
  const rows = CELL_ORDER.flatMap((name) =>
    (['heavy', 'light'] as const).map((profile) => {
      const c = cell(name, profile) as Cell | undefined
      if (!c) return `| ${name} | ${profile} | — | — | — | — | — | — | — |`
      const mail = c.messages === undefined ? '' : ` (${n(c.messages)} e-mails)`
      const apart = c.date
        ? ` (a run of its own, ${c.date.slice(11, 16)} UTC, load ${c.load?.toFixed(0) ?? '—'})`
        : ''
      return `| ${name} | ${profile} | ${n(c.requests)}${mail} in ${c.seconds.toFixed(1)} s${apart} | ${ms(c.p50)} | ${ms(c.p99)} | ${c.non2xx} / ${c.errors} | **${ms(c.appMs)}** | **${ms(c.dbMs)}** | ${WHAT[name]} |`
    }),
  )
  const largest = m.sizes.at(-1)
  return `${START}
## Capacity model: the cost of each kind of request, heavy and light users

Measured by \`BENCH_ONLY=model bun run bench\` (\`bench/capacity.ts\`) on ${result.date.slice(0, 10)}: ${result.placement}.
**Taken under load**: the load average was ${load(result.load.start)} at the start and ${load(result.load.end)} at the end (2 cores; other
agents' tests and benches shared the machine), so the latencies are pessimistic; the CPU time per request,
which other work moves far less than latency, is what to read and what the model uses (still, at this load it is inflated: the same cells differed by up to 2× between loads of 15 and 45 in trial runs, so the model errs high). Data: the bench's dataset with four
heavy users (each 260 weekly reports of 5 sections × 12 items, 200 projects, 60 people, 3,000 talking
points and tasks) beside 499 light users (8 weekly reports of 3 × 3 items), in PostgreSQL 15 with fsync
on. Each kind ran ${result.seconds} s from ${result.users} connections, each its own user (heavy1–4 or four light
users); Sends ran until their e-mails were sent. CPU per request: the processes' CPU time (\`/proc\`) from the
start of a run until both sides were idle again (so work a request leaves behind, such as its search entry
or its e-mail, is its own), less what they spend idle${result.idle ? ` (app ${(result.idle.app * 1000).toFixed(1)} ms, PostgreSQL ${(result.idle.db * 1000).toFixed(1)} ms of CPU a second, measured before the runs)` : ''}, over the
requests answered 2xx and the one per connection wrk left in flight at its stop (the server finishes it).
Latencies in ms.
${result.error ? `\nThe run did not finish: ${result.error}\n` : ''}
| kind | user | 2xx requests | p50 | p99 | non-2xx / errors | app CPU ms per request | PostgreSQL CPU ms per request | what a request is |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

By the model (\`docs/capacity.md\`: every assumption in one table, the arithmetic in \`bench/capacity-model.ts\`):
one instance holds **${n(Math.floor(m.usersPerInstance))} registered users** in their busiest minute and one PostgreSQL core
**${n(Math.floor(m.usersPerPostgresCore))}**, each core planned half busy${largest ? `; ${n(largest.users)} users take ${largest.instances} instances (${largest.instances + 1} with a spare) and ${largest.postgresCores} PostgreSQL cores` : ''}.
${END}
`
}

function replaceBetween(page: string, section: string, before: string[]) {
  const start = page.indexOf(START)
  const end = page.indexOf(END)
  if (start >= 0 && end > start)
    return page.slice(0, start) + section + page.slice(end + END.length + 1)
  for (const anchor of before) {
    const at = page.indexOf(anchor)
    if (at >= 0) return `${page.slice(0, at)}${section}\n${page.slice(at)}`
  }
  return `${page}\n${section}`
}

/** The model from a run's costs into docs/capacity.md and docs/benchmarks.md. */
export function writeCapacityDocs(result: CapacityResult) {
  const costs = costsOf(result.cells)
  const m = capacityModel(ASSUMPTIONS, costs)
  const measured = `measured ${result.date.slice(0, 10)} under load (${result.load.start[0]?.toFixed(1) ?? '—'} → ${result.load.end[0]?.toFixed(1) ?? '—'}): benchmarks.md, "Capacity model"`
  const capacityPath = join(root, 'docs/capacity.md')
  writeFileSync(
    capacityPath,
    replaceBetween(
      readFileSync(capacityPath, 'utf8'),
      `${START}\n${renderModel(ASSUMPTIONS, costs, m, measured)}\n${END}\n`,
      ['## What to scale when'],
    ),
  )
  const benchPath = join(root, 'docs/benchmarks.md')
  writeFileSync(
    benchPath,
    replaceBetween(readFileSync(benchPath, 'utf8'), renderBenchmarks(result, m), [
      '<!-- bench/copy.ts: start -->',
      '## Targets: met',
    ]),
  )
  Bun.spawnSync(['bunx', 'biome', 'format', '--write', 'docs/benchmarks.md', 'docs/capacity.md'], {
    cwd: root,
  })
}
