import { Database } from 'bun:sqlite'
import { afterEach, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '..'
import { CHECKPOINT_MS, startCheckpointer } from './checkpointer'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const autocheckpoint = (db: ReturnType<typeof openDatabase>) =>
  (db.sqlite.query('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number })
    .wal_autocheckpoint

test('the worker thread checkpoints the WAL; the connection itself stops until the worker stops', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cadence-ckpt-'))
  dirs.push(dir)
  const path = join(dir, 'db.sqlite')
  const db = openDatabase(path)
  expect(autocheckpoint(db)).toBe(1000)
  db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  const stop = startCheckpointer(db.sqlite, path)
  for (let i = 0; i < 100 && autocheckpoint(db) !== 0; i++) await Bun.sleep(20)
  expect(autocheckpoint(db)).toBe(0)
  db.sqlite.run("INSERT INTO users (provider, provider_user_id, email) VALUES ('dev', 'a', 'a@x')")
  // What the database file itself holds (the WAL ignored): the row only once it was checkpointed,
  // which this connection no longer does.
  const inFile = () => {
    const copy = join(dir, 'file-only.sqlite')
    copyFileSync(path, copy)
    const file = new Database(copy, { readonly: true })
    const { n } = file.query('SELECT count(*) AS n FROM users').get() as { n: number }
    file.close()
    return n
  }
  for (let i = 0; i < 50 && inFile() === 0; i++) await Bun.sleep(CHECKPOINT_MS / 4)
  expect(inFile()).toBe(1)
  stop()
  expect(autocheckpoint(db)).toBe(1000)
  db.sqlite.close()
})
