import type { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { openDatabase } from '../db'
import { applyPendingIndex } from './sqlite'

// What the index must hold: one row per indexed object, recomputed from the tables themselves.
const EXPECTED = `
SELECT id * 8 + 1 AS rowid, user_id, 'report' AS entity_type, id AS entity_id,
       'u' || user_id AS owner, coalesce(title, '') AS title, coalesce(summary, '') AS body
       FROM reports
UNION ALL SELECT id * 8 + 2, user_id, 'project', id, 'u' || user_id, name, '' FROM projects
UNION ALL SELECT id * 8 + 3, user_id, 'team_member', id, 'u' || user_id, name,
       trim(coalesce(title, '') || ' ' || email) FROM team_members
UNION ALL SELECT id * 8 + 4, user_id, 'section_item', id, 'u' || user_id, '', content
       FROM section_items
UNION ALL SELECT id * 8 + 5, user_id, 'member_task', id, 'u' || user_id, '', content
       FROM member_tasks
UNION ALL SELECT id * 8 + 6, user_id, 'member_followup', id, 'u' || user_id, '', content
       FROM member_followups
UNION ALL SELECT id * 8 + 7, user_id, 'talking_point', id, 'u' || user_id, '', content
       FROM talking_points
ORDER BY 1`
const ACTUAL =
  'SELECT rowid, user_id, entity_type, entity_id, owner, title, body FROM search_index ORDER BY rowid'

const ENTRY_TABLES = ['member_tasks', 'member_followups', 'talking_points'] as const

/** A new section of the report holding one item with this content. */
function addItem(sqlite: Database, reportId: number, userId: number, content: string) {
  const section = sqlite
    .query(
      "INSERT INTO report_sections (report_id, user_id, section_name, section_type) VALUES (?, ?, 'S', 'tasks') RETURNING id",
    )
    .get(reportId, userId) as { id: number }
  sqlite
    .query('INSERT INTO section_items (section_id, user_id, content) VALUES (?, ?, ?)')
    .run(section.id, userId, content)
}

describe('search index triggers', () => {
  // Its timeout is sized for a busy 2-core machine (~11 s seen there).
  test('after any sequence of inserts, updates and deletes the index matches the tables (property)', () => {
    const text = fc.string({ maxLength: 20 })
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('report' as const),
        title: fc.option(text),
        summary: fc.option(text),
      }),
      fc.record({ kind: fc.constant('project' as const), name: text }),
      fc.record({
        kind: fc.constant('member' as const),
        name: text,
        title: fc.option(text),
        email: text,
      }),
      fc.record({ kind: fc.constant('item' as const), content: text }),
      fc.record({
        kind: fc.constant('entry' as const),
        table: fc.constantFrom(...ENTRY_TABLES),
        content: text,
      }),
      fc.record({
        kind: fc.constant('update' as const),
        table: fc.constantFrom(
          'reports',
          'projects',
          'team_members',
          'section_items',
          ...ENTRY_TABLES,
        ),
        value: text,
        pick: fc.nat(),
      }),
      // Section items are indexed through search_pending: part of it applied at any point.
      fc.record({ kind: fc.constant('sync' as const), limit: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant('delete' as const),
        table: fc.constantFrom(
          'reports',
          'projects',
          'team_members',
          'section_items',
          ...ENTRY_TABLES,
          'users',
        ),
        pick: fc.nat(),
      }),
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const db = openDatabase(':memory:')
        const { sqlite } = db
        const user = (n: number) =>
          sqlite
            .query("INSERT INTO users (provider, provider_user_id, email) VALUES ('dev', ?, ?)")
            .run(`u${n}`, `u${n}@x`)
        user(1)
        user(2)
        let week = 0
        const ids = (table: string) =>
          (sqlite.query(`SELECT id FROM ${table} ORDER BY id`).all() as { id: number }[]).map(
            (r) => r.id,
          )
        const anyId = (table: string) => ids(table)[0]
        const userOf = () => {
          if (anyId('users') === undefined) user(3)
          return anyId('users')
        }
        for (const o of ops) {
          const uid = userOf()
          switch (o.kind) {
            case 'report':
              sqlite
                .query(
                  'INSERT INTO reports (user_id, uuid, week_start_date, title, summary) VALUES (?, ?, ?, ?, ?)',
                )
                .run(
                  uid,
                  crypto.randomUUID(),
                  `2026-01-${String(1 + week++).padStart(2, '0')}`,
                  o.title,
                  o.summary,
                )
              break
            case 'project':
              sqlite
                .query('INSERT INTO projects (user_id, uuid, name) VALUES (?, ?, ?)')
                .run(uid, crypto.randomUUID(), o.name)
              break
            case 'member':
              sqlite
                .query(
                  'INSERT INTO team_members (user_id, uuid, name, title, email) VALUES (?, ?, ?, ?, ?)',
                )
                .run(uid, crypto.randomUUID(), o.name, o.title, o.email)
              break
            case 'item': {
              const report = sqlite.query('SELECT id, user_id FROM reports LIMIT 1').get() as {
                id: number
                user_id: number
              } | null
              if (!report) break
              addItem(sqlite, report.id, report.user_id, o.content)
              break
            }
            case 'entry': {
              const member = sqlite.query('SELECT id, user_id FROM team_members LIMIT 1').get() as {
                id: number
                user_id: number
              } | null
              if (member)
                sqlite
                  .query(
                    `INSERT INTO ${o.table} (team_member_id, user_id, content) VALUES (?, ?, ?)`,
                  )
                  .run(member.id, member.user_id, o.content)
              break
            }
            case 'update': {
              const list = ids(o.table)
              if (!list.length) break
              const column =
                { reports: 'title', projects: 'name', team_members: 'email' }[o.table as string] ??
                'content'
              sqlite
                .query(`UPDATE ${o.table} SET ${column} = ? WHERE id = ?`)
                .run(o.value, list[o.pick % list.length])
              break
            }
            case 'sync':
              applyPendingIndex(db, o.limit)
              break
            case 'delete': {
              const list = ids(o.table)
              if (list.length)
                sqlite.query(`DELETE FROM ${o.table} WHERE id = ?`).run(list[o.pick % list.length])
              break
            }
          }
        }
        applyPendingIndex(db)
        expect(sqlite.query('SELECT count(*) AS n FROM search_pending').get()).toEqual({ n: 0 })
        expect(sqlite.query(ACTUAL).all()).toEqual(sqlite.query(EXPECTED).all())
      }),
      { numRuns: 60 },
    )
  }, 60_000)
})

