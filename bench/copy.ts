// The backup part of `bun run bench` (`BENCH_ONLY=copy` alone): `bun run copy-data`, `backup` and
// `restore` at 50,000 and 500,000 section items, to show their time grows linearly with the rows
// (keyset pages, server/src/db/copy.ts), next to `pg_dump -Fc` + `pg_restore` of the same database.
// For each size: a new SQLite installation is seeded (a few users, weekly reports of five sections,
// items of ~80 characters, bulk INSERTs through bun:sqlite after the migrations); then, each as the
// user runs it (`bun run …` spawned; wall time, CPU with PostgreSQL's, peak RSS): copy-data SQLite
// → a new PostgreSQL database; backup of that PostgreSQL database into a new SQLite file; restore
// of that file into another new PostgreSQL database; backup of the SQLite installation (VACUUM
// INTO); and pg_dump -Fc of the first PostgreSQL database, pg_restore of it into a new one. The
// same steps on an empty installation give each command's fixed cost. The PostgreSQL cluster keeps
// its durable defaults (fsync on), as in bench/postgres.ts. Time per row counts every row copied
// (all tables, not only the items); the target: per-row time at 500k within 1.5× of 50k, judged
// on CPU time without the fixed cost (the wall time moves with whatever else runs).
// `writeCopySection` puts the table into docs/benchmarks.md between its markers (a full run writes
// the page first, then this section: bench/report.ts renders the rest).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@cadence/server/testing'
import { SQL } from 'bun'
import { startPostgres } from '../scripts/postgres'
import { countRows, tablesInOrder } from '../server/src/db/copy'
import { cpuTicks } from './postgres'

const root = join(import.meta.dir, '..')

export type CopyStep = {
  step: string
  seconds: number
  /** Rows the step moved: every table's rows (the same for each step of one size). */
  rows: number
  /** Peak resident memory of the spawned command and its children, MB (0 when unknown). */
  maxRssMb: number
  /**
   * CPU seconds the step cost: the command with its children, plus PostgreSQL's (the postmaster
   * and its processes). Unlike the wall time it hardly moves with what else runs on the machine,
   * so the growth is judged on it. Absent in runs before it was measured.
   */
  cpuSeconds?: number
  /** The output file's size, MB, for the steps that write one. */
  fileMb?: number
}
export type CopySize = { items: number; rows: number; seedSeconds: number; steps: CopyStep[] }
export type CopyResult = {
  date: string
  cores: number
  /** What else ran on the machine meanwhile, said in the output and the page. */
  note: string
  /** The load average (1 minute) at the end of the run: with the note's, how busy the machine was. */
  loadAtEnd?: number
  /**
   * The same steps on an empty installation (no users, the few rows the migrations write): what
   * each command costs whatever the rows (start, migrations of the target, the final checks).
   */
  fixed?: CopySize
  sizes: CopySize[]
  error?: string
}

const VERBS = ['Launch', 'Review', 'Draft', 'Finalize', 'Hire', 'Negotiate', 'Ship', 'Audit']
const NOUNS = ['pricing page', 'Q3 budget', 'vendor contract', 'onboarding flow', 'board deck']
const TAILS = ['with finance before Friday', 'for the board meeting', 'with legal and EMEA sales']
const SECTIONS = [
  ['Highlights', 'standard', 'standard'],
  ['Action Items', 'tasks', 'task'],
  ['Follow-ups', 'followups', 'followup'],
  ['Risks', 'standard', 'standard'],
  ['Next Week', 'tasks', 'task'],
] as const
const WEEKS = 50
const ITEMS_PER_SECTION = 20
/** Items per user: 50 weeks × 5 sections × 20 items. 50 k items: 10 users; 500 k: 100. */
const PER_USER = WEEKS * SECTIONS.length * ITEMS_PER_SECTION

