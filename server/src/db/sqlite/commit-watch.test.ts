// The commit watch (commit-watch.ts) and the session peek it lets SQLite remember
// (statements/auth.ts): a commit by this connection or by another process is seen at once, a
// checkpoint or a WAL restart in between changes nothing of that, a remembered row is only ever
// its own session's, and without a watch (in memory, rollback journal, closed) every peek reads.

import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, setSystemTime, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../config'
import type { AppContext } from '../../context'
import { peekSession } from '../../modules/auth/service'
import { openSqlite } from '.'
import { watchCommits } from './commit-watch'

const dir = mkdtempSync(join(tmpdir(), 'commit-watch-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const freshPath = () => join(dir, `db-${++files}.sqlite`)

/** Runs SQL in another process on the database file (its own connection, then closed). */
function elsewhere(path: string, sql: string) {
  const code = `const { Database } = require('bun:sqlite')
const db = new Database(${JSON.stringify(path)})
db.exec('PRAGMA busy_timeout = 5000')
db.exec(${JSON.stringify(sql)})
db.close()`
  const run = Bun.spawnSync([process.execPath, '-e', code], { stderr: 'pipe' })
  if (run.exitCode !== 0) throw new Error(run.stderr.toString())
}

// Far from renewal (sessions are renewed in their last 15 days).
const later = () => new Date(Date.now() + 20 * 86_400_000).toISOString()

/** A database with two users, each with a session (`s1`, `s2`) and a data version. */
function twoUsers() {
  const path = freshPath()
  const db = openSqlite(path)
  const now = new Date().toISOString()
  for (const n of [1, 2]) {
    db.sqlite
      .query(
        `INSERT INTO users (id, provider, provider_user_id, email, last_seen_at) VALUES (?, 'google', ?, ?, ?)`,
      )
      .run(n, `uid${n}`, `user${n}@example.com`, now)
    db.sqlite
      .query('INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)')
      .run(`s${n}`, n, later())
  }
  return { path, db }
}

const peek = (db: ReturnType<typeof openSqlite>, id: string) => {
  const row = db.q.auth.peek(id)
  if (row instanceof Promise) throw new Error('expected a synchronous peek')
  return row
}

describe('commit watch', () => {
  test('sees commits of this connection and of another process; not reads or a checkpoint', () => {
    const path = freshPath()
    const db = new Database(path, { create: true })
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA wal_autocheckpoint = 0')
    db.exec('CREATE TABLE t (x)')
    const watch = watchCommits(db, path)
    expect(watch).toBeDefined()
    const epoch = () => watch?.epoch() as number
    const start = epoch()
    expect(start).toBeGreaterThanOrEqual(0)
    db.query('SELECT count(*) FROM t').get()
    expect(epoch()).toBe(start)

    db.exec('INSERT INTO t VALUES (1)')
    const own = epoch()
    expect(own).not.toBe(start)

    elsewhere(path, 'INSERT INTO t VALUES (2)')
    const other = epoch()
    expect(other).not.toBe(own)

    // A passive checkpoint moves pages into the database file: no commit, same epoch.
    elsewhere(path, 'PRAGMA wal_checkpoint(PASSIVE)')
    expect(epoch()).toBe(other)

    // A truncating checkpoint restarts the WAL; the next commit after it is seen all the same.
    elsewhere(path, 'PRAGMA wal_checkpoint(TRUNCATE)')
    const restarted = epoch()
    elsewhere(path, 'INSERT INTO t VALUES (3)')
    expect(epoch()).not.toBe(restarted)
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    const again = epoch()
    elsewhere(path, 'INSERT INTO t VALUES (4)')
    expect(epoch()).not.toBe(again)
    expect(db.query('SELECT count(*) AS n FROM t').get()).toEqual({ n: 4 })

    db.close()
    expect(epoch()).toBe(-1)
  })

  test('no watch in memory or with a rollback journal', () => {
    expect(watchCommits(new Database(':memory:'), ':memory:')).toBeUndefined()
    const path = freshPath()
    const db = new Database(path, { create: true })
    db.exec('PRAGMA journal_mode = DELETE')
    db.exec('CREATE TABLE t (x)')
    expect(watchCommits(db, path)).toBeUndefined()
    db.close()
  })
})

describe('the session peek on a SQLite file', () => {
  test('is remembered per session: each session only ever gets its own user', () => {
    const { db } = twoUsers()
    const first = [peek(db, 's1'), peek(db, 's2')]
    const statements = db.statementCount()
    for (let i = 0; i < 3; i++) {
      expect(peek(db, 's2')?.userId).toBe(2)
      expect(peek(db, 's1')?.userId).toBe(1)
      expect(peek(db, 's1')?.email).toBe('user1@example.com')
    }
    expect([peek(db, 's1'), peek(db, 's2')]).toEqual(first)
    expect(peek(db, 'nobody')).toBeUndefined()
    // Remembered: the six known peeks above ran no statement (the unknown session did).
    expect(db.statementCount()).toBe(statements + 1)
    db.sqlite.close()
  })

  test("another process's writes are seen at once, across a checkpoint and a WAL restart", () => {
    const { path, db } = twoUsers()
    const version = () => peek(db, 's1')?.version
    const before = version()
    expect(peek(db, 's2')?.userId).toBe(2)

    elsewhere(
      path,
      `INSERT INTO data_versions (user_id, version) VALUES (1, 41)
       ON CONFLICT (user_id) DO UPDATE SET version = 41`,
    )
    expect(version()).toBe(41)
    expect(before).not.toBe(41)

    // Signed out elsewhere: refused at once.
    elsewhere(path, `DELETE FROM sessions WHERE id = 's2'`)
    expect(peek(db, 's2')).toBeUndefined()

    elsewhere(path, 'PRAGMA wal_checkpoint(TRUNCATE)')
    expect(version()).toBe(41)
    elsewhere(path, 'UPDATE data_versions SET version = 42 WHERE user_id = 1')
    expect(version()).toBe(42)

    // A session made elsewhere is found, and this connection's own writes are seen too.
    elsewhere(path, `INSERT INTO sessions (id, user_id, expires_at) VALUES ('s3', 2, '${later()}')`)
    expect(peek(db, 's3')?.userId).toBe(2)
    db.sqlite.run(`DELETE FROM sessions WHERE id = 's1'`)
    expect(peek(db, 's1')).toBeUndefined()
    db.sqlite.close()
  })

  test('without a watch (in memory) every peek reads', () => {
    const db = openSqlite(':memory:')
    db.sqlite
      .query(
        `INSERT INTO users (id, provider, provider_user_id, email) VALUES (1, 'google', 'u', 'a@example.com')`,
      )
      .run()
    db.sqlite
      .query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ('s1', 1, ?)`)
      .run(later())
    expect(peek(db, 's1')?.userId).toBe(1)
    const statements = db.statementCount()
    expect(peek(db, 's1')?.userId).toBe(1)
    expect(db.statementCount()).toBe(statements + 1)
    db.sqlite.run(`DELETE FROM sessions WHERE id = 's1'`)
    expect(peek(db, 's1')).toBeUndefined()
    db.sqlite.close()
  })

  test('a closed connection is no longer watched', async () => {
    const { db } = twoUsers()
    expect(peek(db, 's1')?.userId).toBe(1)
    await db.close()
    expect(() => db.q.auth.peek('s1')).toThrow()
  })

  test("a remembered row's expiry and day of last use are checked against the clock", () => {
    const at = (iso: string) => setSystemTime(new Date(iso))
    const DAY = 86_400_000
    at('2026-11-20T08:00:00.000Z')
    const { path, db } = twoUsers()
    const ctx = { db, config: loadConfig({ DATABASE_PATH: path }) } as unknown as AppContext
    const session = (id: string) => peekSession(ctx, id, (token) => token)
    try {
      expect(session('s1')).toMatchObject({ userId: 1, day: '2026-11-20' })
      const statements = db.statementCount()
      expect(session('s1')).toMatchObject({ userId: 1 })
      expect(db.statementCount()).toBe(statements)
      // Nothing committed, the same row: the next day it is not today's use any more (the
      // ordinary path records it), and a session near its end is left to the ordinary path to renew.
      at('2026-11-21T00:00:01.000Z')
      expect(session('s1')).toBeNull()
      expect(db.statementCount()).toBe(statements)
      at('2026-11-20T23:59:59.000Z')
      expect(session('s1')).toMatchObject({ userId: 1, day: '2026-11-20' })
      db.sqlite.run(`UPDATE sessions SET expires_at = ? WHERE id = 's2'`, [
        new Date(Date.parse('2026-11-20T12:00:00.000Z') + 15 * DAY).toISOString(),
      ])
      at('2026-11-20T11:00:00.000Z')
      expect(session('s2')).toMatchObject({ userId: 2 })
      const remembered = db.statementCount()
      at('2026-11-20T13:00:00.000Z')
      expect(session('s2')).toBeNull()
      expect(db.statementCount()).toBe(remembered)
    } finally {
      setSystemTime()
      db.sqlite.close()
    }
  })
})
