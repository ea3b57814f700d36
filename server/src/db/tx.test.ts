// db.tx on both engines (docs/database.md, "One user's writes"): a deadlock or serialisation
// failure is tried again a bounded number of times on PostgreSQL; a user's transactions run one
// after the other under the user's write lock; a data version moves when the write commits.
import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { freshTestDatabase, testEngine } from '../test/engines'
import { openDatabase } from '.'
import { type Engine, isWriteRace, TX_ATTEMPTS } from './engine'

const newDb = async (): Promise<Engine> =>
  testEngine() === 'pg' ? ((await freshTestDatabase()) as Engine) : openDatabase(':memory:')

async function withUser(db: Engine) {
  const [user] = await db.orm
    .insert(db.t.users)
    .values({ provider: 'dev', provider_user_id: 'ada', email: 'ada@example.com', name: 'Ada' })
    .returning()
  const projects = await db.orm
    .insert(db.t.projects)
    .values(['A', 'B'].map((name) => ({ user_id: user.id, uuid: crypto.randomUUID(), name })))
    .returning()
  return { userId: user.id, ids: projects.map((p) => p.id) }
}

/** A promise and the function that settles it. */
function signal() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

const rename = (db: Engine, id: number, name: string) =>
  db.orm.update(db.t.projects).set({ name }).where(eq(db.t.projects.id, id))

describe(`db.tx on ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'}`, () => {
  test('two transactions taking the same rows in opposite orders both commit', async () => {
    const db = await newDb()
    const { ids } = await withUser(db)
    const [a, b] = ids
    const runs = { first: 0, second: 0 }
    if (db.kind === 'pg') {
      // Each holds its first row before it asks for the other's: a deadlock, which PostgreSQL
      // ends by failing one of them; that one is tried again and commits.
      const firstHolds = signal()
      const secondHolds = signal()
      await Promise.all([
        db.tx(async (tx) => {
          runs.first++
          await rename(tx, a, 'first')
          firstHolds.open()
          await secondHolds.opened
          await rename(tx, b, 'first')
        }),
        db.tx(async (tx) => {
          runs.second++
          await rename(tx, b, 'second')
          secondHolds.open()
          await firstHolds.opened
          await rename(tx, a, 'second')
        }),
      ])
      // At least one was failed and tried again; both committed.
      expect(runs.first + runs.second).toBeGreaterThanOrEqual(3)
    } else {
      // BEGIN IMMEDIATE: the second starts when the first has committed; nothing to try again.
      await Promise.all([
        db.tx(async (tx) => {
          runs.first++
          await rename(tx, a, 'first')
          await rename(tx, b, 'first')
        }),
        db.tx(async (tx) => {
          runs.second++
          await rename(tx, b, 'second')
          await rename(tx, a, 'second')
        }),
      ])
      expect(runs).toEqual({ first: 1, second: 1 })
    }
    const names = await db.orm.select({ name: db.t.projects.name }).from(db.t.projects)
    // Whichever committed last renamed both.
    expect(new Set(names.map((n) => n.name)).size).toBe(1)
  })

  test("a user's transactions run one after the other: the second starts once the first ends", async () => {
    const db = await newDb()
    const { userId, ids } = await withUser(db)
    const order: string[] = []
    const firstInside = signal()
    const release = signal()
    const first = db.tx(
      async (tx) => {
        order.push('first in')
        await rename(tx, ids[0], 'first')
        firstInside.open()
        await release.opened
        order.push('first out')
      },
      { user: userId },
    )
    await firstInside.opened
    const second = db.tx(
      async (tx) => {
        order.push('second in')
        await rename(tx, ids[1], 'second')
      },
      { user: userId },
    )
    // The second waits for the first's lock (PostgreSQL) or its BEGIN (SQLite) however long.
    await Bun.sleep(50)
    release.open()
    await Promise.all([first, second])
    expect(order).toEqual(['first in', 'first out', 'second in'])
  })

  test('a failure that may be tried again is tried a bounded number of times, then answered as a race', async () => {
    const db = await newDb()
    let runs = 0
    const failure = Object.assign(new Error('could not serialize access'), { errno: '40001' })
    const error = await db
      .tx(async () => {
        runs++
        throw failure
      })
      .catch((e: unknown) => e)
    expect(error).toBe(failure)
    expect(isWriteRace(error)).toBe(true)
    expect(runs).toBe(db.kind === 'pg' ? TX_ATTEMPTS : 1)
    // Any other failure is not tried again.
    runs = 0
    await db
      .tx(async () => {
        runs++
        throw new Error('bad')
      })
      .catch(() => {})
    expect(runs).toBe(1)
  })

  test("a user's data version moves when the write commits, once per commit at least", async () => {
    const db = await newDb()
    const { userId, ids } = await withUser(db)
    const version = async (on: Engine = db) =>
      Number(
        (
          await on.row<{ v: number }>(
            sql`SELECT version AS v FROM data_versions WHERE user_id = ${userId}`,
          )
        )?.v ?? 0,
      )
    const before = await version()
    let inside = -1
    await db.tx(
      async (tx) => {
        await rename(tx, ids[0], 'renamed')
        inside = await version(tx)
      },
      { user: userId },
    )
    const after = await version()
    expect(after).toBeGreaterThan(before)
    // PostgreSQL bumps it at COMMIT (deferred triggers: the last lock a transaction takes);
    // SQLite at the write, inside the one transaction that runs at a time.
    expect(inside).toBe(db.kind === 'pg' ? before : after)
  })
})
