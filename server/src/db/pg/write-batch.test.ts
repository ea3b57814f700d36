// PostgreSQL's group commit (write-batch.ts): writes queued together share one transaction, a
// failing one rejects alone and changes nothing, every answer comes after the COMMIT, and many
// concurrent item writes of one user all land in order with the user's data version moved. On
// the run with TEST_DATABASE_URL a fresh database of that cluster; otherwise a throwaway cluster
// of its own (scripts/postgres.ts), so both runs prove it.
import { afterAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { sql } from 'drizzle-orm'
import { type Postgres, startPostgres } from '../../../../scripts/postgres'
import { createApp } from '../../app'
import { loadConfig } from '../../config'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { postgresOnBothRuns } from '../../test/engines'
import { ORIGIN, publicResolveHost, signIn } from '../../test/helpers'
import { LAST_IN_SECTION } from '../engine'
import { isDatabaseUnavailable } from '../unavailable'
import { openPostgres, type PgDb } from '.'
import { type Bulk, writeBatch } from './write-batch'

const postgres = postgresOnBothRuns('batch')
let frozen: Postgres | null = null
const opened: Array<{ close: () => Promise<void> }> = []
afterAll(async () => {
  for (const db of opened) await db.close()
  await postgres.stop()
  await frozen?.stop()
}, 30_000)

const freshUrl = () => postgres.url()

async function fresh(): Promise<{ db: PgDb; url: string }> {
  const url = await freshUrl()
  const db = await openPostgres(url, { max: 4, idleTimeout: 2, statementTimeout: 30 })
  opened.push(db)
  return { db, url }
}

/** A user with one report, one section of tasks and an item for each content given. */
async function seedItems(pool: SQL, name: string, contents: string[]) {
  const [{ id: user }] = await pool.unsafe(
    "INSERT INTO users (provider, provider_user_id, email) VALUES ('dev', $1, $1) RETURNING id",
    [name],
  )
  const [{ id: report }] = await pool.unsafe(
    "INSERT INTO reports (user_id, uuid, week_start_date) VALUES ($1, gen_random_uuid(), '2026-11-23') RETURNING id",
    [user],
  )
  const [{ id: section }] = await pool.unsafe(
    "INSERT INTO report_sections (report_id, user_id, section_name, section_type) VALUES ($1, $2, 'S', 'tasks') RETURNING id",
    [report, user],
  )
  const rows = await pool.unsafe(
    `INSERT INTO section_items (section_id, user_id, content, item_type)
     SELECT $1, $2, c, 'task' FROM unnest($3::text[]) WITH ORDINALITY AS x(c, n) ORDER BY n RETURNING id`,
    [section, user, `{${contents.map((c) => JSON.stringify(c)).join(',')}}`],
  )
  return { user: user as number, ids: rows.map((r: { id: number }) => r.id) as number[] }
}

/**
 * The version trigger's function, made to also record whom it ran for (this database only);
 * answers the users recorded since the last call, in id order.
 */
async function recordVersionTriggers(pool: SQL) {
  await pool.unsafe('CREATE TABLE trigger_calls (user_id int NOT NULL)')
  await pool.unsafe(`CREATE OR REPLACE FUNCTION cadence_version_by_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO trigger_calls VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
      IF TG_OP <> 'DELETE' THEN PERFORM cadence_bump(NEW.user_id); END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN PERFORM cadence_bump(OLD.user_id); END IF;
      RETURN NULL;
    END $$`)
  return async () =>
    (await pool.unsafe('DELETE FROM trigger_calls RETURNING user_id'))
      .map((r: { user_id: number }) => r.user_id)
      .sort((x: number, y: number) => x - y)
}

const versionOf = async (pool: SQL, user: number) =>
  Number(
    (await pool.unsafe('SELECT version FROM data_versions WHERE user_id = $1', [user]))[0].version,
  )

type Tx = Parameters<Parameters<PgDb['tx']>[0]>[0]

/**
 * A multi-statement write of `user` (db.tx with a user takes that user's write lock first), held
 * open until `release`; `then` runs in it before it ends.
 */
async function holdUserLock(db: PgDb, user: number, then?: (t: Tx) => Promise<void>) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  const tx = db.tx(
    async (t) => {
      locked()
      await held
      await then?.(t)
    },
    { user },
  )
  await isLocked
  return { release, tx }
}

/** The values of t, in order, as another connection sees them. */
async function storedValues(url: string) {
  const other = new SQL({ url, max: 1 })
  try {
    return [...(await other.unsafe('SELECT v FROM t ORDER BY v'))].map((r) => r.v)
  } finally {
    await other.close()
  }
}