describe('applying pending entries', () => {
  test('its own commit skips the fsync (lost, its entries stay pending); the connection is FULL after', () => {
    const db = openDatabase(':memory:')
    const { sqlite } = db
    const user = sqlite
      .query(
        "INSERT INTO users (provider, provider_user_id, email) VALUES ('dev', 'a', 'a@x') RETURNING id",
      )
      .get() as { id: number }
    const report = sqlite
      .query(
        "INSERT INTO reports (user_id, uuid, week_start_date) VALUES (?, 'r', '2026-11-23') RETURNING id",
      )
      .get(user.id) as { id: number }
    addItem(sqlite, report.id, user.id, 'Budget')
    const modes: number[] = []
    const transaction = sqlite.transaction.bind(sqlite)
    sqlite.transaction = ((run: () => unknown) =>
      transaction(() => {
        modes.push(
          (sqlite.query('PRAGMA synchronous').get() as { synchronous: number }).synchronous,
        )
        return run()
      })) as typeof sqlite.transaction
    sqlite.run('PRAGMA synchronous = FULL')
    expect(applyPendingIndex(db)).toBe(true)
    // NORMAL (1) for its own commit, FULL (2) again for every other.
    expect(modes).toEqual([1])
    expect(sqlite.query('PRAGMA synchronous').get()).toEqual({ synchronous: 2 })
    expect(sqlite.query('SELECT count(*) AS n FROM search_pending').get()).toEqual({ n: 0 })
    // Inside a caller's transaction it is part of that commit, which keeps the caller's mode.
    sqlite.query("UPDATE section_items SET content = 'Budget v2'").run()
    sqlite.run('BEGIN')
    expect(applyPendingIndex(db)).toBe(true)
    expect(sqlite.query('PRAGMA synchronous').get()).toEqual({ synchronous: 2 })
    sqlite.run('COMMIT')
    expect(modes).toEqual([1, 2])
    db.sqlite.close()
  })
})