/** A new SQLite installation with `items` section items; returns its row count over all tables. */
export async function seedCopySource(path: string, items: number) {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
  const db = openDatabase(path)
  const s = db.sqlite
  const users = Math.ceil(items / PER_USER)
  const addUser = s.prepare(
    `INSERT INTO users (provider, provider_user_id, email, name) VALUES ('dev', ?1, ?1, ?2) RETURNING id`,
  )
  const addProject = s.prepare(
    'INSERT INTO projects (user_id, uuid, name) VALUES (?, ?, ?) RETURNING id',
  )
  const addReport = s.prepare(
    `INSERT INTO reports (user_id, uuid, week_start_date, title, summary, is_submitted, sent_date)
     VALUES (?, ?, ?, ?, ?, 1, ?) RETURNING id`,
  )
  const addSection = s.prepare(
    `INSERT INTO report_sections (report_id, user_id, section_name, section_type, sort_order)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
  const addItem = s.prepare(
    `INSERT INTO section_items (section_id, user_id, project_id, content, is_completed, item_type, sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  let made = 0
  let k = 0
  for (let u = 0; u < users && made < items; u++) {
    // One transaction per user: 25,000 items.
    s.transaction(() => {
      const email = `user${u}@copy.example.com`
      const { id: user } = addUser.get(email, `User ${u}`) as { id: number }
      const projects = [0, 1, 2, 3, 4].map(
        (p) =>
          (
            addProject.get(user, crypto.randomUUID(), `Project ${p + 1} ${NOUNS[p]}`) as {
              id: number
            }
          ).id,
      )
      for (let w = 0; w < WEEKS && made < items; w++) {
        const week = new Date(Date.UTC(2026, 10, 16) - w * 7 * 86_400_000)
        const day = week.toISOString().slice(0, 10)
        const { id: report } = addReport.get(
          user,
          crypto.randomUUID(),
          day,
          `Week ${day}`,
          'Quarter on plan; hiring behind by two roles; pricing launch moved to the 30th.',
          `${day}T17:00:00.000Z`,
        ) as { id: number }
        for (const [order, [name, type, itemType]] of SECTIONS.entries()) {
          const { id: section } = addSection.get(report, user, name, type, order) as { id: number }
          for (let i = 0; i < ITEMS_PER_SECTION && made < items; i++, made++, k++) {
            // ~80 characters: "Review vendor contract with legal and EMEA sales (owner: User 3, week 2026-…)".
            const content = `${VERBS[k % 8]} ${NOUNS[(k >> 3) % 5]} ${TAILS[k % 3]} (owner: User ${u}, week ${day})`
            addItem.run(
              section,
              user,
              k % 5 < 3 ? projects[k % 5] : null,
              content,
              w > 2 && k % 7 ? 1 : 0,
              itemType,
              i,
            )
          }
        }
      }
    })()
  }
  // The search entries the triggers left pending, applied as the server would: a steady source.
  await db.q.search.prepare()
  let rows = 0
  for (const table of tablesInOrder(db.t)) rows += await countRows(db, table)
  s.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  await db.close()
  return rows
}

type Run = { seconds: number; maxRssMb: number; cpuSeconds: number; stdout: string }

const TICK = 100 // clock ticks per second (USER_HZ) in /proc/<pid>/stat

/** The CPU seconds the PostgreSQL listening on `port` has used: its postmaster and children. */
function pgCpuSeconds(port: number) {
  const procs = readdirSync('/proc').filter((p) => /^\d+$/.test(p))
  const parent = (pid: string) => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
      return text.slice(text.lastIndexOf(')') + 2).split(' ')[1]
    } catch {
      return null
    }
  }
  const postmaster = procs.find((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      return cmd[0].endsWith('/postgres') && cmd[cmd.indexOf('-p') + 1] === String(port)
    } catch {
      return false
    }
  })
  if (!postmaster) return 0
  // Its own time and its reaped children's (backends that exited), then the live children's.
  let ticks = cpuTicks(Number(postmaster))
  for (const pid of procs) if (parent(pid) === postmaster) ticks += cpuTicks(Number(pid))
  return ticks / TICK
}

