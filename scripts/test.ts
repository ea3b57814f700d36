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
type Opts = { cwd?: string; env?: Record<string, string> | (() => Promise<Record<string, string>>) }
const steps: Array<[string, string[], Opts]> = [
  // A test's timeout bounds a failure, not a speed (speed is the bench's): 30 s, sized for
  // PostgreSQL on a busy two-core machine, where bun's 5 s default failed sound tests.
  ['server (sqlite)', ['bun', 'test', '--timeout', '30000', 'src'], { cwd: 'server' }],
  [
    'server (postgresql)',
    ['bun', 'test', '--timeout', '30000', 'src'],
    { cwd: 'server', env: pgEnv },
  ],
  ['ui', ['bun', 'test', 'src'], { cwd: 'ui' }],
  ['core', ['bun', 'test'], { cwd: 'core' }],
  ['scripts', ['bun', 'test', './scripts/'], {}],
  ['stories (happy-dom)', ['bun', 'test'], { cwd: 'stories' }],
  ['app', ['bun', 'test', 'src'], { cwd: 'app' }],
  ['build', ['bun', 'run', 'build'], {}],
  ['stories (chromium)', ['bunx', 'vitest', 'run'], { env: { VISUAL: '1' } }],
  ['end-to-end (chromium)', ['bun', 'scripts/e2e.ts'], {}],
]

const results: StepResult[] = []
for (const [name, cmd, opts] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  const env = typeof opts.env === 'function' ? await opts.env() : opts.env
  results.push(await runStep(name, cmd, { ...opts, env }))
}
await postgres?.stop()

console.log('\n=== summary')
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(24)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)}s`,
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
