// One wrk run of the write and capacity benchmarks (bench/service.ts): one connection per wrk
// thread, each playing one line of a plan (its session, section, item and read paths) with
// bench/wrk-plan.lua, optionally pinned to a CPU with taskset; counts only 2xx answers and reports
// the load generator's own CPU time, to tell whether the client side was the limit.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')

/** What one connection does: whose session, which section it creates in, which item it edits. */
export type PlanLine = { cookie: string; section: number; item: number; reads: [string, string] }
export type PlanMode = 'post' | 'put' | 'read' | 'write' | 'mix'

/** One run as wrk-plan.lua reports it, plus the load generator's CPU seconds. */
export type PlanRun = {
  answers: number
  seconds: number
  okReads: number
  okWrites: number
  non2xx: number
  errors: number
  p50: number
  p90: number
  p99: number
  /** Per connection: the sequence number of its last write answered 2xx (-1: none). */
  acked: number[]
  wrkCpuSeconds: number
}

/** Runs wrk with one connection per plan line against `base`. */
export async function runPlan(opts: {
  wrk: string
  base: string
  origin: string
  lines: PlanLine[]
  mode: PlanMode
  seconds: number
  /** Names the written content, so the rows of one run can be counted afterwards. */
  tag: string
  /** The plan file (one per concurrent wrk). */
  file: string
  cpu?: number
}): Promise<PlanRun> {
  const planPath = join(root, 'bench/tmp', opts.file)
  writeFileSync(
    planPath,
    `${opts.lines.map((l) => [l.cookie, opts.origin, l.section, l.item, ...l.reads].join('\t')).join('\n')}\n`,
  )
  const n = String(opts.lines.length)
  const args = [opts.wrk, '-t', n, '-c', n, '-d', `${opts.seconds}s`, '--timeout', '10s']
  args.push('-s', join(root, 'bench/wrk-plan.lua'), opts.base)
  const cmd = opts.cpu === undefined ? args : ['taskset', '-c', String(opts.cpu), ...args]
  const proc = Bun.spawn(cmd, {
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, WRK_PLAN: planPath, WRK_MODE: opts.mode, WRK_TAG: opts.tag },
  })
  const out = await new Response(proc.stdout).text()
  const err = await new Response(proc.stderr).text()
  await proc.exited
  const line = out.split('\n').find((l) => l.startsWith('{"answers"'))
  if (!line) throw new Error(`wrk printed no result (${opts.mode}):\n${(out + err).slice(-500)}`)
  const usage = proc.resourceUsage()
  const wrkCpuSeconds = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : 0
  return { ...(JSON.parse(line) as Omit<PlanRun, 'wrkCpuSeconds'>), wrkCpuSeconds }
}
