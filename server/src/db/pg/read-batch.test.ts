// Lookups that arrive in the same turn share one statement (read-batch.ts); every caller gets its
// own row. On PostgreSQL (TEST_DATABASE_URL, or a throwaway cluster) the session lookup of many
// concurrent requests answers each its own user, and an ended session ends at once.
import { afterAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { createApp } from '../../app'
import { loadConfig } from '../../config'
import { postgresOnBothRuns } from '../../test/engines'
import { ORIGIN, publicResolveHost, signIn } from '../../test/helpers'
import { openPostgres } from '.'
import { intArray, textArray } from './arrays'
import { readBatch } from './read-batch'

describe('readBatch', () => {
  test('keys of one turn are read by one call, each caller answered with its own row', async () => {
    const calls: string[][] = []
    const read = readBatch(
      async (keys: string[]) => {
        calls.push(keys)
        return keys.filter((k) => k !== 'gone').map((k) => ({ key: k, value: k.toUpperCase() }))
      },
      (row) => row.key,
    )
    const answers = await Promise.all(['a', 'b', 'a', 'gone', 'c'].map(read))
    expect(answers.map((r) => r?.value)).toEqual(['A', 'B', 'A', undefined, 'C'])
    // One statement for the turn, each key once.
    expect(calls).toEqual([['a', 'b', 'gone', 'c']])
    // The next turn reads again: nothing is kept.
    expect((await read('a'))?.value).toBe('A')
    expect(calls).toHaveLength(2)
  })

  test('a failed read fails every caller of its turn, and the next turn reads afresh', async () => {
    let fail = true
    const read = readBatch(
      async (keys: number[]) => {
        if (fail) throw new Error('down')
        return keys.map((k) => ({ k }))
      },
      (row) => row.k,
    )
    const settled = await Promise.allSettled([read(1), read(2)])
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await read(2)).toEqual({ k: 2 })
  })

  test('more keys than a statement takes are read in parts', async () => {
    const sizes: number[] = []
    const read = readBatch(
      async (keys: number[]) => {
        sizes.push(keys.length)
        return keys.map((k) => ({ k }))
      },
      (row) => row.k,
      3,
    )
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(read))
    expect(answers.map((r) => r?.k)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(sizes).toEqual([3, 3, 1])
  })
})

const postgres = postgresOnBothRuns('read')
afterAll(async () => {
  await postgres.stop()
}, 30_000)

const freshUrl = () => postgres.url()

describe('reads batched on PostgreSQL', () => {
  test('array parameters: any text comes back whole, null as null, integers only', async () => {
    const url = await freshUrl()
    const sql = new SQL({ url, max: 1 })
    const values = [
      'plain',
      'a,b',
      '"quoted"',
      'back\\slash',
      'both \\" "\\',
      '{braces}',
      'NULL',
      '',
      ' spaced ',
    ]
    const [row] = await sql.unsafe('SELECT $1::text[] AS v', [textArray(values)])
    expect(row.v).toEqual(values)
    const [withNull] = await sql.unsafe('SELECT $1::text[] AS t, $2::int[] AS i', [
      textArray(['a', null]),
      intArray([3, null, -7]),
    ])
    expect(withNull).toEqual({ t: ['a', null], i: [3, null, -7] })
    // Anything but an integer is refused before it reaches a statement.
    expect(() => intArray([1.5])).toThrow()
    expect(() => intArray([Number.NaN])).toThrow()
    await sql.close()
  })

  test('concurrent requests of many users: each is answered as its own user; a sign-out ends at once', async () => {
    const db = await openPostgres(await freshUrl(), { max: 4, idleTimeout: 2 })
    try {
      const config = { ...loadConfig({ PUBLIC_URL: ORIGIN }), resolveHost: publicResolveHost }
      const app = createApp({ db, config, signInLimit: 10_000 })
      const people = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signIn(app, `user${i}@example.com`, `User ${i}`)),
      )
      // Twelve requests at once, each several times: every answer is its own user's.
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(people.map((p) => p.get('/api/users/me')))
        expect(answers.map((a) => a.status)).toEqual(people.map(() => 200))
        expect(answers.map((a) => a.json.email)).toEqual(
          people.map((_, i) => `user${i}@example.com`),
        )
      }
      // Signed out: the very next request (with others in its turn) is refused.
      expect((await people[3].post('/api/logout', {})).status).toBe(200)
      const after = await Promise.all(people.map((p) => p.get('/api/users/me')))
      expect(after.map((a) => a.status)).toEqual(people.map((_, i) => (i === 3 ? 401 : 200)))
    } finally {
      await db.close()
    }
  })
})
