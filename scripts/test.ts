// `bun run test`: every test the project has, package by package, then the browser suites
// against a fresh build. Each package runs its own `bun test` so happy-dom's globals never
// reach the server tests. Closes on one 'N passed, N failed' line; exits non-zero on any failure.
import { runStep, type StepResult } from './run-step'

const only = process.argv.slice(2)
const steps: Array<[string, string[], { cwd?: string; env?: Record<string, string> }]> = [
  ['server', ['bun', 'test', 'src'], { cwd: 'server' }],
  ['ui', ['bun', 'test', 'src'], { cwd: 'ui' }],
  ['stories (happy-dom)', ['bun', 'test'], { cwd: 'stories' }],
  ['app', ['bun', 'test', 'src'], { cwd: 'app' }],
  ['build', ['bun', 'run', 'build'], {}],
  ['stories (chromium)', ['bunx', 'vitest', 'run'], { env: { VISUAL: '1' } }],
  ['end-to-end (chromium)', ['bun', 'scripts/e2e.ts'], {}],
]

const results: StepResult[] = []
for (const [name, cmd, opts] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  results.push(await runStep(name, cmd, opts))
}

console.log('\n=== summary')
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(24)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)}s`,
  )
}
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
const broken = results.filter((r) => !r.ok)
// A step that failed without counting a failed test (a crash, a build error) still fails the run.
const failedTotal = failed === 0 && broken.length ? broken.length : failed
console.log(`\n${passed} passed, ${failedTotal} failed`)
process.exit(broken.length ? 1 : 0)
