// Running Cadence as a service, with real server processes: MIGRATE=only migrates and exits 0,
// MIGRATE=off runs no DDL (and a PostgreSQL role granted only reading and writing data serves
// with it), a second process on a port in use refuses to start instead of sharing it, and every
// instance makes the same ETag for the same data (a 304 from any of them).
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { createApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db'
import { openPostgres } from './db/pg'
import { freshTestDatabaseUrl, testEngine } from './test/engines'
import { ORIGIN, signIn } from './test/helpers'
import { freePort, httpSignIn } from './test/http'

const dir = mkdtempSync(join(tmpdir(), 'cadence-operations-'))
const serverEntry = join(import.meta.dir, 'index.ts')
const children: Array<ReturnType<typeof Bun.spawn>> = []
const cleanups: Array<() => Promise<unknown> | unknown> = []
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  for (const cleanup of cleanups) await cleanup()
  rmSync(dir, { recursive: true, force: true })
})

/** A fresh, empty database of the engine under test (a new SQLite file, or a new PostgreSQL database). */
async function emptyDatabase(): Promise<Record<string, string>> {
  if (testEngine() === 'sqlite')
    return { DATABASE_PATH: join(dir, `${Math.random().toString(36).slice(2)}.db`) }
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  const name = `cadence_ops_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new SQL({ url: url.toString(), max: 1 })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  url.pathname = `/${name}`
  return { DATABASE_URL: url.toString() }
}

function start(env: Record<string, string>) {
  const child = Bun.spawn(['bun', serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  children.push(child)
  return child
}

async function waitFor(base: string, path = '/api/health/live', child?: ReturnType<typeof start>) {
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}${path}`)).status === 200) return
    } catch {}
    if (child?.exitCode != null)
      throw new Error(
        `the server exited (${child.exitCode}): ${await new Response(child.stderr as ReadableStream).text()}`,
      )
    await Bun.sleep(50)
  }
  throw new Error(`no answer from ${base}${path}`)
}

