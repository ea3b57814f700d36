// A version never half-works: today's app on a database its migrations have not all reached
// (MIGRATE=off, as an instance deployed before the migration step) answers every API call 503
// with Retry-After — reads, writes, item creates, /api/health — and serves once they have run.
import { afterAll, describe, expect, test } from 'bun:test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/bun-sql'
import { migrate as migratePg } from 'drizzle-orm/bun-sql/migrator'
import { drizzle as drizzleSqlite } from 'drizzle-orm/bun-sqlite'
import { migrate as migrateSqlite } from 'drizzle-orm/bun-sqlite/migrator'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { ORIGIN, publicResolveHost } from '../test/helpers'
import { type Db, openDatabase } from '.'
import { openPostgres } from './pg'
import { SCHEMA_NOT_CURRENT, schemaGate } from './schema-gate'

const engine = process.env.TEST_DATABASE_URL ? 'pg' : 'sqlite'
const server = join(import.meta.dir, '..', '..')
const folder = join(server, engine === 'pg' ? 'drizzle-pg' : 'drizzle')
const work = mkdtempSync(join(tmpdir(), 'cadence-schema-gate-'))
const closers: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const close of closers) await close()
  rmSync(work, { recursive: true, force: true })
})

type Journal = { entries: { tag: string; when: number }[] }
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal

/** A copy of the migrations folder that knows only the journal's first `k` migrations. */
function firstMigrations(k: number) {
  const dir = join(work, `first-${k}`)
  cpSync(folder, dir, { recursive: true })
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, k) }),
  )
  return dir
}

let databases = 0
/** A database migrated with `migrationsFolder` only; then today's engine on it with MIGRATE=off. */
async function databaseAt(migrationsFolder: string) {
  if (engine === 'sqlite') {
    const path = join(work, `db-${++databases}.db`)
    const { Database } = await import('bun:sqlite')
    const raw = new Database(path, { create: true })
    migrateSqlite(drizzleSqlite(raw), { migrationsFolder })
    raw.close()
    const db = openDatabase(path, { migrate: false })
    closers.push(() => db.close())
    return {
      db,
      migrateAll: async () => {
        const again = new Database(path)
        migrateSqlite(drizzleSqlite(again), { migrationsFolder: folder })
        again.close()
      },
    }
  }
  const admin = new SQL({ url: process.env.TEST_DATABASE_URL as string, max: 1 })
  const name = `cadence_gate_${process.pid}_${++databases}`
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  const run = async (dir: string) => {
    const client = new SQL({ url: url.toString(), max: 1 })
    await migratePg(drizzlePg({ client }), { migrationsFolder: dir, migrationsSchema: 'drizzle' })
    await client.close()
  }
  await run(migrationsFolder)
  const db = await openPostgres(url.toString(), { max: 2, migrate: false })
  closers.push(() => db.close())
  return { db, migrateAll: () => run(folder) }
}

function appOn(db: Db, recheckMs: number) {
  const config = {
    ...loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: ORIGIN }),
    resolveHost: publicResolveHost,
  }
  const gate = schemaGate(db.schemaCurrent?.bind(db), { recheckMs })
  return { app: createApp({ db, config, signInLimit: 10_000, gate }), gate }
}

const call = (app: ReturnType<typeof appOn>['app'], method: string, path: string, body?: unknown) =>
  app.handle(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: 'cadence_session=not-a-session',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )

// Reads, writes (a project, a report, a Send, item creates) and the probes, signed in or not.
const REQUESTS: Array<[string, string, unknown?]> = [
  ['GET', '/api/health'],
  ['GET', '/api/health/ready'],
  ['GET', '/api/reports'],
  ['GET', '/api/projects'],
  ['GET', '/api/me'],
  ['POST', '/api/projects', { name: 'Apollo' }],
  ['POST', '/api/reports', { week_start_date: '2026-11-23' }],
  ['PUT', '/api/reports/00000000-0000-4000-8000-000000000000', { is_submitted: true }],
  ['POST', '/api/section-items', { report_section_id: 1, content: 'x' }],
  ['GET', '/api/oauth/google/redirect_url'],
]

