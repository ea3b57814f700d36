// `bun run test`: every test the project has, package by package, then the browser suites
// against a fresh build. Each package runs its own `bun test` so happy-dom's globals never
// reach the server tests. Closes on one 'N passed, N failed' line; exits non-zero on any failure.
import { type Postgres, startPostgres } from './postgres'
import { runStep, type StepResult } from './run-step'

const only = process.argv.slice(2)
// The server tests run twice: on SQLite (the default engine) and on PostgreSQL, on a throwaway
// cluster started here (scripts/postgres.ts) and stopped at the end.
let postgres: Postgres | null = null
const pgEnv = async () => {
  postgres ??= await startPostgres()
  return { TEST_DATABASE_URL: postgres.url }
}
type Opts = {
  cwd?: string
  env?: Record<string, string> | (() => Promise<Record<string, string>>)
  /**
   * Steps of the same lane run one after another; lanes a and b run side by side, then the
   * 'last' steps one after another once both have ended.
   */
  lane?: 'a' | 'b' | 'last'
}
// The server tests that assert how long the event loop is held (stall.test.ts: 250 ms at most,
// which a busy machine keeps) or how a cost grows (import-cost.test.ts): run after the lanes,
// when this suite's own other steps no longer load the machine.
const TIMED = ['src/security/stall.test.ts', 'src/modules/import-export/import-cost.test.ts']
const untimed = TIMED.map((f) => `--path-ignore-patterns=**/${f.split('/').pop()}`)
const steps: Array<[string, string[], Opts]> = [
  // First, one after another: the quick packages, then the build that the compile test, the
  // static-file test and the journeys all read (built once, before anything reads it).
  ['ui', ['bun', 'test', 'src'], { cwd: 'ui' }],
  ['core', ['bun', 'test'], { cwd: 'core' }],
  ['scripts', ['bun', 'test', './scripts/'], {}],
  ['app', ['bun', 'test', 'src'], { cwd: 'app' }],
  ['build', ['bun', 'run', 'build'], {}],
  // Then two lanes, each about half of the rest: the server on both engines and a third of the
  // journeys; the stories and two thirds of the journeys (each part of the journeys with its own
  // server and database); side by side with TEST_LANES=2, else one after another.
  // A test's timeout bounds a failure, not a speed (speed is the bench's): 30 s, sized for
  // PostgreSQL on a busy two-core machine, where bun's 5 s default failed sound tests.
  [
    'server (sqlite)',
    ['bun', 'test', '--timeout', '30000', ...untimed, 'src'],
    { cwd: 'server', lane: 'a' },
  ],
  [
    'server (postgresql)',
    ['bun', 'test', '--timeout', '30000', ...untimed, 'src'],
    { cwd: 'server', env: pgEnv, lane: 'a' },
  ],
  ['end-to-end (chromium) 3/3', ['bun', 'scripts/e2e.ts', '--shard=3/3'], { lane: 'a' }],
  ['stories (happy-dom)', ['bun', 'test'], { cwd: 'stories', lane: 'b' }],
  ['stories (chromium)', ['bunx', 'vitest', 'run'], { env: { VISUAL: '1' }, lane: 'b' }],
  ['end-to-end (chromium) 1,2/3', ['bun', 'scripts/e2e.ts', '--shard=1,2/3'], { lane: 'b' }],
  [
    'server timed (sqlite)',
    ['bun', 'test', '--timeout', '120000', ...TIMED],
    { cwd: 'server', lane: 'last' },
  ],
  [
    'server timed (postgresql)',
    ['bun', 'test', '--timeout', '120000', ...TIMED],
    { cwd: 'server', env: pgEnv, lane: 'last' },
  ],
]

// Each server step is one `bun test` process: `--parallel=2` on PostgreSQL was slower on two
// cores (the step is CPU-bound, much of it PostgreSQL's own), and failed timing-sensitive tests.
// One step after another by default. TEST_LANES=2 runs lanes a and b side by side: on two cores
// a fresh-clone run took about as long (the steps are mostly CPU-bound) and timing-sensitive
// tests of the server (two instances killed mid-write) failed beside the browser suites.
const sideBySide = process.env.TEST_LANES === '2'
const chosen = steps.filter(([name]) => !only.length || only.some((o) => name.startsWith(o)))
const byName = new Map<string, StepResult>()
const run = async ([name, cmd, opts]: (typeof steps)[number], buffered: boolean) => {
  const env = typeof opts.env === 'function' ? await opts.env() : opts.env
  byName.set(name, await runStep(name, cmd, { cwd: opts.cwd, env, buffered }))
}
for (const step of chosen.filter(([, , o]) => !o.lane || !sideBySide)) await run(step, false)
if (sideBySide) {
  const lanes = (['a', 'b'] as const)
    .map((lane) => chosen.filter(([, , o]) => o.lane === lane))
    .filter((lane) => lane.length)
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) await run(step, lanes.length > 1)
    }),
  )
  for (const step of chosen.filter(([, , o]) => o.lane === 'last')) await run(step, false)
}
await postgres?.stop()
const results = chosen.map(([name]) => byName.get(name)).filter((r) => r !== undefined)

console.log('\n=== summary')
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)}s`,
  )
}
for (const r of results.filter((r) => r.failures.length)) {
  console.log(`\n--- failed in ${r.name}:`)
  for (const line of r.failures.slice(0, 40)) console.log(`  ${line}`)
}
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
const broken = results.filter((r) => !r.ok)
// A step that failed without counting a failed test (a crash, a build error) still fails the run.
const failedTotal = failed === 0 && broken.length ? broken.length : failed
console.log(`\n${passed} passed, ${failedTotal} failed`)
process.exit(broken.length ? 1 : 0)