/** How many tables the database has (none: no DDL ran). */
async function tableCount(db: Record<string, string>) {
  if (db.DATABASE_URL) {
    const sql = new SQL({ url: db.DATABASE_URL, max: 1 })
    const [row] =
      await sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`
    await sql.close()
    return row.n as number
  }
  const { Database } = await import('bun:sqlite')
  const sqlite = new Database(db.DATABASE_PATH)
  const row = sqlite
    .query("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'")
    .get() as {
    n: number
  }
  sqlite.close()
  return row.n
}

describe('MIGRATE', () => {
  test('only: migrates an empty database, exits 0 and serves nothing; off: no DDL, and not ready until migrated', async () => {
    const db = await emptyDatabase()
    const port = freePort()
    const migrateOnly = start({ ...db, MIGRATE: 'only', PORT: String(port) })
    expect(await migrateOnly.exited).toBe(0)
    expect(await tableCount(db)).toBeGreaterThan(10)
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow()

    const empty = await emptyDatabase()
    const offPort = freePort()
    const off = start({ ...empty, MIGRATE: 'off', PORT: String(offPort) })
    const base = `http://127.0.0.1:${offPort}`
    await waitFor(base, '/api/health/live', off)
    const ready = await fetch(`${base}/api/health/ready`)
    expect(ready.status).toBe(503)
    expect((await ready.json()).error).toContain('not current')
    // The API meanwhile: 503 with Retry-After (the sign-in needs the database's key), never a 500.
    const api = await fetch(`${base}/api/oauth/google/redirect_url`)
    expect(api.status).toBe(503)
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await tableCount(empty)).toBe(0)
    off.kill('SIGTERM')
    await off.exited
  }, 60_000)

  if (testEngine() === 'pg')
    test('off: serves with a role that may only read and write data (no CREATE anywhere)', async () => {
      const url = await freshTestDatabaseUrl()
      const database = new URL(url).pathname.slice(1)
      const role = `cadence_data_${process.pid}`
      const owner = new SQL({ url, max: 1 })
      await owner.unsafe(`DROP ROLE IF EXISTS ${role}`).catch(() => {})
      await owner.unsafe(`CREATE ROLE ${role} LOGIN`)
      for (const grant of [
        `GRANT CONNECT ON DATABASE ${database} TO ${role}`,
        `GRANT USAGE ON SCHEMA public, drizzle TO ${role}`,
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
        `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
        `GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${role}`,
      ])
        await owner.unsafe(grant)
      await owner.close()
      const asRole = new URL(url)
      asRole.username = role
      cleanups.push(async () => {
        const admin = new SQL({ url: process.env.TEST_DATABASE_URL as string, max: 1 })
        await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
        await admin.unsafe(`DROP ROLE IF EXISTS ${role}`)
        await admin.close()
      })
      // The role really may not change the schema.
      const probe = new SQL({ url: asRole.toString(), max: 1 })
      await expect(probe.unsafe('CREATE TABLE not_allowed (id integer)')).rejects.toThrow()
      await expect(probe.unsafe('CREATE SCHEMA not_allowed')).rejects.toThrow()
      await probe.close()

      const port = freePort()
      const base = `http://127.0.0.1:${port}`
      const child = start({
        DATABASE_URL: asRole.toString(),
        MIGRATE: 'off',
        PORT: String(port),
        PUBLIC_URL: base,
      })
      await waitFor(base, '/api/health/ready', child)
      const cookie = await httpSignIn(base, 'ada@example.com')
      const made = await fetch(`${base}/api/projects`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Apollo' }),
      })
      expect(made.status).toBe(200)
      const list = await fetch(`${base}/api/projects`, { headers: { cookie } })
      expect((await list.json()).map((p: { name: string }) => p.name)).toContain('Apollo')
      // Report items go through the group commit and its functions (one INSERT for a batch's
      // new items, drawing ids from the sequence; one version bump): the role runs them too.
      const send = (method: string, path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method,
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      expect(
        (await send('POST', '/api/section-templates', { name: 'Wins', type: 'standard' })).status,
      ).toBe(200)
      const report = await (
        await send('POST', '/api/reports', { week_start_date: '2026-11-23' })
      ).json()
      const items = await Promise.all(
        ['One', 'Two', 'Three'].map(async (content) => {
          const res = await send('POST', '/api/section-items', {
            section_id: report.sections[0].id,
            content,
          })
          expect(res.status).toBe(200)
          return res.json()
        }),
      )
      expect(items.map((i) => i.sort_order).sort()).toEqual([0, 1, 2])
      expect(
        (await send('PUT', `/api/section-items/${items[0].id}`, { content: 'One, edited' })).status,
      ).toBe(200)
      child.kill('SIGTERM')
      expect(await child.exited).toBe(0)
    }, 60_000)
})

test('a second server on a port in use refuses to start (exit 1) and the first keeps serving', async () => {
  const db = await emptyDatabase()
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const first = start({ ...db, PORT: String(port) })
  await waitFor(base, '/api/health/live', first)
  const second = start({ ...db, PORT: String(port) })
  expect(await second.exited).toBe(1)
  expect(await new Response(second.stderr).text()).toContain(`Port ${port}`)
  expect((await fetch(`${base}/api/health/live`)).status).toBe(200)
  first.kill('SIGTERM')
  await first.exited
}, 60_000)

test('two instances on one database make the same ETag for the same data: a 304 from either', async () => {
  const db =
    testEngine() === 'pg'
      ? await openPostgres(await freshTestDatabaseUrl(), { max: 4 })
      : openDatabase(join(dir, 'shared.db'))
  const config = loadConfig({ PUBLIC_URL: ORIGIN })
  const one = createApp({ db: db as never, config, signInLimit: 1000 })
  const two = createApp({ db: db as never, config, signInLimit: 1000 })
  const ada = await signIn(one, 'ada@example.com', 'Ada')
  await ada.api.projects.post({ name: 'Apollo' })
  const cookie = [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const get = (app: typeof one, headers: Record<string, string> = {}) =>
    app.handle(new Request(`${ORIGIN}/api/projects`, { headers: { cookie, ...headers } }))
  const fromOne = await get(one)
  const etag = fromOne.headers.get('etag') as string
  expect(etag).toBeTruthy()
  expect((await get(two)).headers.get('etag')).toBe(etag)
  expect((await get(two, { 'if-none-match': etag })).status).toBe(304)
  // A write through one: both answer the new data, never the old 304.
  await ada.api.projects.post({ name: 'Zephyr' })
  const after = await get(two, { 'if-none-match': etag })
  expect(after.status).toBe(200)
  expect(after.headers.get('etag')).not.toBe(etag)
  await db.close()
}, 30_000)
