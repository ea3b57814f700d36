// The abuse rows of issue 42 ("Nobody slows everyone"), a section of `bun run bench` that runs
// alone and quickly: `bun run bench stalls` (or `bun bench/stalls.ts`). The real server
// (server/src/index.ts) on a fresh SQLite file, one account filled through the API up to the
// documented limits (lib/limits.ts; editions written straight into the file, as Send's quota
// would take days), then each attack of the issue while a probe process of its own
// (bench/stall-probe.ts) asks /api/health/live again and again. Each row is the longest time
// between two of its answers during the attack — how long the server's thread was held at once —
// against the same over idle. server/src/security/stall.test.ts asserts the same operations in
// process on both engines; this measures them on the real server.
import { Database } from 'bun:sqlite'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  createSession,
  largestImportDocument,
  loadConfig,
  openDatabase,
  upsertUser,
} from '@cadence/server/testing'
import { startPostgres } from '../scripts/postgres'
import { startServer } from './abuse'

const root = join(import.meta.dir, '..')

export type StallRow = {
  attack: string
  status: string
  seconds: number
  longestMs: number
  /** The server's main thread's longest time on a core between two answers (load-proof). */
  threadMs: number
  /** The same, the longest over every run of the row (the first run after start included). */
  worstThreadMs: number
  timesIdle: number
}
export type StallEngine = {
  engine: string
  idleMs: number
  idleThreadMs: number
  idleP50: number
  load: string
  rows: StallRow[]
}
export type StallResult = StallEngine[]

type Probe = { longestMs: number; threadMs: number; answers: number; p50: number }

