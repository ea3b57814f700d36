// Starting while the database is away: a server process (LOG_FORMAT=json) started before its
// PostgreSQL cluster does not exit. It answers liveness 200 and readiness 503, retries with
// backoff (one JSON line per attempt, with the cause), migrates once the cluster is up and
// serves. MIGRATE=off waiting on a database that is down says so, not "schema is not current".
// A start that cannot go on (MIGRATE=only on a database that is away) is one JSON line, exit 1.
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { SQL } from 'bun'
import { type Postgres, startPostgres } from '../../../scripts/postgres'
import { testEngine } from '../test/engines'
import { freePort, httpSignIn } from '../test/http'

const serverEntry = join(import.meta.dir, '..', 'index.ts')
const children: Array<ReturnType<typeof Bun.spawn>> = []
let cluster: Postgres | null = null
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await cluster?.stop()
}, 20_000)

type Line = Record<string, unknown>

/** A server process; every line it writes (stdout and stderr) parsed as JSON. */
function start(env: Record<string, string>) {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const child = Bun.spawn(['bun', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_FORMAT: 'json',
      LOG_REQUESTS: 'off',
      DATABASE_CONNECT_TIMEOUT: '1',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  children.push(child)
  const lines: Line[] = []
  const raw: string[] = []
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    let rest = ''
    for await (const chunk of stream) {
      rest += decoder.decode(chunk, { stream: true })
      const parts = rest.split('\n')
      rest = parts.pop() ?? ''
      for (const line of parts.filter(Boolean)) {
        raw.push(line)
        lines.push(JSON.parse(line))
      }
    }
  }
  const reading = Promise.all([read(child.stdout), read(child.stderr)])
  return { child, base, lines, raw, reading }
}

const status = async (url: string) => {
  try {
    return (await fetch(url)).status
  } catch {
    return 0
  }
}

async function until(what: () => Promise<boolean> | boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await what()) return
    await Bun.sleep(100)
  }
  throw new Error('timed out')
}

describe('starting while PostgreSQL is away', () => {
  if (testEngine() !== 'pg') return

  test('MIGRATE=auto: waits (live 200, ready 503), retries with a JSON line each, then migrates and serves', async () => {
    cluster = await startPostgres()
    await cluster.halt()
    const server = start({ DATABASE_URL: cluster.url, MIGRATE: 'auto' })
    await until(async () => (await status(`${server.base}/api/health/live`)) === 200, 20_000)
    const retries = () =>
      server.lines.filter((l) =>
        String(l.msg).startsWith('Database unavailable: could not migrate'),
      )
    await until(() => retries().length >= 2, 15_000)
    expect(server.child.exitCode).toBeNull()
    expect(await status(`${server.base}/api/health/live`)).toBe(200)
    expect(await status(`${server.base}/api/health/ready`)).toBe(503)
    expect(await status(`${server.base}/api/health`)).toBe(503)
    expect(await status(`${server.base}/api/users/me`)).toBe(503)
    const [first, second] = retries()
    expect(first).toMatchObject({ level: 'warn', attempt: 1 })
    expect(second).toMatchObject({ level: 'warn', attempt: 2 })
    expect(String(first.cause).length).toBeGreaterThan(0)
    expect(Number(second.retry_in_ms)).toBeGreaterThan(Number(first.retry_in_ms))

    await cluster.start()
    await until(async () => (await status(`${server.base}/api/health/ready`)) === 200, 30_000)
    const cookie = await httpSignIn(server.base, 'ada@example.com')
    const projects = await fetch(`${server.base}/api/projects`, { headers: { cookie } })
    expect(projects.status).toBe(200)
    expect(server.child.exitCode).toBeNull()
    // Every line the process wrote was one JSON object (parsed above), none a bare stack.
    expect(server.raw.every((line) => line.startsWith('{'))).toBe(true)
    server.child.kill('SIGTERM')
    await server.child.exited
  }, 90_000)

  test('MIGRATE=off on a database that is down: "database unavailable", never "schema is not current"', async () => {
    cluster ??= await startPostgres()
    await cluster.halt()
    const server = start({ DATABASE_URL: cluster.url, MIGRATE: 'off' })
    await until(async () => (await status(`${server.base}/api/health/live`)) === 200, 20_000)
    await until(
      () =>
        server.lines.filter((l) => String(l.msg).startsWith('Database unavailable')).length >= 2,
      15_000,
    )
    expect(server.lines.some((l) => /not current/.test(String(l.msg)))).toBe(false)
    expect(await status(`${server.base}/api/health/ready`)).toBe(503)
    server.child.kill('SIGTERM')
    await server.child.exited
    await cluster.start()
  }, 60_000)

  test('MIGRATE=off started before the first migration: serves and has the admin settings once migrated', async () => {
    cluster ??= await startPostgres()
    const admin = new SQL({ url: cluster.url, max: 1 })
    await admin.unsafe('CREATE DATABASE cadence_late')
    await admin.close()
    const url = cluster.url.replace(/\/[^/]*$/, '/cadence_late')
    const server = start({ DATABASE_URL: url, MIGRATE: 'off' })
    await until(() => server.lines.some((l) => /not current/.test(String(l.msg))), 20_000)
    expect(await status(`${server.base}/api/health`)).toBe(503)
    const migrator = start({ DATABASE_URL: url, MIGRATE: 'only' })
    expect(await migrator.child.exited).toBe(0)
    await until(async () => (await status(`${server.base}/api/health/ready`)) === 200, 20_000)
    const db = new SQL({ url, max: 1 })
    const settings = async () =>
      (await db`SELECT key FROM system_settings`).map((r: { key: string }) => r.key)
    await until(async () => (await settings()).includes('max_reports_per_user'), 10_000)
    expect(await settings()).toEqual(expect.arrayContaining(['allow_new_signups', 'support_email']))
    await db.close()
    server.child.kill('SIGTERM')
    await server.child.exited
  }, 60_000)

  test('a configuration it cannot use is one JSON line and exit 1', async () => {
    const server = start({ DATABASE_URL: 'postgres://127.0.0.1:1/x', MIGRATE: 'sometimes' })
    expect(await server.child.exited).toBe(1)
    await server.reading
    expect(server.raw).toHaveLength(1)
    expect(server.lines[0]).toMatchObject({ level: 'error' })
    expect(String(server.lines[0].msg)).toContain('MIGRATE')
  }, 30_000)

  test('a start that cannot go on (MIGRATE=only, the database away) is one JSON line and exit 1', async () => {
    cluster ??= await startPostgres()
    await cluster.halt()
    const server = start({ DATABASE_URL: cluster.url, MIGRATE: 'only' })
    expect(await server.child.exited).toBe(1)
    await server.reading
    const errors = server.lines.filter((l) => l.level === 'error')
    expect(errors).toHaveLength(1)
    expect(String(errors[0].msg)).toStartWith('Not starting')
    expect(server.raw.every((line) => line.startsWith('{'))).toBe(true)
    await cluster.start()
  }, 60_000)
})
