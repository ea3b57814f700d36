// The load generator of `bun run bench`: one run of `c` connections for some seconds against a
// URL, with the heavy user's session, as wrk (or autocannon) reports it.
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')

/** One run's rate and latencies (ms; p95 only from wrk) and its failures. */
export type Run = {
  rps: number
  p50: number
  p90: number
  p95?: number
  p99: number
  errors: number
  non2xx: number
}

export type LoadRequest = { name: string; method: string; body?: string }
export type Measure = (url: string, t: LoadRequest, c: number, seconds: number) => Promise<Run>

/**
 * The load generator: Debian's `wrk` (C, one thread per core), installed here when missing, as
 * the issue allows; npm's autocannon only when wrk cannot be had. autocannon parses responses in
 * JavaScript and is itself the limit for large bodies (a bare Bun.serve answering 40 KB: ~1,200
 * req/s with p99 ~380 ms under autocannon, ~55,000 req/s with p99 ~25 ms under wrk, 64 connections).
 */
export function findWrk() {
  const found = () => Bun.which('wrk')
  if (!found() && process.env.BENCH_LOADGEN !== 'autocannon' && Bun.which('apt-get')) {
    console.log('Installing wrk (apt-get install -y wrk)…')
    const install = () =>
      Bun.spawnSync(['apt-get', 'install', '-y', '-qq', 'wrk'], {
        stdout: 'ignore',
        stderr: 'ignore',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).exitCode === 0
    // A fresh machine may have no package lists yet.
    if (!install()) {
      Bun.spawnSync(['apt-get', 'update', '-qq'], { stdout: 'ignore', stderr: 'ignore' })
      install()
    }
  }
  return process.env.BENCH_LOADGEN === 'autocannon' ? null : found()
}

/**
 * The load generator (wrk, installed when missing; BENCH_LOADGEN=autocannon forces autocannon)
 * and its `measure`: every request carries `cookie`, `origin` and, like a browser's, accepts gzip
 * (the server compresses JSON of 1 KB or more).
 */
export function loadGenerator(session: { cookie: string; origin: string }) {
  const wrk = findWrk()
  const wrkBodyFile = join(root, 'bench/tmp/wrk-body')
  const measure: Measure = async (url, t, c, seconds) => {
    const headers = [
      `cookie: ${session.cookie}`,
      `origin: ${session.origin}`,
      'accept-encoding: gzip',
    ]
    if (t.body) headers.push('content-type: application/json')
    if (wrk) {
      if (t.body) writeFileSync(wrkBodyFile, t.body)
      const args = [wrk, '-t', String(Math.min(c, cpus().length)), '-c', String(c)]
      args.push('-d', `${seconds}s`, '--timeout', '10s', '-s', join(root, 'bench/wrk-report.lua'))
      for (const h of headers) args.push('-H', h)
      args.push(url)
      const proc = Bun.spawn(args, {
        stdout: 'pipe',
        stderr: 'ignore',
        env: { ...process.env, WRK_METHOD: t.method, WRK_BODY_FILE: t.body ? wrkBodyFile : '' },
      })
      const out = await new Response(proc.stdout).text()
      await proc.exited
      const line = out.split('\n').find((l) => l.startsWith('{"rps"'))
      if (!line) throw new Error(`wrk printed no result for ${t.name}:\n${out.slice(-500)}`)
      return JSON.parse(line) as Run
    }
    const args = ['node', join(root, 'node_modules/autocannon/autocannon.js'), '-j']
    args.push('-c', String(c), '-d', String(seconds), '-m', t.method)
    for (const h of headers) args.push('-H', h.replace(': ', '='))
    if (t.body) args.push('-b', t.body)
    args.push(url)
    const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'ignore' })
    const out = await new Response(proc.stdout).text()
    await proc.exited
    const r = JSON.parse(out)
    return {
      rps: r.requests.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    }
  }
  return { name: wrk ? ('wrk' as const) : ('autocannon' as const), measure }
}
