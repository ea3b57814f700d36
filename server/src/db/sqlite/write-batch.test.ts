import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { createSqliteTestApp, signIn } from '../../test/helpers'
import { openDatabase } from '..'
import { batchedWrite, oneAtATime, setWalSync, walSync } from './write-batch'

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'cadence-batch-'))
  const db = openDatabase(join(dir, 'db.sqlite'))
  db.sqlite.run('CREATE TABLE t (v TEXT NOT NULL UNIQUE)')
  return { db, dir, path: join(dir, 'db.sqlite') }
}

describe('group commit (batchedWrite)', () => {
  test('writes queued together share one transaction; a failing one is rolled back alone', async () => {
    const { db, dir, path } = scratch()
    const inTransaction: boolean[] = []
    const insert = (v: string) => () => {
      inTransaction.push(db.sqlite.inTransaction)
      db.sqlite.run('INSERT INTO t (v) VALUES (?)', [v])
      return v
    }
    const results = await Promise.allSettled([
      batchedWrite(db, insert('a')),
      // Writes a row, then fails: its row must not survive.
      batchedWrite(db, () => {
        db.sqlite.run('INSERT INTO t (v) VALUES (?)', ['half'])
        throw new Error('bad input')
      }),
      // A constraint error of SQLite itself is rolled back the same way.
      batchedWrite(db, insert('a')),
      batchedWrite(db, insert('b')),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe('a')
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('bad input')
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain('UNIQUE')
    expect(inTransaction).toEqual([true, true, true])
    // Settled only after the COMMIT: another connection already sees exactly the good rows.
    const other = new Database(path, { readonly: true })
    expect(other.query('SELECT v FROM t ORDER BY v').all()).toEqual([{ v: 'a' }, { v: 'b' }])
    other.close()
    expect(db.sqlite.inTransaction).toBe(false)
    db.sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a lone failing write rejects, leaves no transaction open, and the next one commits', async () => {
    const { db, dir } = scratch()
    await expect(
      batchedWrite(db, () => {
        db.sqlite.run('INSERT INTO t (v) VALUES (?)', ['x'])
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(db.sqlite.inTransaction).toBe(false)
    expect(
      await batchedWrite(db, () => db.sqlite.run('INSERT INTO t (v) VALUES (?)', ['y']).changes),
    ).toBe(1)
    expect(db.sqlite.query('SELECT v FROM t').all()).toEqual([{ v: 'y' }])
    db.sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('concurrent item writes over HTTP: each answers as alone, a bad one changes nothing', async () => {
    const ctx = await createSqliteTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
    await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const report = (await ada.api.reports.post({ week_start_date: weekStart(isoDate(), 'monday') }))
      .data!
    const section = report.sections[0]
    const item = (content: string, project_id?: number) =>
      ada.api['section-items'].post({ section_id: section.id, content, project_id })
    const answers = await Promise.all([item('One'), item('Two', 999), item('   '), item('Three')])
    expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 200])
    expect(answers[1].error?.value).toEqual({ error: 'Project not found' })
    expect(answers[2].error?.value).toEqual({ error: 'Content is required' })
    expect([answers[0].data!.sort_order, answers[3].data!.sort_order]).toEqual([0, 1])
    const shown = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(shown.sections[0].items.map((i) => i.content)).toEqual(['One', 'Three'])
  })

  test('a batch is answered only once its WAL is synced; the connection is FULL again meanwhile', async () => {
    const { db, dir, path } = scratch()
    let release = () => {}
    let syncs = 0
    setWalSync(db.sqlite, () => {
      syncs++
      return new Promise<void>((resolve) => {
        release = resolve
      })
    })
    let answered = false
    const write = batchedWrite(db, () => db.sqlite.run('INSERT INTO t (v) VALUES (?)', ['a'])).then(
      () => {
        answered = true
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Committed (another connection sees it) but not answered: its WAL is not on disk yet.
    const other = new Database(path, { readonly: true })
    expect(other.query('SELECT v FROM t').all()).toEqual([{ v: 'a' }])
    other.close()
    expect(syncs).toBe(1)
    expect(answered).toBe(false)
    // COMMIT without its fsync was for the batch alone: every other commit syncs inside it.
    expect(db.sqlite.query('PRAGMA synchronous').get()).toEqual({ synchronous: 2 })
    release()
    await write
    expect(answered).toBe(true)
    db.sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('writes that arrive while a sync runs wait for it, then commit together in one COMMIT', async () => {
    const { db, dir, path } = scratch()
    const releases: Array<() => void> = []
    setWalSync(db.sqlite, () => new Promise<void>((resolve) => releases.push(resolve)))
    const commits: string[] = []
    const run = db.sqlite.run.bind(db.sqlite)
    db.sqlite.run = ((sql: string, ...rest: []) => {
      if (sql === 'COMMIT') commits.push(sql)
      return run(sql, ...rest)
    }) as typeof db.sqlite.run
    const seen = () => {
      const other = new Database(path, { readonly: true })
      const values = other.query('SELECT v FROM t ORDER BY v').all()
      other.close()
      return values
    }
    const insert = (v: string) =>
      batchedWrite(db, () => db.sqlite.run('INSERT INTO t (v) VALUES (?)', [v]).changes)
    const tick = () => new Promise((resolve) => setTimeout(resolve, 10))
    const first = insert('a')
    await tick()
    expect(releases).toHaveLength(1)
    // Two writes in two later turns, while the first batch's sync runs: neither commits yet.
    const second = insert('b')
    await tick()
    const third = insert('c')
    await tick()
    expect(seen()).toEqual([{ v: 'a' }])
    expect(commits).toHaveLength(1)
    releases[0]()
    expect(await first).toBe(1)
    await tick()
    // Both in the next batch, one COMMIT, one sync; answered only once that sync is done.
    expect(seen()).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }])
    expect(commits).toHaveLength(2)
    expect(releases).toHaveLength(2)
    let answered = false
    void Promise.all([second, third]).then(() => {
      answered = true
    })
    await tick()
    expect(answered).toBe(false)
    releases[1]()
    expect(await Promise.all([second, third])).toEqual([1, 1])
    db.sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a WAL sync that fails fails every write of its batch', async () => {
    const { db, dir } = scratch()
    setWalSync(db.sqlite, () => Promise.reject(new Error('EIO: i/o error, fdatasync')))
    const results = await Promise.allSettled([
      batchedWrite(db, () => db.sqlite.run('INSERT INTO t (v) VALUES (?)', ['a'])),
      batchedWrite(db, () => db.sqlite.run('INSERT INTO t (v) VALUES (?)', ['b'])),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain('EIO')
    db.sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a file database syncs its WAL for real; an in-memory one has nothing to sync', async () => {
    const { db, dir } = scratch()
    expect(walSync(db.sqlite)).toBeFunction()
    const writes = await Promise.all(
      ['a', 'b', 'c'].map((v) =>
        batchedWrite(db, () => db.sqlite.run('INSERT INTO t (v) VALUES (?)', [v]).changes),
      ),
    )
    expect(writes).toEqual([1, 1, 1])
    db.sqlite.close()
    rmSync(dir, { recursive: true, force: true })
    expect(walSync(new Database(':memory:'))).toBeNull()
  })

  test('one sync at a time: calls during a sync share the next, which starts after it', async () => {
    const started: number[] = []
    const finish: Array<() => void> = []
    const sync = oneAtATime(() => {
      started.push(started.length)
      return new Promise<void>((resolve) => finish.push(resolve))
    })
    const first = sync()
    const second = sync()
    const third = sync()
    expect(second).toBe(third)
    expect(started).toEqual([0])
    finish[0]()
    await first
    await new Promise((resolve) => setTimeout(resolve, 0))
    // The second run started only after the first ended; both later callers wait for it.
    expect(started).toEqual([0, 1])
    let done = false
    void second.then(() => {
      done = true
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(done).toBe(false)
    finish[1]()
    await third
    expect(done).toBe(true)
  })
})