function startProbe(base: string, pid: number) {
  const proc = Bun.spawn(['bun', join(root, 'bench/stall-probe.ts'), base, String(pid)], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  return async (): Promise<Probe> => {
    proc.stdin.write('stop\n')
    await proc.stdin.end()
    const out = await new Response(proc.stdout).text()
    return JSON.parse(out.trim().split('\n').at(-1) as string)
  }
}

/** The longest stall of /api/health/live while `work` runs (the probe started 300 ms before). */
async function during(base: string, pid: number, work: () => Promise<string>) {
  const stop = startProbe(base, pid)
  await Bun.sleep(300)
  const started = performance.now()
  const status = await work()
  const seconds = (performance.now() - started) / 1000
  await Bun.sleep(100)
  return { status, seconds, ...(await stop()) }
}

const week = (n: number) => new Date(Date.UTC(2010, 0, 4 + 7 * n)).toISOString().slice(0, 10)

export async function measureStalls(): Promise<StallResult> {
  const dir = join(root, 'bench/tmp')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, 'stalls.db')
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
  const db = openDatabase(path)
  const config = loadConfig({ DATABASE_PATH: path })
  const user = await upsertUser(
    { db, config },
    {
      provider: 'dev',
      providerUserId: 'stalls@bench.example.com',
      email: 'stalls@bench.example.com',
      name: 'Stalls',
    },
  )
  const session = await createSession({ db, config }, user.id)
  db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.sqlite.close()
  const cookie = `cadence_session=${session.token}`

  let server = await startServer({ DATABASE_PATH: path })
  let base = server.base
  try {
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const bytes = await res.arrayBuffer()
      return { status: res.status, bytes }
    }
    const json = async (method: string, path: string, body?: unknown) => {
      const res = await call(method, path, body)
      if (res.status >= 300)
        throw new Error(`${method} ${path}: ${res.status} ${new TextDecoder().decode(res.bytes)}`)
      // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of API answers
      return JSON.parse(new TextDecoder().decode(res.bytes)) as any
    }
    const lines = (n: number, from = 0) =>
      [
        '## Action Items',
        ...Array.from({ length: n }, (_, i) => `- [ ] Item ${from + i} @Nobody`),
      ].join('\n')
    console.log('\nStalls (issue 42): filling one account to its limits…')
    await json('POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
    // A full report (10,000 items): its Markdown and e-mail parts, and 50 large editions.
    const full = await json('POST', '/api/reports', { week_start_date: week(0), carry_over: false })
    // An import takes 5,000 lines, its section heading one of them.
    await json('POST', `/api/reports/${full.uuid}/import`, { text: lines(4_999) })
    await json('POST', `/api/reports/${full.uuid}/import`, { text: lines(4_999, 4_999) })
    await json('POST', `/api/reports/${full.uuid}/import`, { text: lines(2, 9_998) })
    // Two reports one import short of full: 5,001 items, the largest import takes each to 10,000
    // (the import runs twice, the shorter stall counts).
    const nearly: string[] = []
    for (const w of [1, 3]) {
      const r = await json('POST', '/api/reports', { week_start_date: week(w), carry_over: false })
      await json('POST', `/api/reports/${r.uuid}/import`, { text: lines(4_999) })
      await json('POST', `/api/reports/${r.uuid}/import`, { text: lines(2, 4_999) })
      nearly.push(r.uuid)
    }
    // Long unbroken words for the PDF: a 20,000-letter summary, three 10,000-letter items.
    const words = await json('POST', '/api/reports', {
      week_start_date: week(2),
      carry_over: false,
    })
    await json('PUT', `/api/reports/${words.uuid}`, { summary: 'w'.repeat(20_000) })
    for (let i = 0; i < 3; i++)
      await json('POST', '/api/section-items', {
        section_id: words.sections[0].id,
        content: String.fromCharCode(97 + i).repeat(10_000),
      })
    // 400 reports whose 20,000-character summaries match a twelve-word search at their end.
    const query = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'
    const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod '
    const summary = `${filler.repeat(300).slice(0, 19_900)} ${query}`.slice(0, 20_000)
    for (let n = 0; n < 400; n++) {
      const r = await json('POST', '/api/reports', {
        week_start_date: week(10 + n),
        carry_over: false,
      })
      await json('PUT', `/api/reports/${r.uuid}`, { summary })
    }
    // 50 editions of the full report, ~1 MB each, straight into the file.
    {
      const file = new Database(path)
      file.exec('PRAGMA busy_timeout = 10000')
      const { id } = file.query('SELECT id FROM reports WHERE uuid = ?').get(full.uuid) as {
        id: number
      }
      // A brief's fields (the report's read compares its latest edition's), and ~1 MB of text.
      const brief = JSON.stringify({
        title: null,
        summary: 'A long week. '.repeat(1_500),
        sections: [],
        project_health: [],
        items: Array.from({ length: 60 }, () => 'A long week. '.repeat(1_500)),
      })
      const insert = file.prepare(
        'INSERT INTO report_editions (report_id, user_id, number, sent_at, brief) VALUES (?, ?, ?, ?, ?)',
      )
      for (let n = 1; n <= 50; n++) insert.run(id, user.id, n, '2026-01-01T00:00:00.000Z', brief)
      file.close()
    }
    // A 7.8 MB account document with one \ud800 escape near its start (storableText's walk), of
    // 4,500 items: the two runs fit the account's 50,000 items with everything above.
    const escaped = (run: number) => largestImportDocument((r) => week(500 + 20 * run + r))

    // A report of 10,000 items without gaps (as imports place them) for the first moves, twice:
    // the full report (moved last of the rows that read it) and one more (the account's 50,000
    // items hold no third).
    const gapless: { uuid: string; sectionId: number; ids: number[] }[] = []
    const second = await json('POST', '/api/reports', {
      week_start_date: week(5),
      carry_over: false,
    })
    await json('POST', `/api/reports/${second.uuid}/import`, { text: lines(4_999) })
    await json('POST', `/api/reports/${second.uuid}/import`, { text: lines(4_999, 4_999) })
    await json('POST', `/api/reports/${second.uuid}/import`, { text: lines(2, 9_998) })
    for (const r of [full, second]) {
      const shown = await json('GET', `/api/reports/${r.uuid}`)
      gapless.push({
        uuid: r.uuid,
        sectionId: shown.sections[0].id,
        ids: shown.sections[0].items.map((i: { id: number }) => i.id),
      })
    }
    // The same account on PostgreSQL (copy-data), measured after SQLite.
    server.proc.kill()
    await server.proc.exited
    const pg = await startPostgres({ durable: true }).catch(() => null)
    let pgUrl: string | null = null
    if (pg) {
      pgUrl = pg.url.replace(/\/postgres$/, '/cadence_stalls')
      const admin = new Bun.SQL({ url: pg.url, max: 1 })
      await admin.unsafe('CREATE DATABASE cadence_stalls')
      await admin.close()
      const copy = Bun.spawnSync(['bun', 'run', 'copy-data', path, pgUrl], {
        cwd: root,
        stdout: 'pipe',
        stderr: 'pipe',
      })
      if (copy.exitCode !== 0) {
        console.log(`  PostgreSQL not measured: ${copy.stderr.toString().slice(0, 300)}`)
        pgUrl = null
      }
    }
    const results: StallResult = []
    try {
      for (const [engine, env] of [
        ['SQLite', { DATABASE_PATH: path }],
        ...(pgUrl ? [['PostgreSQL', { DATABASE_URL: pgUrl }]] : []),
      ] as [string, Record<string, string>][]) {
        server = await startServer(env)
        base = server.base
        console.log(`  ${engine}:`)
        results.push(await attackAll(engine, server.proc.pid))
        server.proc.kill()
        await server.proc.exited
      }
    } finally {
      await pg?.stop()
    }
    return results

    async function attackAll(engine: string, pid: number): Promise<StallEngine> {
      const load = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ')
      await Bun.sleep(1_000)
      const idle = await during(base, pid, async () => {
        await Bun.sleep(3_000)
        return ''
      })
      console.log(
        `  idle /api/health/live: longest gap ${idle.longestMs.toFixed(1)} ms (server thread ${idle.threadMs.toFixed(1)} ms), p50 ${idle.p50.toFixed(2)} ms (load average ${load})`,
      )
      const status = (r: { status: number; bytes: ArrayBuffer }) =>
        `${r.status} (${(r.bytes.byteLength / 1e6).toFixed(1)} MB)`
      // [row, the attack's nth run, runs]: reads run three times, imports twice (each into its
      // own target); the run with the shortest longest stall counts, as in stall.test.ts. The
      // imports come last, each followed by a pause: the server indexes what they wrote for search
      // in the background, which would land in the next row.
      const attacks: [string, (run: number) => Promise<string>, number][] = [
        [
          'PDF of long unbroken words (20,000-letter summary, 3 × 10,000-letter items)',
          async () => status(await call('GET', `/api/reports/${words.uuid}/pdf`)),
          3,
        ],
        [
          "Markdown of a full report (10,000 items, 'Copy as Markdown')",
          async () => status(await call('GET', `/api/reports/${full.uuid}/export?format=md`)),
          3,
        ],
        [
          "HTML of a full report ('Copy for e-mail')",
          async () => status(await call('GET', `/api/reports/${full.uuid}/export?format=html`)),
          3,
        ],
        [
          // A report without editions (a sent one also compares its latest edition's brief).
          'read of a report of 10,000 items (6 MB of JSON, gzipped) after an edit',
          async (run) => {
            const { uuid } = gapless[1]
            await json('PUT', `/api/reports/${uuid}`, { title: `Read ${run}` })
            return status(await call('GET', `/api/reports/${uuid}`))
          },
          3,
        ],
        [
          'search of 12 words ranking 400 summaries of 20,000 characters',
          async () => status(await call('GET', `/api/search?query=${encodeURIComponent(query)}`)),
          3,
        ],
        [
          'account export with 50 editions of ~1 MB',
          async () => status(await call('GET', '/api/export')),
          3,
        ],
        [
          'first moves into a section of 10,000 items without gaps (near the top, then the middle)',
          async (run) => {
            const { sectionId, ids } = gapless[run]
            const move = (id: number, before_id: number) =>
              call('PUT', `/api/section-items/${id}/position`, { section_id: sectionId, before_id })
            const top = await move(ids[9_999], ids[10])
            const middle = await move(ids[0], ids[5_000])
            return `${top.status}, ${middle.status}`
          },
          2,
        ],
        [
          'largest import (4,999 lines) into a report of 5,001 items',
          async (run) =>
            status(
              await call('POST', `/api/reports/${nearly[run]}/import`, {
                text: lines(4_999, 10_000),
              }),
            ),
          2,
        ],
        [
          '7.8 MB account import with a \\ud800 escape',
          async (run) => status(await call('POST', '/api/import', escaped(run))),
          2,
        ],
      ]
      const rows: StallRow[] = []
      for (const [attack, work, runs] of attacks) {
        let run: Awaited<ReturnType<typeof during>> | undefined
        let worstThreadMs = 0
        for (let n = 0; n < runs; n++) {
          const next = await during(base, pid, () => work(n))
          worstThreadMs = Math.max(worstThreadMs, next.threadMs)
          if (!run || next.longestMs < run.longestMs) run = next
          await Bun.sleep(runs === 2 ? 5_000 : 500)
        }
        if (!run) continue
        const row = {
          attack,
          status: run.status,
          seconds: run.seconds,
          longestMs: run.longestMs,
          threadMs: run.threadMs,
          worstThreadMs,
          timesIdle: run.longestMs / idle.longestMs,
        }
        rows.push(row)
        console.log(
          `  ${attack.padEnd(78)} ${row.status.padEnd(14)} ${row.seconds.toFixed(2)} s  longest stall ${row.longestMs.toFixed(0)} ms  ×${row.timesIdle.toFixed(1)} idle  server thread ${row.threadMs.toFixed(1)} ms (worst run ${worstThreadMs.toFixed(1)} ms)`,
        )
        await Bun.sleep(1_000)
      }
      const after = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ')
      console.log(`  load average before ${load}, after ${after} (2 cores)`)
      return {
        engine,
        idleMs: idle.longestMs,
        idleThreadMs: idle.threadMs,
        idleP50: idle.p50,
        load: `${load} → ${after}`,
        rows,
      }
    }
  } finally {
    server.proc.kill()
    await server.proc.exited
  }
}

if (import.meta.main) {
  await measureStalls()
  process.exit(0)
}
