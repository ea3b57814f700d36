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
})
