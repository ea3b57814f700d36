import { afterAll, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openSqlite } from '.'

// The SQLite database and what SQLite writes beside it are its owner's alone (issue 42: they were
// created 0644 in a 0755 folder, readable by every local user).
const root = mkdtempSync(join(tmpdir(), 'cadence-perm-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const mode = (path: string) => statSync(path).mode & 0o777

test('a new database: its folders 0700, the file, the WAL and its index 0600, whatever the umask', async () => {
  const umask = process.umask(0o022)
  try {
    const path = join(root, 'new', 'data', 'weekly.db')
    const db = openSqlite(path)
    await db.exec(sql`CREATE TABLE IF NOT EXISTS t (x TEXT)`)
    await db.exec(sql`INSERT INTO t VALUES ('secret')`)
    expect(mode(join(root, 'new'))).toBe(0o700)
    expect(mode(join(root, 'new', 'data'))).toBe(0o700)
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file)).toBe(0o600)
    await db.close()
  } finally {
    process.umask(umask)
  }
})

test('a database an earlier version left readable is made its owner’s at start; the folder it was in stays', async () => {
  const dir = join(root, 'old')
  mkdirSync(dir, { mode: 0o755 })
  chmodSync(dir, 0o755)
  const path = join(dir, 'weekly.db')
  const first = openSqlite(path)
  await first.exec(sql`CREATE TABLE IF NOT EXISTS t (x TEXT)`)
  await first.close()
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    writeFileSync(file, '', { flag: 'a' })
    chmodSync(file, 0o644)
  }
  const again = openSqlite(path)
  for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file)).toBe(0o600)
  expect(mode(dir)).toBe(0o755)
  await again.close()
})
