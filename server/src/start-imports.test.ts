import { expect, test } from 'bun:test'
import { join } from 'node:path'

// Server start is mostly module loading, and what is loaded stays in memory (docs/benchmarks.md,
// "Where the server's memory goes"): the vendor SDKs of the sources (jira.js with zod, @linear/sdk,
// Octokit: ~70 MB of RSS), prom-client and the OpenTelemetry SDK (only with METRICS_TOKEN or
// OTEL_EXPORTER_OTLP_ENDPOINT), nodemailer (only with SMTP_URL), openid-client (first OIDC sign-in)
// and pdfkit (on the PDF worker) load on first use, so none is on the start path of src/index.ts.

/** Packages the start path must not load: each is loaded where it is used. */
const LAZY =
  /node_modules\/(jira\.js|zod|@linear\/sdk|@octokit\/[^/]+|@opentelemetry\/[^/]+|prom-client|nodemailer|openid-client|pdfkit|fontkit|@scalar\/[^/]+)\//

/** Runs `script` in a fresh bun (its own module set) and parses the JSON of its last line. */
function run(script: string) {
  const proc = Bun.spawnSync(['bun', '-e', script], {
    cwd: join(import.meta.dir, '..'),
    env: {
      ...process.env,
      LOG_REQUESTS: 'off',
      METRICS_TOKEN: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    },
  })
  if (proc.exitCode !== 0) throw new Error(proc.stderr.toString())
  return JSON.parse(proc.stdout.toString().trim().split('\n').at(-1) ?? '{}')
}

const packagesLoaded = `
  const packages = () => [...new Set(Object.keys(require.cache).map((k) =>
    /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(k)?.[1]).filter(Boolean))]`

test('the started server has loaded none of the heavy packages, until a source syncs', () => {
  // The real start (src/index.ts on a SQLite database, listening) and one answered request; then
  // a sync of each vendor against a stand-in that answers 404 to everything.
  const out = run(`
    ${packagesLoaded}
    const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const port = probe.port
    probe.stop(true)
    Object.assign(process.env, {
      PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: ':memory:',
      PUBLIC_URL: 'http://127.0.0.1:' + port, DEV_LOGIN: 'off',
    })
    await import('./src/index')
    const status = (await fetch('http://127.0.0.1:' + port + '/api/dashboard')).status
    const atStart = packages()
    const vendor = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('{}', { status: 404 }) })
    const { loadConfig } = await import('./src/config')
    const { doneInWeek } = await import('./src/modules/sources/vendors')
    const { VendorError } = await import('./src/modules/sources/outbound')
    const ctx = { config: loadConfig({ DATABASE_PATH: ':memory:', OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' }) }
    const week = { monday: '2026-11-23', sunday: '2026-11-29' }
    const errors = []
    for (const kind of ['github', 'gitlab', 'jira', 'linear']) {
      const c = { id: 1, kind, base_url: 'http://127.0.0.1:' + vendor.port, token: 't', filter: null }
      errors.push(await doneInWeek(ctx, c, week).then(() => 'none', (e) => e instanceof VendorError && e.message))
    }
    console.log(JSON.stringify({ status, atStart, afterSync: packages(), errors }))
    process.exit(0)`)
  expect(out.status).toBe(401)
  expect(out.atStart).toContain('elysia')
  expect(out.atStart.filter((p: string) => LAZY.test(`node_modules/${p}/`))).toEqual([])
  // The sync loaded each vendor's client on its way to the stand-in's 404.
  expect(out.errors).toEqual(Array(4).fill('Nothing at this base URL (404)'))
  expect(out.afterSync).toEqual(
    expect.arrayContaining(['@octokit/rest', 'jira.js', 'zod', '@linear/sdk']),
  )
}, 30_000)

test('the app module, the mail worker and observability without metrics or tracing load none', () => {
  const out = run(`
    ${packagesLoaded}
    const { createApp } = await import('./src/app')
    await import('./src/modules/sending/delivery/mail-worker')
    const { openDatabase } = await import('./src/db')
    const { loadConfig } = await import('./src/config')
    createApp({ db: openDatabase(':memory:'), config: loadConfig({ DATABASE_PATH: ':memory:' }) })
    const off = packages()
    const { createObservability } = await import('./src/observability')
    const config = loadConfig({
      DATABASE_PATH: ':memory:', METRICS_TOKEN: 'm'.repeat(32),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    })
    const obs = createObservability({ db: openDatabase(':memory:'), config })
    const on = packages()
    await obs.close()
    console.log(JSON.stringify({ off, on }))
    process.exit(0)`)
  expect(out.off.length).toBeGreaterThan(5)
  expect(out.off.filter((p: string) => LAZY.test(`node_modules/${p}/`))).toEqual([])
  // Asked for, metrics and tracing load their packages at creation.
  expect(out.on).toEqual(
    expect.arrayContaining(['prom-client', '@opentelemetry/exporter-trace-otlp-http']),
  )
}, 30_000)
