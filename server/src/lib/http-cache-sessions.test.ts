// The cached GETs on SQLite answer from a remembered session peek while the server's connection
// has changed nothing (db/sqlite/statements/auth.ts, `rememberedPeeks`): these hold it to what
// reading every time gave, a sign-out, a write and a session ended seen at once, and a write by
// another process within PEEK_REUSE_MS.
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db'
import { PEEK_REUSE_MS } from '../db/sqlite/statements/auth'
import { ORIGIN, signIn } from '../test/helpers'

const dir = mkdtempSync(join(tmpdir(), 'cadence-peek-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** An app on a SQLite file (so a second connection can write it), Ada signed in, one cached GET. */
async function setUp(name: string) {
  const path = join(dir, `${name}.db`)
  const db = openDatabase(path)
  const config = loadConfig({ DATABASE_PATH: path, PUBLIC_URL: ORIGIN })
  const app = createApp({ db, config, signInLimit: 1000 })
  const ada = await signIn(app, 'ada@example.com', 'Ada')
  // The first GET of the day goes the ordinary way (it records the day's last_seen_at).
  await ada.get('/api/dashboard')
  const first = await ada.get('/api/dashboard')
  expect(first.status).toBe(200)
  expect(first.headers.get('etag')).toMatch(/^W\//)
  // Answered from the cache (the same ETag), so the peek is the remembered one from here on.
  expect((await ada.get('/api/dashboard')).headers.get('etag')).toBe(first.headers.get('etag'))
  return { db, path, ada, etag: first.headers.get('etag') as string }
}

describe('the remembered session peek (SQLite)', () => {
  test('a sign-out is seen by the next cached GET', async () => {
    const { ada } = await setUp('logout')
    expect((await ada.get('/api/logout')).status).toBe(200)
    expect((await ada.get('/api/dashboard')).status).toBe(401)
  })

  test("a write through the server's connection, by any path, changes the next answer at once", async () => {
    const { db, ada, etag } = await setUp('write')
    // Not through a route: a statement of the connection bumps the data version by its trigger.
    db.sqlite.run("UPDATE users SET name = 'Ada L' WHERE email = 'ada@example.com'")
    const after = await ada.get('/api/dashboard')
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    // A session ended by a statement of the connection: refused at once.
    db.sqlite.run('DELETE FROM sessions')
    expect((await ada.get('/api/dashboard')).status).toBe(401)
  })

  test('a session ended by another process is refused within PEEK_REUSE_MS', async () => {
    const { path, ada } = await setUp('other')
    const other = new Database(path)
    other.run('PRAGMA busy_timeout = 5000')
    other.run('DELETE FROM sessions')
    other.close()
    await Bun.sleep(PEEK_REUSE_MS + 50)
    expect((await ada.get('/api/dashboard')).status).toBe(401)
  })
})
