// `bun run compile` writes one executable, dist/cadence, that serves the same app and API from any
// directory with only environment variables: built, copied alone into an empty folder, started
// there (on the engine under test: a new PostgreSQL database in the PostgreSQL run, else a SQLite
// file relative to that folder), it answers the built app's page at /, the probes, the API
// reference's script, and creates and migrates its database.
import { afterAll, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshTestDatabaseUrl, testEngine } from './test/engines'
import { freePort, httpSignIn } from './test/http'

const root = join(import.meta.dir, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'cadence-compiled-'))
let child: ReturnType<typeof Bun.spawn> | null = null
afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

test('bun run compile: one file that serves the app and the API from an empty folder', async () => {
  const build = Bun.spawnSync(['bun', 'run', 'compile'], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  if (build.exitCode !== 0) console.error(build.stdout.toString(), build.stderr.toString())
  expect(build.exitCode).toBe(0)
  const binary = join(dir, 'cadence')
  copyFileSync(join(root, 'dist', 'cadence'), binary)
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const database =
    testEngine() === 'pg'
      ? { DATABASE_URL: await freshTestDatabaseUrl() }
      : ({} as Record<string, string>)
  // Only the environment: no repository, no node_modules, another working directory.
  child = Bun.spawn([binary], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      // Closed by default: the development sign-in only when asked for (the test below).
      DEV_LOGIN: 'on',
      ...database,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const until = Date.now() + 20_000
  let live: Response | null = null
  while (!live && Date.now() < until) {
    live = await fetch(`${base}/api/health/live`).catch(() => null)
    if (!live) await Bun.sleep(50)
  }
  expect(live?.status).toBe(200)
  expect(await live?.json()).toEqual({ status: 'ok' })

  const page = await fetch(`${base}/`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toBe(readFileSync(join(root, 'app', 'dist', 'index.html'), 'utf8'))
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string
  expect((await fetch(`${base}${script}`)).status).toBe(200)
  // The Latin font is preloaded by the page (app/vite.config.ts, preloadFont) and served.
  const font =
    /<link rel="preload" as="font"[^>]* href="(\/assets\/inter-latin-wght-normal-[^"]+\.woff2)"/.exec(
      html,
    )?.[1]
  expect(font).toBeString()
  const fontFile = await fetch(`${base}${font}`)
  expect(fontFile.status).toBe(200)
  expect(fontFile.headers.get('content-type')).toContain('font/woff2')
  expect((await fetch(`${base}/dashboard`)).status).toBe(200)
  expect((await fetch(`${base}/api/docs/scalar.js`)).status).toBe(200)
  expect((await fetch(`${base}/api/health/ready`)).status).toBe(200)
  // The API works against the database it created and migrated.
  const cookie = await httpSignIn(base, 'ada@example.com')
  expect((await fetch(`${base}/api/projects`, { headers: { cookie } })).status).toBe(200)
  if (testEngine() === 'sqlite') expect(existsSync(join(dir, 'data', 'weekly.db'))).toBe(true)
  // The memo's PDF: pdfkit and the embedded fonts are inside the one file (pdfkit loads lazily).
  const created = await fetch(`${base}/api/reports`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ week_start_date: '2026-11-23' }),
  })
  expect(created.status).toBe(200)
  const { uuid } = (await created.json()) as { uuid: string }
  const pdf = await fetch(`${base}/api/reports/${uuid}/pdf`, { headers: { cookie } })
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

  child.kill('SIGTERM')
  expect(await child.exited).toBe(0)
}, 90_000)

test('dist/cadence does not start with the development sign-in unless DEV_LOGIN=on', async () => {
  const binary = join(dir, 'cadence')
  if (!existsSync(binary)) copyFileSync(join(root, 'dist', 'cadence'), binary)
  // The review's start: only PORT and ADMIN_EMAILS. Before, it served 0.0.0.0 with anyone admin.
  const started = Bun.spawn([binary], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(freePort()),
      ADMIN_EMAILS: 'boss@example.com',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const code = await Promise.race([started.exited, Bun.sleep(20_000).then(() => 'running')])
  if (code === 'running') started.kill('SIGKILL')
  expect(code).toBe(1)
  const said = await new Response(started.stderr as ReadableStream).text()
  expect(said).toContain('does not start with the development sign-in')
  expect(said).toContain('DEV_LOGIN=on')
}, 30_000)
