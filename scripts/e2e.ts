// Browser end-to-end: `bun run serve` semantics on a fresh database and a free port, the
// built app, then every app/e2e/*.pw.ts under bun test (or only the files whose path contains
// one of the arguments: `bun scripts/e2e.ts offline`). Screenshots land in artifacts/e2e/:
// a failed journey's always, every step's final screen with E2E_SHOTS=1 (helpers.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const args = process.argv.slice(2)
const filters = args.filter((a) => !a.startsWith('--'))
// `--shard=i/n`: the i-th of n parts, or several (`--shard=1,2/3`); `bun run test` runs two side
// by side, each with its own server. Files are dealt largest first to the lightest part, by size
// as a stand-in for time.
const shardArg = args.find((a) => a.startsWith('--shard='))?.slice('--shard='.length) ?? '1/1'
const [wanted, of] = shardArg.split('/')
const shardCount = Number(of)
const shardIndexes = wanted.split(',').map(Number)
if (
  !(Number.isInteger(shardCount) && shardCount >= 1) ||
  !shardIndexes.every((i) => Number.isInteger(i) && i >= 1 && i <= shardCount)
) {
  console.error(`--shard must be i/n or i,j/n with 1 <= i <= n, not ${shardArg}`)
  process.exit(2)
}
const matching = [...new Bun.Glob('app/e2e/**/*.pw.ts').scanSync({ cwd: root })]
  .filter((f) => !filters.length || filters.some((part) => f.includes(part)))
  .sort()
if (!matching.length) {
  console.error('no end-to-end files found under app/e2e')
  process.exit(1)
}
const parts = Array.from({ length: shardCount }, () => ({ bytes: 0, files: [] as string[] }))
for (const f of [...matching].sort(
  (a, b) => Bun.file(join(root, b)).size - Bun.file(join(root, a)).size,
)) {
  const lightest = parts.reduce((min, p) => (p.bytes < min.bytes ? p : min))
  lightest.bytes += Bun.file(join(root, f)).size
  lightest.files.push(f)
}
const files = shardIndexes.flatMap((i) => parts[i - 1].files).sort()
if (!files.length) {
  console.log(`shard ${shardArg}: no file of the ${matching.length} falls to it`)
  process.exit(0)
}
console.log(`shard ${shardArg}: ${files.length} of ${matching.length} files`)

const dir = mkdtempSync(join(tmpdir(), 'cadence-e2e-'))
const port = (() => {
  // A port free now, chosen by the OS (a random pick can collide: EADDRINUSE).
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const free = probe.port as number
  probe.stop(true)
  return free
})()
const baseUrl = `http://localhost:${port}`
// A stand-in for the third-party help widget on its own origin (HELP_WIDGET_URL): the script
// records the site key and user id the app hands it, and the page it was loaded on, so a
// journey can check them.
const widgetServer = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: () =>
    new Response(
      `(() => {
  const script = document.currentScript
  const widget = { siteKey: script.dataset.siteKey, userId: script.dataset.userId, loads: 1, path: location.pathname }
  window.__helpWidget = widget
  window.addEventListener('cadence:help-widget-user', (e) => { widget.userId = e.detail.userId })
})()`,
      { headers: { 'content-type': 'text/javascript' } },
    ),
})
// Stand-ins for the sources' vendors and the model endpoint (app/e2e/sources.pw.ts).
const { startVendorStandIn } = await import('../server/testing/vendor-stand-in')
const vendors = await startVendorStandIn({ monday: '2026-11-23', sunday: '2026-11-29' })
const env = {
  ...process.env,
  OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  AI_BASE_URL: `${vendors.url}/ai/v1`,
  AI_MODEL: 'grounded',
  HELP_WIDGET_URL: `http://127.0.0.1:${widgetServer.port}/widget.js`,
  HELP_WIDGET_SITE_KEY: 'e2e-site-key',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_PATH: join(dir, 'e2e.db'),
  PUBLIC_URL: baseUrl,
  ADMIN_EMAILS: 'admin@example.com',
  // Every journey signs in from 127.0.0.1 (three limited calls per sign-in): the default 30 a
  // minute would refuse sign-ins of journeys that happen to run close together.
  SIGN_IN_RATE_LIMIT: '1000',
}
const server = Bun.spawn(['bun', 'server/src/index.ts'], {
  cwd: root,
  env,
  stdout: 'pipe',
  stderr: 'inherit',
})

/** Polls until the server answers; the deadline only bounds a failure (a busy machine is slow). */
async function waitForServer() {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/users/me`)
      if (res.status === 401 || res.ok) return
    } catch {}
    if (server.exitCode !== null) break
    await Bun.sleep(100)
  }
  throw new Error(`server did not start on ${baseUrl}`)
}

let code = 1
try {
  await waitForServer()
  // A journey waits on conditions, never on time; its timeout only bounds a failure, sized for a
  // busy 2-core machine (the longest journeys take about 30 s on a quiet one).
  const tests = Bun.spawn(['bun', 'test', '--timeout', '240000', ...files.map((f) => `./${f}`)], {
    cwd: root,
    env: {
      ...env,
      E2E_BASE_URL: baseUrl,
      E2E_DB_PATH: env.DATABASE_PATH,
      E2E_VENDOR_URL: vendors.url,
    },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  code = await tests.exited
} finally {
  server.kill()
  await server.exited
  widgetServer.stop(true)
  await vendors.close()
  rmSync(dir, { recursive: true, force: true })
}
process.exit(code)
