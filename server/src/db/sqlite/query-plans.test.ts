import { describe, expect, test } from 'bun:test'
import { createSqliteTestApp, signIn } from '../../test/helpers'
import type { SqliteDb } from '..'

/**
 * Every SQL statement the hot endpoints run (dashboard, a report, the reports list, projects with
 * counts, every kind of search, item insert and update, the session lookup) is recorded as it is
 * prepared, then checked with EXPLAIN QUERY PLAN: none may read a whole table (`SCAN t`, with or
 * without a covering index), nor look rows up by id through an index on user_id. Scans of a
 * query's own CTEs, subqueries and json_each are fine, and the FTS5 table only through MATCH or
 * by rowid (`INDEX n:=`, how pending index entries are applied).
 */

type PlanRow = { detail: string }

function record(db: SqliteDb) {
  const seen = new Set<string>()
  const sqlite = db.sqlite as unknown as Record<string, (sql: string) => unknown>
  for (const method of ['query', 'prepare'] as const) {
    const original = sqlite[method].bind(db.sqlite)
    sqlite[method] = (sql: string) => {
      seen.add(sql)
      return original(sql)
    }
  }
  return seen
}

/** Names a plan may scan: the statement's CTEs and subquery aliases, and json_each. */
function ownNames(sql: string) {
  const names = new Set(['json_each'])
  for (const m of sql.matchAll(/(\w+)\s*(?:\([\w\s,]*\))?\s+AS\s+(?:MATERIALIZED\s+)?\(/gi)) {
    names.add(m[1])
  }
  for (const m of sql.matchAll(/\)\s+(?:AS\s+)?(\w+)/gi)) names.add(m[1])
  // Aliases of those (`FROM chain c`).
  for (const name of [...names]) {
    for (const m of sql.matchAll(new RegExp(`\\b${name}\\s+(?:AS\\s+)?(\\w+)`, 'gi'))) {
      names.add(m[1])
    }
  }
  return names
}

function fullScans(db: SqliteDb, sql: string) {
  const stmt = db.sqlite.prepare(sql)
  const params = new Array(stmt.paramsCount).fill(null)
  const plan = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as PlanRow[]
  const own = ownNames(sql)
  // Rows asked for by id (`id IN (?, …)`) must be found by primary key, not by reading every row
  // of the user through an index on user_id.
  const byIds = /\bid"?\s+IN\s+\(\?/i.test(sql)
  return plan
    .map((r) => r.detail)
    .filter((detail) => {
      if (byIds && /USING (COVERING )?INDEX \w+ \(user_id=\?\)$/.test(detail)) return true
      const m = /^SCAN (\S+)/.exec(detail)
      if (!m) return false
      if (/VIRTUAL TABLE INDEX \d+:(\S*M|=$)/.test(detail)) return false
      return !own.has(m[1])
    })
}

async function seed() {
  const ctx = await createSqliteTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob')
  for (const [name, type] of [
    ['Highlights', 'standard'],
    ['Action Items', 'tasks'],
    ['Follow-ups', 'followups'],
  ] as const) {
    await ada.api['section-templates'].post({ name, type })
    await bob.api['section-templates'].post({ name, type })
  }
  const project = (await ada.api.projects.post({ name: 'Apollo budget' })).data!
  const member = (await ada.api['team-members'].post({ name: 'Grace', email: 'g@x.io' })).data!
  await ada.api['team-members']({ uuid: member.uuid })['talking-points'].post({
    content: 'Budget talk',
    project_id: project.id,
  })
  await ada.api['team-members']({ uuid: member.uuid }).tasks.post({ content: 'Budget task' })
  let last = null
  for (const week of ['2026-11-02', '2026-11-09', '2026-11-16']) {
    last = (await ada.api.reports.post({ week_start_date: week, title: `Week ${week}` })).data!
    await bob.api.reports.post({ week_start_date: week, title: 'Bob budget' })
    for (const section of last.sections) {
      await ada.api['section-items'].post({
        section_id: section.id,
        content: 'Launch the budget board deck',
        project_id: project.id,
        assigned_to_team_member_id: section.section_type === 'standard' ? null : member.id,
      })
    }
  }
  return { ...ctx, ada, report: last!, project, member }
}

describe('query plans of the hot endpoints', () => {
  test('no hot query scans a whole table', async () => {
    const { db, ada, report, project, member } = await seed()
    const seen = record(db)
    const tasks = report.sections.find((s) => s.section_type === 'tasks')!
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/me'],
      ['GET', '/api/dashboard'],
      ['GET', '/api/reports'],
      ['GET', `/api/reports/${report.uuid}`],
      ['GET', '/api/projects'],
      ['GET', '/api/search?query=zanzibar'],
      ['GET', '/api/search?query=launch'],
      ['GET', '/api/search?query=bud'],
      ['GET', `/api/search?query=${encodeURIComponent('"board deck"')}`],
      ['GET', `/api/search?query=${encodeURIComponent('type:task budget')}`],
      ['GET', `/api/search?query=${encodeURIComponent('type:task status:active')}`],
      ['GET', `/api/search?query=${encodeURIComponent('project:Apollo budget')}`],
      [
        'POST',
        '/api/section-items',
        {
          section_id: tasks.id,
          content: 'New',
          project_id: project.id,
          assigned_to_team_member_id: member.id,
        },
      ],
      ['PUT', `/api/section-items/${tasks.items[0].id}`, { is_completed: true, content: 'Edited' }],
    ]
    for (const [method, path, body] of calls) {
      const res = await ada.request(method, path, body)
      expect(res.status, `${method} ${path}`).toBeLessThan(300)
    }
    // Bypass the response cache once so the GETs' own queries run (and are recorded) too.
    db.sqlite.run("UPDATE users SET last_seen_at = NULL WHERE email = 'ada@example.com'")
    for (const [method, path] of calls.filter(([m]) => m === 'GET')) await ada.request(method, path)

    const statements = [...seen].filter((sql) =>
      /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)/i.test(sql),
    )
    expect(statements.length).toBeGreaterThan(15)
    const offenders = statements
      .map((sql) => ({ sql: sql.replace(/\s+/g, ' ').slice(0, 200), scans: fullScans(db, sql) }))
      .filter((s) => s.scans.length)
    expect(offenders).toEqual([])
  })

  test('the check sees a full scan when there is one', async () => {
    const { db } = await createSqliteTestApp()
    expect(fullScans(db, 'SELECT * FROM section_items WHERE content = ?')).toEqual([
      'SCAN section_items',
    ])
    expect(fullScans(db, 'SELECT id FROM section_items i WHERE i.section_id = ?')).toEqual([])
    expect(
      fullScans(db, "SELECT rowid FROM search_index WHERE user_id = ? AND entity_type = 'x'"),
    ).toHaveLength(1)
    expect(
      fullScans(db, 'SELECT id FROM section_items WHERE user_id = ? AND id IN (?, ?, ?)'),
    ).toHaveLength(1)
    expect(
      fullScans(db, 'SELECT id FROM section_items WHERE +user_id = ? AND id IN (?, ?, ?)'),
    ).toEqual([])
  })
})