/** Runs a command as the user would, timing it; throws with its output when it fails. */
async function run(
  cmd: string[],
  env: Record<string, string | undefined> = {},
  pgPort = 0,
): Promise<Run> {
  const pgBefore = pgPort ? pgCpuSeconds(pgPort) : 0
  const started = performance.now()
  const merged: Record<string, string> = {}
  for (const [k, v] of Object.entries({ ...process.env, ...env }))
    if (v !== undefined) merged[k] = v
  // GNU time's %M: the peak RSS of the command and of the children it waited for (bun run spawns
  // bun), in KB. Bun's resourceUsage() keeps the largest child so far instead.
  const timeFile = join(tmpdir(), `cadence-bench-time-${process.pid}`)
  const timed = existsSync('/usr/bin/time')
    ? ['/usr/bin/time', '-f', '%M %U %S', '-o', timeFile]
    : []
  const proc = Bun.spawn([...timed, ...cmd], {
    cwd: root,
    env: merged,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  await proc.exited
  const seconds = (performance.now() - started) / 1000
  if (proc.exitCode !== 0)
    throw new Error(`${cmd.join(' ')} failed (${proc.exitCode}): ${stderr.slice(-500)}`)
  const [rss, user, system] = timed.length
    ? (readFileSync(timeFile, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number)
    : [0, 0, 0]
  // The backends of the command's connections are reaped by the postmaster just after it exits.
  if (pgPort) await Bun.sleep(300)
  const pgCpu = pgPort ? pgCpuSeconds(pgPort) - pgBefore : 0
  return {
    seconds,
    maxRssMb: Number.isFinite(rss) ? rss / 1024 : 0,
    cpuSeconds: (user || 0) + (system || 0) + pgCpu,
    stdout,
  }
}

const mb = (file: string) => (existsSync(file) ? statSync(file).size / 2 ** 20 : 0)

const pgBin = () => {
  for (const v of ['17', '16', '15', '14']) {
    const dir = `/usr/lib/postgresql/${v}/bin`
    if (existsSync(join(dir, 'pg_dump'))) return dir
  }
  return ''
}

export async function measureCopy(
  opts: { sizes?: number[]; note?: string } = {},
): Promise<CopyResult> {
  const sizes = opts.sizes ?? [50_000, 500_000]
  // What else ran: the load average at the start, said with the figures.
  const load = loadavg()[0]
  const note =
    opts.note ??
    (load > cpus().length
      ? `load average ${load.toFixed(1)} at the start: other work (other agents' tests and benches) shared the machine, so absolute times are pessimistic and the ratios are what to read`
      : `load average ${load.toFixed(1)} at the start`)
  const result: CopyResult = {
    date: new Date().toISOString(),
    cores: cpus().length,
    note,
    sizes: [],
  }
  console.log(`\nBackup, restore and copy-data (${note})…`)
  const dir = mkdtempSync(join(tmpdir(), 'cadence-bench-copy-'))
  const pg = await startPostgres({ durable: true })
  const admin = new SQL({ url: pg.url, max: 1 })
  const urlOf = (name: string) => pg.url.replace(/\/postgres$/, `/${name}`)
  const bin = pgBin()
  try {
    for (const items of [0, ...sizes]) {
      const tag = items ? `${items / 1000}k` : 'empty'
      const source = join(dir, `source-${tag}.db`)
      const seedStarted = performance.now()
      const rows = await seedCopySource(source, items)
      const seedSeconds = (performance.now() - seedStarted) / 1000
      console.log(
        `  ${tag}: seeded ${items.toLocaleString('en')} items, ${rows.toLocaleString('en')} rows in all tables (${seedSeconds.toFixed(1)} s)`,
      )
      const steps: CopyStep[] = []
      const step = (name: string, r: Run, file?: string) => {
        const s: CopyStep = {
          step: name,
          seconds: r.seconds,
          rows,
          maxRssMb: r.maxRssMb,
          cpuSeconds: r.cpuSeconds,
          ...(file ? { fileMb: mb(file) } : {}),
        }
        steps.push(s)
        console.log(
          `    ${name.padEnd(44)} ${s.seconds.toFixed(1).padStart(6)} s${items ? `  ${fmtRate(s)} rows/s  ${perRow(s).toFixed(1).padStart(6)} µs/row  CPU ${cpuPerRow(s).toFixed(1).padStart(6)} µs/row` : `  CPU ${s.cpuSeconds?.toFixed(1)} s`}${s.maxRssMb ? `  peak RSS ${s.maxRssMb.toFixed(0)} MB` : ''}${s.fileMb ? `  file ${s.fileMb.toFixed(0)} MB` : ''}`,
        )
      }
      const copied = `copy_${tag}`
      const restored = `restore_${tag}`
      const pgRestored = `pgrestore_${tag}`
      for (const name of [copied, restored, pgRestored])
        await admin.unsafe(`CREATE DATABASE ${name}`)
      step(
        'copy-data SQLite → PostgreSQL',
        await run(['bun', 'run', 'copy-data', source, urlOf(copied)], {}, pg.port),
      )
      const fromPg = join(dir, `pg-backup-${tag}.db`)
      step(
        'backup PostgreSQL → SQLite file',
        await run(['bun', 'run', 'backup', fromPg], { DATABASE_URL: urlOf(copied) }, pg.port),
        fromPg,
      )
      step(
        'restore SQLite file → PostgreSQL',
        await run(
          ['bun', 'run', 'restore', fromPg, urlOf(restored)],
          { DATABASE_URL: undefined },
          pg.port,
        ),
      )
      const fromSqlite = join(dir, `sqlite-backup-${tag}.db`)
      step(
        'backup SQLite (VACUUM INTO)',
        await run(['bun', 'run', 'backup', fromSqlite], {
          DATABASE_URL: undefined,
          DATABASE_PATH: source,
        }),
        fromSqlite,
      )
      if (bin) {
        const dump = join(dir, `pg-${tag}.dump`)
        step(
          'pg_dump -Fc',
          await run([join(bin, 'pg_dump'), '-Fc', '-f', dump, '-d', urlOf(copied)], {}, pg.port),
          dump,
        )
        step(
          'pg_restore (one job)',
          await run(
            [join(bin, 'pg_restore'), '--no-owner', '-d', urlOf(pgRestored), dump],
            {},
            pg.port,
          ),
        )
      }
      if (items) result.sizes.push({ items, rows, seedSeconds, steps })
      else result.fixed = { items, rows, seedSeconds, steps }
      // The next size starts from a quiet cluster and disk.
      for (const name of [copied, restored, pgRestored])
        await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`)
      for (const f of [source, fromPg, fromSqlite]) rmSync(f, { force: true })
    }
    for (const s of ratios(result)) console.log(`  ${s}`)
  } catch (error) {
    result.error = String(error).slice(0, 500)
    console.log(`  backup bench not finished: ${result.error}`)
  } finally {
    result.loadAtEnd = loadavg()[0]
    await admin.close()
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  mkdirSync(join(root, 'bench/tmp'), { recursive: true })
  writeFileSync(join(root, 'bench/tmp/copy.json'), JSON.stringify(result, null, 2))
  return result
}

const perRow = (s: CopyStep) => (s.seconds * 1e6) / s.rows
const fmtRate = (s: CopyStep) =>
  Math.round(s.rows / s.seconds)
    .toLocaleString('en')
    .padStart(8)

const cpuPerRow = (s: CopyStep) => ((s.cpuSeconds ?? Number.NaN) * 1e6) / s.rows

/** Time (or CPU) per row without the step's fixed cost (on an empty installation), µs. */
const netPerRow = (s: CopyStep, fixed: CopySize | undefined, cpu = false) => {
  const f = fixed?.steps.find((x) => x.step === s.step)
  const spent = cpu
    ? (s.cpuSeconds ?? Number.NaN) - (f?.cpuSeconds ?? 0)
    : s.seconds - (f?.seconds ?? 0)
  // Nothing beyond the fixed cost (a step too quick to tell at this size): no ratio from it.
  return spent > 0 ? (spent * 1e6) / s.rows : Number.NaN
}

/**
 * Each step's time per row at the largest size over the smallest: wall time as measured
 * (`ratio`), wall time without the fixed cost (`net`, which a fixed cost cannot flatter), and CPU
 * time without the fixed cost (`cpu`, which other work on the machine hardly moves). MET: ≤ 1.5,
 * judged on `cpu` when it was measured, else on `net`.
 */
function growth(result: CopyResult) {
  const small = result.sizes[0]
  const large = result.sizes.at(-1)
  if (!small || !large || small === large) return []
  return small.steps.map((s) => {
    const l = large.steps.find((x) => x.step === s.step)
    const ratio = l ? perRow(l) / perRow(s) : Number.NaN
    const net = l ? netPerRow(l, result.fixed) / netPerRow(s, result.fixed) : Number.NaN
    const cpu = l ? netPerRow(l, result.fixed, true) / netPerRow(s, result.fixed, true) : Number.NaN
    const judged = [cpu, net, ratio].find((x) => Number.isFinite(x)) ?? Number.NaN
    return { step: s.step, ratio, net, cpu, met: judged <= 1.5 }
  })
}

function ratios(result: CopyResult) {
  const [small, large] = [result.sizes[0], result.sizes.at(-1)]
  return growth(result).map(
    (g) =>
      `${g.step.padEnd(44)} per row ${(large?.items ?? 0) / 1000}k / ${(small?.items ?? 0) / 1000}k: ${g.ratio.toFixed(2)}×, without the fixed cost ${g.net.toFixed(2)}×, CPU without the fixed cost ${g.cpu.toFixed(2)}× ${g.met ? 'MET' : 'NOT MET'}`,
  )
}

const START = '<!-- bench/copy.ts: start -->'
const END = '<!-- bench/copy.ts: end -->'

/** The "Backup, restore and copy-data" section of docs/benchmarks.md. */
export function renderCopy(result: CopyResult) {
  const [small, large] = [result.sizes[0], result.sizes.at(-1)]
  const g = growth(result)
  const n = (x: number) => x.toLocaleString('en')
  const times = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—')
  const rows = (small?.steps ?? []).map((s) => {
    const l = large?.steps.find((x) => x.step === s.step)
    const r = g.find((x) => x.step === s.step)
    const cell = (x: CopyStep | undefined) =>
      x
        ? `${x.seconds.toFixed(1)} s · ${n(Math.round(x.rows / x.seconds))}/s · ${perRow(x).toFixed(1)} µs${x.cpuSeconds === undefined ? '' : ` · CPU ${cpuPerRow(x).toFixed(1)} µs`}`
        : '—'
    const rss = [s, l].map((x) => (x?.maxRssMb ? x.maxRssMb.toFixed(0) : '—')).join(' / ')
    const file = l?.fileMb ? ` (${l.fileMb.toFixed(0)} MB)` : ''
    const f = result.fixed?.steps.find((x) => x.step === s.step)
    return `| ${s.step}${file} | ${f ? `${f.seconds.toFixed(1)} s` : '—'} | ${cell(s)} | ${cell(l)} | ${r ? `${times(r.ratio)} · ${times(r.net)}${Number.isFinite(r.cpu) ? ` · CPU ${r.cpu.toFixed(2)}×` : ''} ${r.met ? 'MET' : 'NOT MET'}` : '—'} | ${rss} |`
  })
  const ours = g.filter((x) => !x.step.startsWith('pg_'))
  const pgDump = (x: CopySize | undefined, step: string) =>
    x?.steps.find((s) => s.step === step)?.seconds ?? Number.NaN
  const ourRound = (x: CopySize | undefined) =>
    pgDump(x, 'backup PostgreSQL → SQLite file') + pgDump(x, 'restore SQLite file → PostgreSQL')
  const theirRound = (x: CopySize | undefined) =>
    pgDump(x, 'pg_dump -Fc') + pgDump(x, 'pg_restore (one job)')
  return `${START}
## Backup, restore and copy-data (50 k and 500 k items)

Measured by \`BENCH_ONLY=copy bun run bench\` (\`bench/copy.ts\`) on ${result.date.slice(0, 10)}, ${result.cores} cores, ${result.note}${result.loadAtEnd === undefined ? '' : ` (${result.loadAtEnd.toFixed(1)} at the end)`}.
Each size is a new SQLite installation (${small ? `${n(small.items)} items, ${n(small.rows)} rows in all tables` : '—'}; ${large ? `${n(large.items)} items, ${n(large.rows)} rows` : '—'}):
users with 50 weekly reports of five sections of 20 items of ~80 characters. Each command ran as a user runs it
(\`bun run …\`, spawned), against a throwaway PostgreSQL 15 with its durable defaults (fsync on). A cell is the
wall time, rows per second and µs per row, counting every table's rows, then the CPU per row (the command's
with its children, plus PostgreSQL's processes). "Empty" is the same command on an installation with no
users: its fixed cost (starting Bun, migrating the new target, the final counts). The growth is the time per
row at ${large ? n(large.items) : '—'} items over ${small ? n(small.items) : '—'}: wall time as measured, wall time without the fixed cost (which
would otherwise flatter the larger size), and CPU time without the fixed cost (which other work on the machine
hardly moves); the target, ≤ 1.5×, is judged on the last when measured, else on the second. Peak RSS
(${small ? n(small.items) : '—'} / ${large ? n(large.items) : '—'}) is the command's, with its children (GNU \`time\`).
${result.error ? `\nThe run did not finish: ${result.error}\n` : ''}
| step | empty | ${small ? n(small.items) : '—'} items | ${large ? n(large.items) : '—'} items | growth per row | peak RSS MB |
|---|---|---|---|---|---|
${rows.join('\n')}

${
  ours.length
    ? ours.every((x) => x.met)
      ? 'Every one of our steps is within 1.5× per row (keyset pages by primary key, one page in memory: `server/src/db/copy.ts`). '
      : `Not within 1.5× per row: ${ours
          .filter((x) => !x.met)
          .map((x) => x.step)
          .join(', ')}. `
    : ''
}A backup and restore of PostgreSQL through a SQLite file took ${ourRound(large).toFixed(0)} s at ${large ? n(large.items) : '—'} items against ${theirRound(large).toFixed(0)} s for \`pg_dump -Fc\` + \`pg_restore\` (${(ourRound(large) / theirRound(large)).toFixed(1)}×): PostgreSQL's own tools move rows in bulk (COPY) and build indexes once at the end, while \`bun run backup\` and \`restore\` go through the application's inserts and triggers in one transaction and check every table's count. What \`bun run backup\` gives for that is one engine-neutral SQLite file that restores into either engine. When to use which: \`docs/deployment.md\`, "Backup and restore".
${END}
`
}

/** Replaces (or adds, before "Targets") the section in docs/benchmarks.md, then formats the page. */
export function writeCopySection(result: CopyResult) {
  const path = join(root, 'docs/benchmarks.md')
  const page = readFileSync(path, 'utf8')
  const section = renderCopy(result)
  const start = page.indexOf(START)
  const end = page.indexOf(END)
  let next: string
  if (start >= 0 && end > start)
    next = page.slice(0, start) + section + page.slice(end + END.length + 1)
  else {
    const at = page.indexOf('## Targets: met')
    next = at >= 0 ? `${page.slice(0, at)}${section}\n${page.slice(at)}` : `${page}\n${section}`
  }
  writeFileSync(path, next)
  Bun.spawnSync(['bunx', 'biome', 'format', '--write', 'docs/benchmarks.md'], { cwd: root })
}

if (import.meta.main) {
  // `bun bench/copy.ts [items…]`: the sizes given (default 50,000 and 500,000), printed only;
  // `bun bench/copy.ts --write`: the last run's section (bench/tmp/copy.json) into the page again.
  if (process.argv[2] === '--write')
    writeCopySection(JSON.parse(readFileSync(join(root, 'bench/tmp/copy.json'), 'utf8')))
  else {
    const sizes = process.argv.slice(2).map(Number)
    await measureCopy(sizes.length ? { sizes } : {})
  }
}