/** Inserts values into t(v) in one statement, each answered `value:txid`. */
const insertValues = (client: SQL, values: string[]) =>
  (
    client.unsafe(
      `INSERT INTO t (v) SELECT v FROM unnest($1::text[]) WITH ORDINALITY AS x(v, n) ORDER BY n
       RETURNING v || ':' || txid_current()::text AS r`,
      [`{${values.join(',')}}`],
    ) as PromiseLike<Array<{ r: string }>>
  ).then((rows) => rows.map((row) => row.r))

describe('group commit on PostgreSQL (writeBatch)', () => {
  test('writes queued together share one transaction; a failing one rejects alone', async () => {
    const { db, url } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL UNIQUE)')
    const batch = writeBatch(db.pool)
    const insert = (v: string) =>
      batch(1, async (client) => {
        const [row] = await client.unsafe(
          'INSERT INTO t (v) VALUES ($1) RETURNING txid_current()::text AS tx',
          [v],
        )
        return row.tx as string
      })
    const results = await Promise.allSettled([
      insert('a'),
      // The service's own decision, before it writes: rejects alone.
      batch(1, async () => {
        throw new Error('bad input')
      }),
      // A constraint error of PostgreSQL aborts the transaction: run again with savepoints.
      insert('a'),
      insert('b'),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('bad input')
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ errno: '23505' })
    const txs = [results[0], results[3]].map((r) => (r as PromiseFulfilledResult<string>).value)
    expect(txs[0]).toBe(txs[1])
    // Settled only after the COMMIT: another connection already sees exactly the good rows.
    const other = new SQL({ url, max: 1 })
    expect([...(await other.unsafe('SELECT v FROM t ORDER BY v'))]).toEqual([
      { v: 'a' },
      { v: 'b' },
    ])
    await other.close()
    // Nothing is left open: the next write commits on its own.
    expect(await insert('c')).toBeString()
    expect((await db.pool.unsafe('SELECT count(*)::int AS n FROM t'))[0].n).toBe(3)
  })

  test('one-statement writes: sent with BEGIN and COMMIT, in one transaction; a failing one rejects alone', async () => {
    const { db, url } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL UNIQUE)')
    const batch = writeBatch(db.pool)
    const insert = (v: string) =>
      batch.statement(
        1,
        (client) =>
          client.unsafe(
            `INSERT INTO t (v) VALUES ($1)
             RETURNING txid_current()::text AS tx, current_setting('plan_cache_mode') AS plans`,
            [v],
          ) as PromiseLike<Array<{ tx: string; plans: string }>>,
        ([row]) => row,
      )
    const rows = await Promise.all(['a', 'b', 'c'].map(insert))
    // One transaction, begun before the statements (not each committed alone), generic plans.
    expect(new Set(rows.map((r) => r.tx)).size).toBe(1)
    expect(rows.map((r) => r.plans)).toEqual([
      'force_generic_plan',
      'force_generic_plan',
      'force_generic_plan',
    ])
    // The setting was the transaction's own: the connection is back to the default.
    expect((await db.pool.unsafe("SELECT current_setting('plan_cache_mode') AS p"))[0].p).toBe(
      'auto',
    )
    // A duplicate fails its statement: PostgreSQL answers the COMMIT sent behind it with ROLLBACK,
    // the batch runs again one by one, and only the duplicate fails.
    const settled = await Promise.allSettled([insert('d'), insert('a'), insert('e')])
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ errno: '23505' })
    const other = new SQL({ url, max: 1 })
    expect([...(await other.unsafe('SELECT v FROM t ORDER BY v'))].map((r) => r.v)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ])
    await other.close()
    // Mixed with a write of several statements, the batch waits for it before its COMMIT.
    const both = await Promise.all([
      insert('f'),
      batch(1, async (client) => {
        await Bun.sleep(50)
        const [row] = await client.unsafe(
          "INSERT INTO t (v) VALUES ('g') RETURNING txid_current()::text AS tx",
        )
        return row.tx as string
      }),
    ])
    expect(both[0].tx).toBe(both[1])
    expect((await db.pool.unsafe('SELECT count(*)::int AS n FROM t'))[0].n).toBe(7)
  })

  test('bulk writes: one statement for all of a kind; when it fails, each runs alone and only the bad one fails', async () => {
    const { db, url } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL UNIQUE)')
    const batch = writeBatch(db.pool)
    const statements: number[] = []
    const inserts: Bulk<string, string> = {
      run: (client, values) => {
        statements.push(values.length)
        return insertValues(client, values)
      },
    }
    const first = await Promise.all(['a', 'b', 'c'].map((v) => batch.bulk(1, inserts, v)))
    // One statement for the three, one transaction, each answered its own row.
    expect(statements).toEqual([3])
    expect(first.map((r) => r.split(':')[0])).toEqual(['a', 'b', 'c'])
    expect(new Set(first.map((r) => r.split(':')[1])).size).toBe(1)
    // A duplicate fails the shared statement: the batch runs again, each write alone.
    statements.length = 0
    const settled = await Promise.allSettled(['d', 'a', 'e'].map((v) => batch.bulk(2, inserts, v)))
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ errno: '23505' })
    expect(statements).toEqual([3, 1, 1, 1])
    // A write the shared statement cannot take at all (it throws before sending): the others
    // still land, each alone.
    statements.length = 0
    const refusing: Bulk<string, string> = {
      run: (client, values) => {
        if (values.includes('bad')) throw new TypeError('not a value')
        return inserts.run(client, values)
      },
    }
    const mixed = await Promise.allSettled(['f', 'bad', 'g'].map((v) => batch.bulk(3, refusing, v)))
    expect(mixed.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(String((mixed[1] as PromiseRejectedResult).reason)).toContain('not a value')
    expect(await storedValues(url)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
  })

  test("each user's data version moves once per batch, by the batch's one bump before COMMIT", async () => {
    const { db } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    const versions = async () =>
      Object.fromEntries(
        (
          await db.pool.unsafe(
            'SELECT user_id, version::int AS v FROM data_versions WHERE user_id IN (5, 6, 7)',
          )
        ).map((r: { user_id: number; v: number }) => [r.user_id, r.v]),
      )
    const batch = writeBatch(db.pool)
    const insert = (user: number) =>
      batch.statement(
        user,
        (client) => client.unsafe("INSERT INTO t (v) VALUES ('x')"),
        () => user,
      )
    // A table without triggers: only the batch bumps. Three writes of user 5, one of 6.
    await Promise.all([insert(5), insert(6), insert(5), insert(5)])
    expect(await versions()).toEqual({ 5: 1, 6: 1 })
    // A batch of writes of several statements bumps the same way.
    await Promise.all(
      [7, 6, 7].map((user) =>
        batch(user, async (client) => {
          await client.unsafe("INSERT INTO t (v) VALUES ('y')")
        }),
      ),
    )
    expect(await versions()).toEqual({ 5: 1, 6: 2, 7: 1 })
  })

  test("a batch's own users' item rows queue no version trigger; another user's row, or a write outside a batch, still does", async () => {
    const { db } = await fresh()
    const pool = db.pool
    const calls = await recordVersionTriggers(pool)
    const seeded = [await seedItems(pool, 'a', ['x']), await seedItems(pool, 'b', ['x'])]
    const [a, b] = seeded.map(({ user, ids }) => ({ user, id: ids[0] }))
    const version = (user: number) => versionOf(pool, user)
    await calls()
    const [va, vb] = [await version(a.user), await version(b.user)]
    const batch = writeBatch(pool)
    const edit = (id: number, content: string) => (client: SQL) =>
      client.unsafe('UPDATE section_items SET content = $2 WHERE id = $1', [id, content])
    // Two edits of a's item and, in a write of a's, one of b's: one batch, a declared, b not.
    await Promise.all([
      batch.statement(a.user, edit(a.id, 'y'), () => 1),
      batch(a.user, async (client) => {
        await edit(a.id, 'z')(client)
        await edit(b.id, 'z')(client)
      }),
    ])
    expect(await calls()).toEqual([b.user])
    expect([await version(a.user), await version(b.user)]).toEqual([va + 1, vb + 1])
    // Outside a batch nothing is declared: the trigger bumps.
    await pool.unsafe("UPDATE section_items SET content = 'w' WHERE id = $1", [a.id])
    expect(await calls()).toEqual([a.user])
    expect(await version(a.user)).toBe(va + 2)
  })

  test('edits of one batch are one statement: each sets only its columns, an item edited twice is edited in order', async () => {
    const { db } = await fresh()
    const pool = db.pool
    const {
      user,
      ids: [one, two, three],
    } = await seedItems(pool, 'e', ['One', 'Two', 'Three'])
    const ids = { userId: user, projectId: null, memberId: null }
    const edit = (id: number, columns: string[], values: (string | number | null)[]) =>
      db.q.items.update(id, ids, '2026-11-26T08:00:00.000Z', { columns, values })
    const answers = await Promise.all([
      edit(one, ['content'], ['A']),
      edit(one, ['is_completed', 'assignee_completed_at'], [1, null]),
      edit(two, ['is_ask', 'ask_closed_at'], [1, null]),
      edit(one, ['content'], ['B']),
      edit(999_999, ['content'], ['nobody']),
      edit(three, ['item_type'], ['standard']),
    ])
    const state = (i: number) => {
      const row = answers[i]?.row
      return row && [row.id, row.content, row.is_completed, row.is_ask]
    }
    // Each answer is the row as its own edit left it, in the order they came.
    expect([state(0), state(1), state(2), state(3), answers[4]]).toEqual([
      [one, 'A', 0, 0],
      [one, 'A', 1, 0],
      [two, 'Two', 0, 1],
      [one, 'B', 1, 0],
      null,
    ])
    expect(answers[0]?.found.week_start_date).toBe('2026-11-23')
    const stored = await pool.unsafe(
      'SELECT id, content, is_completed, is_ask FROM section_items WHERE id IN ($1, $2) ORDER BY id',
      [one, two],
    )
    expect(stored).toEqual([
      { id: one, content: 'B', is_completed: 1, is_ask: 0 },
      { id: two, content: 'Two', is_completed: 0, is_ask: 1 },
    ])
    // One transaction; the edits of two and three one statement (one command id), the second
    // edit of one a later statement.
    const commands = Object.fromEntries(
      (
        await pool.unsafe(
          'SELECT id, xmin::text AS tx, cmin::text::int AS command FROM section_items WHERE id IN ($1, $2, $3)',
          [one, two, three],
        )
      ).map((r: { id: number; tx: string; command: number }) => [r.id, r]),
    )
    expect(new Set([one, two, three].map((id) => commands[id].tx)).size).toBe(1)
    expect(commands[two].command).toBe(commands[three].command)
    expect(commands[one].command).toBeGreaterThan(commands[two].command)
  })

  test('a batch of one kind that can run alone is one statement; when it fails, each runs alone in a transaction', async () => {
    const { db, url } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL UNIQUE)')
    const batch = writeBatch(db.pool)
    const calls: string[] = []
    const kind: Bulk<string, string> = {
      run: (client, values) => {
        calls.push(`run ${values.join('')}`)
        return insertValues(client, values)
      },
      alone: (client, values, around) => {
        if (values.includes('x')) return null
        calls.push(`alone ${values.join('')} ${around.users} ${around.declared}`)
        return insertValues(client, values)
      },
    }
    const first = await Promise.all([
      batch.bulk(4, kind, 'a'),
      batch.bulk(2, kind, 'b'),
      batch.bulk(4, kind, 'c'),
    ])
    // One statement, no transaction around it: its own (one txid), told its users.
    expect(calls).toEqual(['alone abc {2,4} ,2,4,'])
    expect(first.map((r) => r.split(':')[0])).toEqual(['a', 'b', 'c'])
    expect(new Set(first.map((r) => r.split(':')[1])).size).toBe(1)
    // A duplicate fails it whole: each write runs again alone, in a transaction; only it fails.
    calls.length = 0
    const settled = await Promise.allSettled(['d', 'a', 'e'].map((v) => batch.bulk(2, kind, v)))
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ errno: '23505' })
    expect(calls).toEqual(['alone dae {2} ,2,', 'run d', 'run a', 'run e'])
    // Not for these arguments (null): the batch's transaction with one shared statement.
    calls.length = 0
    await Promise.all(['f', 'x'].map((v) => batch.bulk(2, kind, v)))
    expect(calls).toEqual(['run fx'])
    expect(await storedValues(url)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'x'])
  })

  test('edits only, of different items: one statement that locks and declares its users first and bumps each once', async () => {
    const { db } = await fresh()
    const pool = db.pool
    const calls = await recordVersionTriggers(pool)
    const a = await seedItems(pool, 'a', ['x', 'x'])
    const b = await seedItems(pool, 'b', ['x'])
    await calls()
    const version = (user: number) => versionOf(pool, user)
    const [va, vb] = [await version(a.user), await version(b.user)]
    // b's write lock held by a multi-statement write: the batch waits for it.
    const { release, tx } = await holdUserLock(db, b.user)
    const edit = (user: number, id: number, content: string) =>
      db.q.items.update(
        id,
        { userId: user, projectId: null, memberId: null },
        '2026-11-26T09:00:00.000Z',
        {
          columns: ['content'],
          values: [content],
        },
      )
    let done = false
    const edits = Promise.all([
      edit(a.user, a.ids[0], 'A1'),
      edit(b.user, b.ids[0], 'B1'),
      edit(a.user, a.ids[1], 'A2'),
      edit(a.user, 999_999, 'nobody'),
    ]).then((answers) => {
      done = true
      return answers
    })
    await Bun.sleep(200)
    expect(done).toBe(false)
    release()
    await tx
    const answers = await edits
    expect(answers.map((e) => e?.row.content ?? null)).toEqual(['A1', 'B1', 'A2', null])
    // One statement, its own transaction: the rows and both users' bumps share its id and command.
    const rows = await pool.unsafe(
      `SELECT xmin::text AS tx, cmin::text AS command FROM section_items WHERE id = ANY ($1::int[])
       UNION ALL SELECT xmin::text, cmin::text FROM data_versions WHERE user_id IN ($2, $3)`,
      [`{${[...a.ids, ...b.ids].join(',')}}`, a.user, b.user],
    )
    expect(rows).toHaveLength(5)
    expect(
      new Set(rows.map((r: { tx: string; command: string }) => `${r.tx}/${r.command}`)).size,
    ).toBe(1)
    expect([await version(a.user), await version(b.user)]).toEqual([va + 1, vb + 1])
    // Declared before its first row: no version trigger queued.
    expect(await calls()).toEqual([])
  })

  test('new items only: one statement of its own transaction that locks and declares its users first and bumps each once', async () => {
    const { db, url } = await fresh()
    const pool = db.pool
    const calls = await recordVersionTriggers(pool)
    const a = await seedItems(pool, 'a', ['x'])
    const b = await seedItems(pool, 'b', [])
    await calls()
    const sectionOf = async (user: number) =>
      (await pool.unsafe('SELECT id FROM report_sections WHERE user_id = $1', [user]))[0]
        .id as number
    const [sa, sb] = [await sectionOf(a.user), await sectionOf(b.user)]
    const version = (user: number) => versionOf(pool, user)
    const [va, vb] = [await version(a.user), await version(b.user)]
    // Counted: a batch in a transaction reserves a connection of the pool; alone it does not.
    const reserving = pool as SQL & { reserve(): Promise<unknown> }
    const reserve = reserving.reserve.bind(pool)
    let reserved = 0
    reserving.reserve = () => {
      reserved++
      return reserve()
    }
    // b's write lock held by a multi-statement write: the batch waits for it.
    const { release, tx } = await holdUserLock(db, b.user)
    const typeFor = { standard: 'standard', tasks: 'task', followups: 'followup' }
    const create = (user: number, section: number, content: string) =>
      db.q.items.create(
        section,
        { userId: user, projectId: null, memberId: null },
        { content, item_type: null, typeFor },
      )
    let done = false
    const created = Promise.all([
      create(a.user, sa, 'A1'),
      create(b.user, sb, 'B1'),
      create(a.user, sa, 'A2'),
      // Another user's section: refused, nothing written.
      create(a.user, sb, 'not mine'),
    ]).then((answers) => {
      done = true
      return answers
    })
    await Bun.sleep(200)
    expect(done).toBe(false)
    // Nothing of the batch is written while it waits for the lock, not even a's items.
    expect((await pool.unsafe('SELECT count(*)::int AS n FROM section_items'))[0].n).toBe(1)
    release()
    await tx
    const answers = await created
    reserving.reserve = reserve
    expect(reserved).toBe(0) // a transaction would reserve its connection
    expect(
      answers.map((c) => (c ? [c.row.content, c.row.sort_order, c.row.item_type] : null)),
    ).toEqual([['A1', 1, 'task'], ['B1', 0, 'task'], ['A2', 2, 'task'], null])
    // One transaction: the rows and both users' bumps share its id.
    const rows = await pool.unsafe(
      `SELECT xmin::text AS tx FROM section_items WHERE content IN ('A1', 'B1', 'A2')
       UNION ALL SELECT xmin::text FROM data_versions WHERE user_id IN ($1, $2)`,
      [a.user, b.user],
    )
    expect(rows).toHaveLength(5)
    expect(new Set(rows.map((r: { tx: string }) => r.tx)).size).toBe(1)
    expect([await version(a.user), await version(b.user)]).toEqual([va + 1, vb + 1])
    // Declared before its first row: no version trigger queued.
    expect(await calls()).toEqual([])
    // Its settings were its transaction's only: the connection is back to its defaults.
    const one = await openPostgres(url, { max: 1, idleTimeout: 2, statementTimeout: 30 })
    opened.push(one)
    const again = await one.q.items.create(
      sa,
      { userId: a.user, projectId: null, memberId: null },
      { content: 'A4', item_type: null, typeFor },
    )
    expect(again?.row.sort_order).toBe(3)
    expect(
      await one.pool.unsafe(
        "SELECT current_setting('plan_cache_mode') AS plans, coalesce(current_setting('cadence.batch_users', true), '') AS declared",
      ),
    ).toEqual([{ plans: 'auto', declared: '' }])
  })

  test('every connection held elsewhere: the batch gives up within the deadline (503), then writes go on', async () => {
    const url = await freshUrl()
    const db = await openPostgres(url, { max: 2, idleTimeout: 2, statementTimeout: 0.5 })
    opened.push(db)
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    const pool = db.pool as typeof db.pool & { reserve(): Promise<SQL & { release(): void }> }
    const held = [await pool.reserve(), await pool.reserve()]
    const batch = writeBatch(db.pool, 3)
    // Bun's pool would wait for a connection forever; the client's deadline (bounded.ts) ends it.
    const stuck = await batch
      .statement(
        1,
        (client) => client.unsafe("INSERT INTO t (v) VALUES ('x')"),
        () => 'written',
      )
      .catch((error: unknown) => error)
    expect(isDatabaseUnavailable(stuck)).toBe(true)
    for (const connection of held) connection.release()
    expect(
      await batch.statement(
        1,
        (client) => client.unsafe("INSERT INTO t (v) VALUES ('y')"),
        () => 'written',
      ),
    ).toBe('written')
    expect([...(await db.pool.unsafe('SELECT v FROM t'))].map((r) => r.v)).toEqual(['y'])
  })

  test('a batch waits for a multi-statement write of its user, and runs after it', async () => {
    const { db } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    const batch = writeBatch(db.pool)
    const order: string[] = []
    // db.tx with a user takes that user's write lock first; the batch's shared lock waits for it.
    const { release, tx } = await holdUserLock(db, 7, async (t) => {
      await t.exec(sql`INSERT INTO t (v) VALUES ('tx')`)
      order.push('tx')
    })
    const write = batch(7, async (client) => {
      await client.unsafe("INSERT INTO t (v) VALUES ('batch')")
      order.push('batch')
    })
    await Bun.sleep(200)
    expect(order).toEqual([])
    release()
    await Promise.all([tx, write])
    expect(order).toEqual(['tx', 'batch'])
  })

  test('while a batch runs, the next gathers writes that arrive one by one; no batch running, a write starts at once', async () => {
    const { db } = await fresh()
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    // A long wait (1.5 s) for the test, against 1 ms in use: what starts a batch is seen plainly,
    // however busy the machine.
    const batch = writeBatch(db.pool, 10, { writes: 3, waitMs: 1500 })
    const insert = (user: number, v: string) =>
      batch(user, async (client) => {
        const [row] = await client.unsafe(
          'INSERT INTO t (v) VALUES ($1) RETURNING txid_current()::text AS tx',
          [v],
        )
        return row.tx as string
      })
    const turn = () => new Promise((resolve) => setImmediate(resolve))
    const settled = new Set<string>()
    const track = (v: string, write: Promise<string>) => {
      void write.then(() => settled.add(v))
      return write
    }
    // No batch running: a lone write starts at once, long before the wait could end.
    const started = performance.now()
    await insert(8, 'alone')
    expect(performance.now() - started).toBeLessThan(1000)
    // A batch of user 7 runs (it waits for 7's write lock, held here).
    const { release, tx } = await holdUserLock(db, 7)
    const held = track('held', insert(7, 'held'))
    await Bun.sleep(50)
    // Two writes, each in a turn of its own: they wait for a third, not for a connection.
    const first = track('first', insert(8, 'first'))
    await turn()
    const second = track('second', insert(9, 'second'))
    await Bun.sleep(150)
    expect(settled).toEqual(new Set())
    // The third fills the batch: it starts at once, and the three share its transaction.
    const gathered = await Promise.all([first, second, track('third', insert(10, 'third'))])
    expect(new Set(gathered).size).toBe(1)
    // A write alone while the batch of user 7 still runs: it waits the whole wait, then goes alone.
    const lonely = track('lonely', insert(11, 'lonely'))
    await Bun.sleep(150)
    expect(settled.has('lonely')).toBe(false)
    expect(gathered).not.toContain(await lonely)
    expect(settled.has('held')).toBe(false)
    release()
    await Promise.all([tx, held])
    expect((await db.pool.unsafe('SELECT count(*)::int AS n FROM t'))[0].n).toBe(6)
  })

  test('concurrent item writes of one user over the API: each answers as alone, all land', async () => {
    const { db } = await fresh()
    const config = { ...loadConfig({ PUBLIC_URL: ORIGIN }), resolveHost: publicResolveHost }
    const app = createApp({ db, config, signInLimit: 10_000 })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const bob = await signIn(app, 'bob@example.com', 'Bob')
    await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    await bob.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    const week = weekStart(isoDate(), 'monday')
    const report = (await ada.post('/api/reports', { week_start_date: week })).json
    const section = report.sections[0]
    const bobs = (await bob.post('/api/reports', { week_start_date: week })).json.sections[0]
    const version = async () =>
      Number(
        (
          await db.pool.unsafe('SELECT version FROM data_versions WHERE user_id = $1', [
            report.user_id,
          ])
        )[0]?.version ?? 0,
      )
    const before = await version()
    const N = 40
    const answers = await Promise.all([
      ...Array.from({ length: N }, (_, i) =>
        ada.post('/api/section-items', { section_id: section.id, content: `Item ${i}` }),
      ),
      ada.post('/api/section-items', { section_id: section.id, content: 'Bad', project_id: 999 }),
      ada.post('/api/section-items', { section_id: section.id, content: '   ' }),
      // Another user's section: not found, and nothing of it reaches that user.
      ada.post('/api/section-items', { section_id: bobs.id, content: 'Sneaky' }),
      bob.post('/api/section-items', { section_id: bobs.id, content: 'Bob writes' }),
    ])
    expect(answers.map((a) => a.status)).toEqual([...Array(N).fill(200), 404, 400, 404, 200])
    expect(answers[N].json).toEqual({ error: 'Project not found' })
    expect(answers[N + 1].json).toEqual({ error: 'Content is required' })
    // Every answer gives the item's place as stored: 0…N-1, each once.
    const placed = answers.slice(0, N).map((a) => [a.json.content, a.json.sort_order])
    const shown = (await ada.get(`/api/reports/${report.uuid}`)).json.sections[0].items
    expect(
      shown.map((i: { content: string; sort_order: number }) => [i.content, i.sort_order]),
    ).toEqual([...placed].sort((x, y) => x[1] - y[1]))
    expect(shown.map((i: { sort_order: number }) => i.sort_order)).toEqual(
      Array.from({ length: N }, (_, i) => i),
    )
    expect(answers[N + 3].json.sort_order).toBe(0)
    const sneaky = "SELECT count(*)::int AS n FROM section_items WHERE content = 'Sneaky'"
    expect((await db.pool.unsafe(sneaky))[0].n).toBe(0)
    expect(await version()).toBeGreaterThan(before)
    // Concurrent updates of one item and of others: all answer 200 and the last state is stored.
    const ids = answers.slice(0, 10).map((a) => a.json.id as number)
    const updates = await Promise.all([
      ...ids.map((id) => ada.put(`/api/section-items/${id}`, { is_completed: true })),
      ...ids.map((id) => ada.put(`/api/section-items/${id}`, { content: `Done ${id}` })),
      ada.put('/api/section-items/999999', { is_completed: true }),
    ])
    expect(updates.map((u) => u.status)).toEqual([...Array(20).fill(200), 404])
    const stored = await db.pool.unsafe(
      'SELECT id, content, is_completed FROM section_items WHERE id = ANY($1::int[]) ORDER BY id',
      [`{${ids.join(',')}}`],
    )
    expect([...stored].map((r) => [r.content, r.is_completed])).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => [`Done ${id}`, 1]),
    )
  })

  test('new items of one section from two instances, in opposite section orders and beside items placed at COMMIT, each get the next place, answered as stored', async () => {
    const { db, url } = await fresh()
    // A second instance: its own pool and group commit on the same database.
    const other = await openPostgres(url, { max: 4, idleTimeout: 2, statementTimeout: 30 })
    opened.push(other)
    const config = { ...loadConfig({ PUBLIC_URL: ORIGIN }), resolveHost: publicResolveHost }
    const app = createApp({ db, config, signInLimit: 10_000 })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.post('/api/section-templates', { name: 'Updates', type: 'standard' })
    await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    const report = (
      await ada.post('/api/reports', { week_start_date: weekStart(isoDate(), 'monday') })
    ).json
    const [s1, s2] = report.sections.map((s: { id: number }) => s.id)
    const ids = { userId: report.user_id, projectId: null, memberId: null }
    const typeFor = { standard: 'standard', tasks: 'task', followups: 'followup' }
    const plan = (content: string) => ({ content, item_type: 'standard', typeFor })
    const create = (on: PgDb, section: number, content: string) =>
      on.q.items.create(section, ids, plan(content))
    // Connections of their own: inserts placed by the database at COMMIT (LAST_IN_SECTION), as a
    // carry-over or a pull is, and a look at who waits for a lock.
    const plain = new SQL({ url, max: 3 })
    const atCommit = (section: number, content: string) =>
      plain.unsafe(
        `INSERT INTO section_items (section_id, user_id, content, item_type, sort_order)
         VALUES ($1, $2, $3, 'standard', ${LAST_IN_SECTION})`,
        [section, ids.userId, content],
      )
    const waiting = async () =>
      (
        await plain.unsafe(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        )
      )[0].n as number
    const waitingFor = async (n: number) => {
      for (let i = 0; i < 500 && (await waiting()) < n; i++) await Bun.sleep(10)
    }
    const blocker = new SQL({ url, max: 1 })
    const answers: Array<{ id: number; sort_order: number }> = []
    for (let trial = 0; trial < 3; trial++) {
      // Both sections held by a third transaction, so the two group commits start together: one
      // locks s1 then s2, the other s2 then s1 (a deadlock: one of them runs again, whole).
      let release = () => {}
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const held = blocker.begin(async (tx) => {
        await tx.unsafe('SELECT id FROM report_sections WHERE id IN ($1, $2) FOR NO KEY UPDATE', [
          s1,
          s2,
        ])
        locked()
        await gate
      })
      await isLocked
      const created = Promise.all([
        create(db, s1, `a1 ${trial}`),
        create(db, s2, `a2 ${trial}`),
        create(other, s2, `b2 ${trial}`),
        create(other, s1, `b1 ${trial}`),
      ])
      await waitingFor(2)
      release()
      await held
      // A new item in a transaction not yet committed, and inserts placed at COMMIT meanwhile:
      // those wait for the user's write lock and place after it.
      let commit = () => {}
      const gate2 = new Promise<void>((resolve) => {
        commit = resolve
      })
      let inserted = () => {}
      const isInserted = new Promise<void>((resolve) => {
        inserted = resolve
      })
      const inTx = db.tx(async (tx) => {
        const made = [
          await tx.q.items.create(s1, ids, plan(`t1 ${trial}`)),
          await tx.q.items.create(s2, ids, plan(`t2 ${trial}`)),
        ]
        inserted()
        await gate2
        return made
      })
      await isInserted
      const placed = Promise.all([atCommit(s1, `c1 ${trial}`), atCommit(s2, `c2 ${trial}`)])
      await waitingFor(2)
      commit()
      await placed
      for (const d of [...(await created), ...(await inTx)]) {
        if (!d) throw new Error('item not created')
        answers.push({ id: d.row.id, sort_order: d.row.sort_order })
      }
    }
    await blocker.close()
    await plain.close()
    const stored = await db.pool.unsafe(
      'SELECT id, section_id, sort_order FROM section_items ORDER BY section_id, sort_order',
    )
    for (const section of [s1, s2]) {
      const orders = [...stored].filter((r) => r.section_id === section).map((r) => r.sort_order)
      expect(orders).toEqual(Array.from({ length: 12 }, (_, i) => i))
    }
    const byId = new Map([...stored].map((r) => [r.id as number, r.sort_order as number]))
    expect(answers).toHaveLength(18)
    for (const a of answers) expect(a.sort_order).toBe(byId.get(a.id) as number)
  }, 60_000)

  test('the seven-argument cadence_create_items of the previous version (a rolling upgrade) still creates, checking no session', async () => {
    const { db } = await fresh()
    const pool = db.pool
    const a = await seedItems(pool, 'a', ['x'])
    const [{ id: section }] = await pool.unsafe(
      'SELECT id FROM report_sections WHERE user_id = $1',
      [a.user],
    )
    const typeFor = JSON.stringify({ standard: 'standard', tasks: 'task', followups: 'followup' })
    const rows = await pool.unsafe(
      `SELECT ord, created FROM cadence_create_items($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[])`,
      [
        `{${section}}`,
        `{${a.user}}`,
        '{"Old instance"}',
        '{NULL}',
        '{NULL}',
        '{NULL}',
        `{${JSON.stringify(typeFor)}}`,
      ],
    )
    expect(
      rows.map((r: { ord: string; created: { row: { content: string; sort_order: number } } }) => [
        Number(r.ord),
        r.created.row.content,
        r.created.row.sort_order,
      ]),
    ).toEqual([[1, 'Old instance', 1]])
  })

  test('inside a caller transaction an item write is part of it and goes with its rollback', async () => {
    const { db } = await fresh()
    const config = { ...loadConfig({ PUBLIC_URL: ORIGIN }), resolveHost: publicResolveHost }
    const app = createApp({ db, config, signInLimit: 10_000 })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    const report = (
      await ada.post('/api/reports', { week_start_date: weekStart(isoDate(), 'monday') })
    ).json
    const section = report.sections[0]
    const ids = { userId: report.user_id, projectId: null, memberId: null }
    const plan = {
      content: 'Inside',
      item_type: 'standard',
      typeFor: { standard: 'standard', tasks: 'task', followups: 'followup' },
    }
    await expect(
      db.tx(async (tx) => {
        const done = await tx.q.items.create(section.id, ids, plan)
        expect(done?.row.content).toBe('Inside')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const count = await db.pool.unsafe('SELECT count(*)::int AS n FROM section_items')
    expect(count[0].n).toBe(0)
  })

  test('a database that does not answer fails the whole batch as unavailable (503), then writes go on', async () => {
    // A cluster of its own, frozen (SIGSTOP) under an open pool.
    frozen = await startPostgres()
    const db = await openPostgres(frozen.url, {
      max: 4,
      connectTimeout: 1,
      statementTimeout: 1,
      pingTimeout: 1,
    })
    opened.push(db)
    await db.pool.unsafe('CREATE TABLE t (v text NOT NULL)')
    const batch = writeBatch(db.pool)
    const insert = (v: string) =>
      batch(1, async (client) => {
        await client.unsafe('INSERT INTO t (v) VALUES ($1)', [v])
        return v
      })
    expect(await insert('before')).toBe('before')
    frozen.freeze()
    let results: PromiseSettledResult<string>[]
    try {
      results = await Promise.allSettled([insert('a'), insert('b'), insert('c')])
    } finally {
      frozen.thaw()
    }
    for (const r of results) {
      expect(r.status).toBe('rejected')
      expect(isDatabaseUnavailable((r as PromiseRejectedResult).reason)).toBe(true)
    }
    expect(await insert('after')).toBe('after')
    const rows = await db.pool.unsafe('SELECT v FROM t ORDER BY v')
    expect([...rows].map((r) => r.v)).toEqual(['after', 'before'])
  }, 60_000)
})
