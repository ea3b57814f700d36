// The two runs of `bun run bench` in processes of their own, after the servers are stopped: the
// uncached handlers in-process (bench/profile.ts) and the mixed load run (server/src/security/load.test.ts).
import { join } from 'node:path'

const root = join(import.meta.dir, '..')

/** One request of bench/profile.ts: its answer's size and times in ms. */
export type Uncached = {
  name: string
  cpuMs: number
  meanMs: number
  p50Ms: number
  p95Ms: number
  size: string
}

/**
 * Uncached, in-process, one request at a time (bench/profile.ts with HTTP_CACHE=off): what each
 * handler costs when the response cache cannot answer, without the network or the load generator.
 */
export function profileUncached(dbPath: string): Uncached[] {
  console.log('\nUncached handlers in-process (HTTP_CACHE=off bun bench/profile.ts)…')
  const profileRun = Bun.spawnSync(['bun', join(root, 'bench/profile.ts'), dbPath, '40'], {
    cwd: root,
    env: { ...process.env, HTTP_CACHE: 'off' },
  })
  const uncached = `${profileRun.stdout}`
    .split('\n')
    .map((l) =>
      /^(\S.*?)\s+cpu\s+([\d.]+) ms\s+mean\s+([\d.]+) ms\s+p50\s+([\d.]+)\s+p95\s+([\d.]+)\s+([\d.]+ KB)/.exec(
        l,
      ),
    )
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      name: m[1],
      cpuMs: +m[2],
      meanMs: +m[3],
      p50Ms: +m[4],
      p95Ms: +m[5],
      size: m[6],
    }))
  for (const u of uncached)
    console.log(`  ${u.name.padEnd(14)} mean ${u.meanMs} ms  p95 ${u.p95Ms} ms`)
  return uncached
}

/**
 * The mixed load run (server/src/security/load.test.ts): 64 clients, 50 users, leak checks,
 * for LOAD_SECONDS (10 s here). Resolves with its seconds, whether it passed, and its summary line
 * (or the end of its output when it failed).
 */
export function mixedLoad() {
  const seconds = process.env.LOAD_SECONDS ?? '10'
  console.log(`\nLoad run (64 clients, 50 users, ${seconds} s)…`)
  const load = Bun.spawnSync(['bun', 'test', './server/src/security/load.test.ts'], {
    cwd: root,
    env: { ...process.env, LOAD_SECONDS: seconds },
  })
  const output = `${load.stdout}${load.stderr}`
  const line = /load: .*/.exec(output)?.[0] ?? `load run failed:\n${output.slice(-2000)}`
  console.log(line)
  return { seconds, passed: load.exitCode === 0, line }
}
