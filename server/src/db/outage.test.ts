// A database that fails answers loudly and the instance recovers alone. Over real HTTP: while the
// database is unavailable every API call answers 503 {error} with Retry-After (never a 500, never
// an empty reply), the liveness probe stays 200 and the readiness probe says 503; once the
// database is back the same instance answers 200 again without a restart. On PostgreSQL (the run
// with TEST_DATABASE_URL) a throwaway cluster of its own is stopped and then frozen (SIGSTOP to
// the postmaster this test started, by its pid, and to its backends); on SQLite another
// connection holds the write lock past the busy timeout (reads go on: WAL).

import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Postgres, startPostgres } from '../../../scripts/postgres'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { testEngine } from '../test/engines'
import { freePort, httpSignIn } from '../test/http'
import { openDatabase } from '.'
import type { Engine } from './engine'
import { openPostgres } from './pg'

const servers: Array<{ stop: (force: boolean) => unknown }> = []
let cluster: Postgres | null = null
afterAll(async () => {
  for (const server of servers) server.stop(true)
  await cluster?.stop()
}, 20_000)

async function serve(db: Engine) {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const config = loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: base })
  const app = createApp({ db, config, signInLimit: 1000 }).listen({ port, hostname: '127.0.0.1' })
  servers.push(app.server as NonNullable<typeof app.server>)
  const cookie = await httpSignIn(base, 'ada@example.com')
  const get = (path: string) => fetch(`${base}${path}`, { headers: { cookie } })
  return { base, get, cookie }
}

type Get = (path: string) => Promise<Response>

/** What every kind of call answers while the database is unavailable (asked all at once). */
async function expectUnavailable(get: Get) {
  const paths = ['/api/projects', '/api/dashboard', '/api/users/me', '/api/search?query=abc']
  const [live, ready, health, ...answers] = await Promise.all(
    ['/api/health/live', '/api/health/ready', '/api/health', ...paths].map(get),
  )
  for (const [i, res] of answers.entries()) {
    expect({ path: paths[i], status: res.status }).toEqual({ path: paths[i], status: 503 })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await res.json()).error).toBeString()
  }
  expect(live.status).toBe(200)
  expect(ready.status).toBe(503)
  expect(health.status).toBe(503)
}

async function expectServing(get: Get) {
  for (const path of ['/api/projects', '/api/dashboard', '/api/users/me', '/api/health/ready'])
    expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 })
}

describe('a database that fails', () => {
  if (testEngine() === 'pg') {
    test('PostgreSQL stopped, then frozen: 503 with Retry-After in seconds, and the instance recovers alone', async () => {
      cluster = await startPostgres()
      // Short timeouts keep the test quick; the defaults are a few seconds (docs/configuration.md).
      const db = await openPostgres(cluster.url, {
        max: 4,
        connectTimeout: 1,
        statementTimeout: 1,
        pingTimeout: 1,
      })
      const { get } = await serve(db as unknown as Engine)
      await expectServing(get)

      await cluster.halt()
      await expectUnavailable(get)
      await cluster.start()
      await expectServing(get)

      // Frozen: connections stay open and nothing answers, as on a hung machine.
      cluster.freeze()
      try {
        await expectUnavailable(get)
      } finally {
        cluster.thaw()
      }
      await expectServing(get)
      await db.close()
    }, 60_000)
  } else {
    test('SQLite locked by another process beyond its busy timeout: a write answers 503 with Retry-After, then succeeds once the lock is gone', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cadence-outage-'))
      try {
        const path = join(dir, 'weekly.db')
        const db = openDatabase(path)
        const { base, get, cookie } = await serve(db)
        await expectServing(get)
        // The sign-in limiter writes its counts within a second (lib/rate-limit.ts): let it.
        await Bun.sleep(1500)
        const create = () =>
          fetch(`${base}/api/projects`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Apollo' }),
          })
        // Another process holds the write lock (here a second connection, as another process's).
        const other = new Database(path)
        other.exec('BEGIN IMMEDIATE')
        const refused = await create()
        expect(refused.status).toBe(503)
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
        expect((await refused.json()).error).toBeString()
        expect((await get('/api/health/live')).status).toBe(200)
        other.exec('ROLLBACK')
        other.close()
        expect((await create()).status).toBe(200)
        await db.close()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }, 30_000)
  }
})
