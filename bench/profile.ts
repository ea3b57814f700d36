// In-process profile of the hot endpoints on a seeded database: mean and p95 time per request
// through app.handle (no network), so a change in one handler shows without load-generator noise.
// Usage: bun bench/profile.ts <db file> [iterations] [filter] [concurrency]
// With a concurrency above 1, that many requests are kept in flight (as concurrent connections
// would): writes then share group commits, and the line shows req/s and CPU per request.
// PROFILE_EMAIL=<email> profiles that user instead of the heavy one (bench/history.ts).
import { copyFileSync, rmSync } from 'node:fs'
import {
  createApp,
  createSession,
  loadConfig,
  openDatabase,
  startCheckpointer,
} from '@cadence/server/testing'
import { HEAVY_EMAIL, RARE_WORD } from './seed'

const source = process.argv[2] ?? '/tmp/h8-bench.db'
const iterations = Number(process.argv[3] ?? 50)
const filter = process.argv[4] ?? ''
const concurrency = Math.max(1, Number(process.argv[5] ?? 1))
const path = `${source}.profile.db`
for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
copyFileSync(source, path)
const t0 = performance.now()
const db = openDatabase(path)
console.log(`openDatabase ${(performance.now() - t0).toFixed(1)} ms`)
const config = loadConfig({ DATABASE_PATH: path, PUBLIC_URL: 'http://localhost' })
const app = createApp({ db, config })
// As the server does (server/src/index.ts): WAL checkpoints on their own thread.
const stopCheckpointer = startCheckpointer(db.sqlite, path)
const heavy = db.sqlite
  .query('SELECT id FROM users WHERE email = ?')
  .get(process.env.PROFILE_EMAIL ?? HEAVY_EMAIL) as {
  id: number
}
const { token } = await createSession({ db, config }, heavy.id)
const headers = {
  cookie: `cadence_session=${token}`,
  origin: 'http://localhost',
  'content-type': 'application/json',
}
const call = async (method: string, p: string, body?: unknown) => {
  const res = await app.handle(
    new Request(`http://localhost${p}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    }),
  )
  const text = await res.text()
  if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`)
  return text
}
const reports = JSON.parse(await call('GET', '/api/reports'))
const report = JSON.parse(
  await call('GET', `/api/reports/${reports[Math.min(10, reports.length - 1)].uuid}`),
)
const section = report.sections.find((s: { section_type: string }) => s.section_type === 'tasks')
const item = section.items[0]
const cases: [string, string, string, unknown?][] = [
  ['dashboard', 'GET', '/api/dashboard'],
  ['report', 'GET', `/api/reports/${report.uuid}`],
  ['reports', 'GET', '/api/reports'],
  ['projects', 'GET', '/api/projects'],
  ['search rare', 'GET', `/api/search?query=${RARE_WORD}`],
  ['search common', 'GET', '/api/search?query=launch'],
  ['search prefix', 'GET', '/api/search?query=bud'],
  ['search phrase', 'GET', `/api/search?query=${encodeURIComponent('"board deck"')}`],
  ['search type', 'GET', `/api/search?query=${encodeURIComponent('type:task budget')}`],
  [
    'item POST',
    'POST',
    '/api/section-items',
    { section_id: section.id, content: 'Benchmark write' },
  ],
  ['item PUT', 'PUT', `/api/section-items/${item.id}`, { is_completed: true }],
  ['users/me', 'GET', '/api/users/me'],
]
for (const [name, method, p, body] of cases) {
  if (filter && !name.includes(filter)) continue
  for (let i = 0; i < 5; i++) await call(method, p, body)
  const times: number[] = []
  let bytes = 0
  const cpu0 = process.cpuUsage()
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < iterations) {
        const s = performance.now()
        bytes = (await call(method, p, body)).length
        times.push(performance.now() - s)
      }
    }),
  )
  const rps = (iterations / (performance.now() - started)) * 1000
  const cpu = process.cpuUsage(cpu0)
  const cpuMs = (cpu.user + cpu.system) / 1000 / iterations
  times.sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  console.log(
    `${name.padEnd(14)} cpu ${cpuMs.toFixed(2).padStart(6)} ms  mean ${mean.toFixed(2).padStart(7)} ms  p50 ${times[Math.floor(times.length / 2)].toFixed(2).padStart(7)}  p95 ${times[Math.floor(times.length * 0.95)].toFixed(2).padStart(7)}  ${(bytes / 1024).toFixed(1)} KB${concurrency > 1 ? `  ${rps.toFixed(0)} req/s at ${concurrency}` : ''}`,
  )
}
stopCheckpointer()
db.sqlite.close()
for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
