import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { freshTestDatabase, testEngine } from '../test/engines'
import { openDatabase } from '.'
import type { Engine } from './engine'

const newDb = async (): Promise<Engine> =>
  testEngine() === 'pg' ? ((await freshTestDatabase()) as Engine) : openDatabase(':memory:')

/**
 * Every foreign key's column leads an index, on both engines: deleting (or re-keying) a parent row
 * looks its children up by that column (ON DELETE CASCADE / SET NULL, or the check that none is
 * left), and without an index each deleted row scans the whole child table.
 */
describe(`foreign keys on ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'}`, () => {
  test("every foreign key's column leads an index (a deleted parent never scans its children)", async () => {
    const db = await newDb()
    const unindexed =
      db.kind === 'pg'
        ? await db.rows<{ fk: string }>(sql`
            SELECT c.conrelid::regclass::text || '.' || a.attname AS fk
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' AND NOT EXISTS (
              SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
            ORDER BY 1`)
        : await db.rows<{ fk: string }>(sql`
            SELECT m.name || '.' || f."from" AS fk
            FROM sqlite_master m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND NOT EXISTS (
              SELECT 1 FROM pragma_index_list(m.name) l, pragma_index_info(l.name) c
              WHERE c.seqno = 0 AND c.name = f."from")
            AND NOT EXISTS (
              SELECT 1 FROM pragma_table_info(m.name) t WHERE t.pk = 1 AND t.name = f."from")
            ORDER BY 1`)
    expect(unindexed.map((r) => r.fk)).toEqual([])
    // The check sees foreign keys at all (a query that found none would pass anything).
    const keys =
      db.kind === 'pg'
        ? await db.rows<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f'`,
          )
        : await db.rows<{ n: number }>(
            sql`SELECT count(*) AS n FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`,
          )
    expect(keys[0].n).toBeGreaterThan(20)
  })

  test("a lookup by any foreign key's column uses an index, partial ones included", async () => {
    const db = await newDb()
    const columns =
      db.kind === 'pg'
        ? await db.rows<{ t: string; c: string }>(sql`
            SELECT c.conrelid::regclass::text AS t, a.attname AS c
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' ORDER BY 1, 2`)
        : await db.rows<{ t: string; c: string }>(sql`
            SELECT m.name AS t, f."from" AS c
            FROM sqlite_master m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' ORDER BY 1, 2`)
    expect(columns.length).toBeGreaterThan(20)
    const scans: string[] = []
    for (const { t, c } of columns) {
      // The lookup ON DELETE and the foreign-key checks make: `column = ?` (which implies NOT NULL,
      // so an index WHERE column IS NOT NULL serves it).
      const lookup = `SELECT 1 FROM "${t}" WHERE "${c}" = 1`
      const plan =
        db.kind === 'pg'
          ? await db.tx(async (t2) => {
              await t2.exec(sql.raw('SET LOCAL enable_seqscan = off'))
              return (await t2.rows<{ 'QUERY PLAN': string }>(sql.raw(`EXPLAIN ${lookup}`)))
                .map((r) => r['QUERY PLAN'])
                .join('\n')
            })
          : (await db.rows<{ detail: string }>(sql.raw(`EXPLAIN QUERY PLAN ${lookup}`)))
              .map((r) => r.detail)
              .join('\n')
      const indexed =
        db.kind === 'pg' ? /Index|Bitmap/.test(plan) : /USING .*INDEX|PRIMARY KEY/.test(plan)
      if (!indexed) scans.push(`${t}.${c}: ${plan}`)
    }
    expect(scans).toEqual([])
  })
})