describe(`today's code on an older ${engine === 'pg' ? 'PostgreSQL' : 'SQLite'} schema (MIGRATE=off)`, () => {
  // Each earlier schema of the repository: after its 1st, 2nd, … and last-but-one migration.
  const total = journal.entries.length
  for (let k = 1; k < total; k++) {
    test(`after migration ${k} of ${total}: every API call 503 with Retry-After; migrated: served`, async () => {
      const { db, migrateAll } = await databaseAt(firstMigrations(k))
      const { app, gate } = appOn(db as unknown as Db, 50)
      for (const [method, path, body] of REQUESTS) {
        const res = await call(app, method, path, body)
        expect({ path, status: res.status }).toEqual({ path, status: 503 })
        expect(res.headers.get('retry-after')).toBe('5')
        expect(await res.json()).toEqual({ error: SCHEMA_NOT_CURRENT })
      }
      // Liveness never touches the database.
      expect((await call(app, 'GET', '/api/health/live')).status).toBe(200)
      expect(gate.current).toBe(false)

      await migrateAll()
      await Bun.sleep(60)
      expect((await call(app, 'GET', '/api/health')).status).toBe(200)
      expect((await call(app, 'GET', '/api/health/ready')).status).toBe(200)
      expect(gate.current).toBe(true)
      // Past the gate: the routes answer as usual (no session: 401).
      expect((await call(app, 'GET', '/api/reports')).status).toBe(401)
    }, 60_000)
  }

  test('a newer schema serves; once current, never checked again', async () => {
    const { db } = await databaseAt(folder)
    // A newer version migrated it further (a rolling upgrade: this is the older instance).
    const table = engine === 'pg' ? 'drizzle.__drizzle_migrations' : '__drizzle_migrations'
    const later = (journal.entries.at(-1)?.when ?? 0) + 60_000
    await (db as unknown as Db).exec(
      sql.raw(`INSERT INTO ${table} (hash, created_at) VALUES ('a-later-version', ${later})`),
    )
    let checks = 0
    const gate = schemaGate(
      async () => {
        checks++
        return (await db.schemaCurrent?.()) ?? true
      },
      { recheckMs: 0 },
    )
    const config = { ...loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: ORIGIN }) }
    const app = createApp({ db: db as unknown as Db, config, gate })
    for (let i = 0; i < 5; i++) expect((await call(app, 'GET', '/api/health')).status).toBe(200)
    expect(checks).toBe(1)
  })

  test('while the schema is behind, the check runs at most once per interval', async () => {
    let checks = 0
    const gate = schemaGate(
      async () => {
        checks++
        return false
      },
      { recheckMs: 10_000 },
    )
    const request = new Request(`${ORIGIN}/api/reports`)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => gate.answer(request, () => new Response('served'))),
    )
    expect(answers.every((r) => r.status === 503)).toBe(true)
    expect(checks).toBe(1)
  })

  test('just after a start (a migration running) it looks again soon, not only every few seconds', async () => {
    const migratedAt = performance.now() + 150
    const gate = schemaGate(async () => performance.now() >= migratedAt)
    const request = new Request(`${ORIGIN}/api/reports`)
    const serve = () => new Response('served')
    expect((await gate.answer(request, serve)).status).toBe(503)
    let served = 0
    const end = performance.now() + 1_000
    while (!served && performance.now() < end) {
      if ((await gate.answer(request, serve)).status === 200) served = performance.now()
      await Bun.sleep(10)
    }
    expect(served).toBeGreaterThan(0)
    expect(served - migratedAt).toBeLessThan(500)
  })

  test('a database that does not answer is said so, not an old schema', async () => {
    const gate = schemaGate(async () => {
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' })
    })
    const res = await gate.answer(new Request(`${ORIGIN}/api/health`), () => new Response('x'))
    expect(res.status).toBe(503)
    expect((await res.json()).error).toContain('Database unavailable')
  })
})
