// `bun run backup` and `bun run restore` round trip: a populated installation backed up, restored
// into an empty database of the engine under test (a new PostgreSQL database in the PostgreSQL
// run), holds the same rows with the same ids; a target that has data is refused and left as it
// was; on PostgreSQL the backup is taken from PostgreSQL too.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, getTableName } from 'drizzle-orm'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db'
import { getTableConfig, tablesInOrder } from '../db/copy'
import type { Engine } from '../db/engine'
import { openPostgres } from '../db/pg'
import { freshTestDatabaseUrl, testEngine } from '../test/engines'
import { ORIGIN, signIn } from '../test/helpers'
import { backup, backupPostgres } from './backup'
import { restore } from './restore'

const dir = mkdtempSync(join(tmpdir(), 'cadence-restore-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string) => join(dir, `${name}-${Math.random().toString(36).slice(2)}.db`)

async function dump(db: Engine) {
  const out: Record<string, unknown[]> = {}
  for (const table of tablesInOrder(db.t)) {
    const pk = getTableConfig(table).columns.find((c) => c.primary)
    out[getTableName(table)] = await db.orm
      .select()
      .from(table)
      .orderBy(asc(pk as never))
  }
  return out
}

/** A SQLite installation in a file, with a user, a project, a report and its items. */
async function installation() {
  const path = file('live')
  const db = openDatabase(path)
  const app = createApp({ db, config: loadConfig({ PUBLIC_URL: ORIGIN }), signInLimit: 1000 })
  const ada = await signIn(app, 'ada@example.com', 'Ada')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const project = await ada.api.projects.post({ name: 'Apollo' })
  const report = await ada.api.reports.post({ week_start_date: '2026-11-23' })
  const full = await ada.api.reports({ uuid: report.data!.uuid }).get()
  for (let i = 0; i < 3; i++)
    await ada.api['section-items'].post({
      section_id: full.data!.sections[0].id,
      content: `Item ${i}`,
      project_id: project.data!.id,
    })
  return { path, db }
}

const emptyTarget = async () =>
  testEngine() === 'pg' ? await freshTestDatabaseUrl() : file('restored')
const open = (target: string): Promise<Engine> | Engine =>
  target.startsWith('postgres') ? openPostgres(target, { max: 2 }) : openDatabase(target)

describe('bun run backup, then bun run restore', () => {
  test(`a backup restored into an empty ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'} database holds the same rows`, async () => {
    const { path, db } = await installation()
    const saved = file('backup')
    backup(path, saved)
    const before = await dump(db)
    const target = await emptyTarget()
    const report = await restore(saved, target)
    expect(report.every((r) => r.source === r.target)).toBe(true)
    expect(report.find((r) => r.table === 'section_items')?.target).toBe(3)
    const restored = await open(target)
    expect(await dump(restored)).toEqual(before)
    await restored.close()

    // Into a database that has data: refused, and nothing there changes.
    await expect(restore(saved, target)).rejects.toThrow('the target is not empty')
    const again = await open(target)
    expect(await dump(again)).toEqual(before)
    await again.close()
    await db.close()
  }, 30_000)

  test('the command exits 0 when every count matches, 1 for a target that has data', async () => {
    const { path, db } = await installation()
    await db.close()
    const saved = file('backup')
    backup(path, saved)
    const target = await emptyTarget()
    const run = (to: string) =>
      Bun.spawnSync(['bun', join(import.meta.dir, 'restore.ts'), saved, to], {
        stdout: 'pipe',
        stderr: 'pipe',
        env: { ...process.env, INIT_CWD: dir },
      })
    const first = run(target)
    expect(first.stdout.toString()).toContain('every row count matches')
    expect(first.exitCode).toBe(0)
    const second = run(target)
    expect(second.stderr.toString()).toContain('the target is not empty')
    expect(second.exitCode).toBe(1)
  }, 30_000)

  if (testEngine() === 'pg')
    test('a backup taken from PostgreSQL restores into SQLite with the same rows', async () => {
      const { path, db } = await installation()
      const before = await dump(db)
      await db.close()
      const saved = file('backup')
      backup(path, saved)
      const url = await freshTestDatabaseUrl()
      await restore(saved, url)
      const fromPg = file('pg-backup')
      await backupPostgres(url, fromPg)
      const back = file('back')
      await restore(fromPg, back)
      const restored = openDatabase(back)
      expect(await dump(restored)).toEqual(before)
      await restored.close()
    }, 30_000)
})
