// The API rows of `bun run bench`: each endpoint at each connection count, next to its ceiling (a
// bare Bun.serve, bench/ceiling.ts, answering the same bytes with the same status), with the
// server's peak RSS sampled while the server is under load.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Measure, Run } from './loadgen'
import { freePort } from './server'
import type { Target } from './targets'

const root = join(import.meta.dir, '..')

/** One endpoint at one connection count, and its ceiling at the same count. */
export type ApiRow = {
  name: string
  connections: number
  ceilingRps: number
  ceilingP99: number
  /** Cadence's requests/s over the ceiling's. */
  ratio: number
  target: string
} & Run
/** An endpoint that answered an error before the run, so was not measured. */
export type SkippedRow = { name: string; skipped: string }
export type ApiResult = ApiRow | SkippedRow

export type ApiOptions = {
  /** The server under test, its pid (for RSS) and the heavy user's session cookie. */
  base: string
  pid: number
  cookie: string
  targets: Target[]
  connections: number[]
  /** Seconds per run; the ceiling runs a second less (at least one). */
  seconds: number
  measure: Measure
}

function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

/** The ceiling: Bun.serve answering the same bytes with the same status, nothing else. */
async function ceilingFor(t: Target, { base, cookie }: ApiOptions) {
  const res = await fetch(`${base}${t.path}`, {
    method: t.method,
    headers: {
      cookie,
      origin: base,
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
    },
    body: t.body,
    // The bytes as sent, still compressed: the ceiling answers exactly those.
    decompress: false,
  })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const type = res.headers.get('content-type') ?? 'application/json'
  const encoding = res.headers.get('content-encoding') ?? ''
  const status = res.status
  const file = join(root, 'bench/tmp/ceiling-body')
  writeFileSync(file, bytes)
  // Every header the app answered with but those Bun writes itself, so the ceiling's answer is the
  // same on the wire, head and body (security headers, ETag, Vary, Cache-Control, request id).
  const headersFile = join(root, 'bench/tmp/ceiling-headers.json')
  writeFileSync(
    headersFile,
    JSON.stringify(
      Object.fromEntries(
        [...res.headers].filter(([name]) => name !== 'date' && name !== 'content-length'),
      ),
    ),
  )
  const port = freePort()
  const proc = Bun.spawn(
    [
      'bun',
      join(root, 'bench/ceiling.ts'),
      String(port),
      file,
      String(status),
      type,
      encoding,
      headersFile,
    ],
    {
      stdout: 'pipe',
      stderr: 'inherit',
    },
  )
  return { proc, port }
}

/** Measures every target at every connection count; prints a line per row as it goes. */
export async function measureApi(opts: ApiOptions) {
  const { base, cookie, measure } = opts
  const results: ApiResult[] = []
  let peakRss = 0
  for (const t of opts.targets) {
    const probe = await fetch(`${base}${t.path}`, {
      method: t.method,
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: t.body,
    })
    if (probe.status >= 400) {
      console.log(`${t.name}: answered ${probe.status}, skipped`)
      results.push({ name: t.name, skipped: `answered HTTP ${probe.status}` })
      continue
    }
    const ceiling = await ceilingFor(t, opts)
    const reader = ceiling.proc.stdout.getReader()
    await reader.read()
    for (const c of opts.connections) {
      let sampling = true
      let rowRss = 0
      const sampler = (async () => {
        while (sampling) {
          rowRss = Math.max(rowRss, rssMb(opts.pid))
          peakRss = Math.max(peakRss, rowRss)
          await Bun.sleep(100)
        }
      })()
      const run = await measure(`${base}${t.path}`, t, c, opts.seconds)
      sampling = false
      await sampler
      const ceil = await measure(
        `http://127.0.0.1:${ceiling.port}/`,
        { ...t, body: undefined, method: 'GET' },
        c,
        Math.max(1, opts.seconds - 1),
      )
      const ratio = ceil.rps ? run.rps / ceil.rps : 0
      const row: ApiRow = {
        name: t.name,
        connections: c,
        ...run,
        ceilingRps: ceil.rps,
        ceilingP99: ceil.p99,
        ratio,
        target: t.target ?? '',
      }
      results.push(row)
      console.log(
        `${t.name.padEnd(30)} c=${String(c).padStart(2)}  ${run.rps.toFixed(0).padStart(7)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ceiling ${ceil.rps.toFixed(0)} req/s p99 ${ceil.p99} ms  ratio ${(ratio * 100).toFixed(0)}%  rss ${rowRss.toFixed(0)} MB${run.non2xx ? `  non-2xx ${run.non2xx}` : ''}${run.errors ? `  errors ${run.errors}` : ''}`,
      )
    }
    ceiling.proc.kill()
    await ceiling.proc.exited
  }
  return { results, peakRss }
}
