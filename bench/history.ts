// Costs independent of history (issue 45): the uncached answers of two accounts of one shape
// (bench/seed.ts), one with 500 weekly reports and one with 8, in-process (bench/profile.ts with
// HTTP_CACHE=off), CPU per request (less at the mercy of a busy machine than wall time). The
// target: the heavy one within 1.3× of the light one. `bun bench/history.ts <seeded db>`, or
// `BENCH_ONLY=history bun run bench`.
import { join } from 'node:path'
import { HISTORY_EMAIL, LIGHT_EMAIL } from './seed'

const root = join(import.meta.dir, '..')
/** The answers compared, by their bench/profile.ts names. */
const COMPARED = ['dashboard', 'projects', 'report', 'search common'] as const
export const HISTORY_TARGET = 1.3

export type HistoryRow = {
  name: string
  heavyCpuMs: number
  lightCpuMs: number
  ratio: number
  met: boolean
}

function profile(dbPath: string, email: string, iterations: number) {
  const run = Bun.spawnSync(['bun', join(root, 'bench/profile.ts'), dbPath, String(iterations)], {
    cwd: root,
    env: { ...process.env, HTTP_CACHE: 'off', PROFILE_EMAIL: email },
  })
  const cpu = new Map<string, number>()
  for (const line of `${run.stdout}`.split('\n')) {
    const m = /^(\S.*?)\s+cpu\s+([\d.]+) ms/.exec(line)
    if (m) cpu.set(m[1], Number(m[2]))
  }
  return cpu
}

/** The two accounts, each profiled `rounds` times in turn; the least CPU of each answer is kept. */
export function measureHistory(dbPath: string, rounds = 3, iterations = 30): HistoryRow[] {
  const best = { heavy: new Map<string, number>(), light: new Map<string, number>() }
  for (let r = 0; r < rounds; r++)
    for (const [who, email] of [
      ['heavy', HISTORY_EMAIL],
      ['light', LIGHT_EMAIL],
    ] as const)
      for (const [name, ms] of profile(dbPath, email, iterations))
        best[who].set(name, Math.min(best[who].get(name) ?? Infinity, ms))
  return COMPARED.map((name) => {
    const heavyCpuMs = best.heavy.get(name) ?? Number.NaN
    const lightCpuMs = best.light.get(name) ?? Number.NaN
    const ratio = heavyCpuMs / lightCpuMs
    return { name, heavyCpuMs, lightCpuMs, ratio, met: ratio <= HISTORY_TARGET }
  })
}

export function printHistory(rows: HistoryRow[]) {
  console.log('\nUncached answers, 500 weekly reports against 8 (CPU per request, best of rounds):')
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(14)} ${r.heavyCpuMs.toFixed(2)} ms vs ${r.lightCpuMs.toFixed(2)} ms  ${r.ratio.toFixed(2)}×  ${r.met ? 'MET' : 'GAP'} (target ≤ ${HISTORY_TARGET}×)`,
    )
}

if (import.meta.main) {
  const dbPath = process.argv[2]
  if (!dbPath) throw new Error('usage: bun bench/history.ts <seeded database>')
  printHistory(measureHistory(dbPath, Number(process.argv[3] ?? 3)))
}
