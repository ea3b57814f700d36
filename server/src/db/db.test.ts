import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '.'
import {
  memberTasks,
  projects,
  reportSections,
  reports,
  sectionItems,
  sessions,
  teamMembers,
  userSettings,
  users,
} from './schema'

function seed(db: ReturnType<typeof openDatabase>) {
  const user = db
    .insert(users)
    .values({ provider: 'dev', provider_user_id: 'a@x.io', email: 'a@x.io' })
    .returning()
    .get()
  db.insert(userSettings).values({ user_id: user.id }).run()
  db.insert(sessions)
    .values({ id: 'h', user_id: user.id, expires_at: new Date().toISOString() })
    .run()
  const project = db
    .insert(projects)
    .values({ user_id: user.id, uuid: crypto.randomUUID(), name: 'Apollo' })
    .returning()
    .get()
  const member = db
    .insert(teamMembers)
    .values({ user_id: user.id, uuid: crypto.randomUUID(), name: 'Bo', email: 'bo@x.io' })
    .returning()
    .get()
  const report = db
    .insert(reports)
    .values({ user_id: user.id, uuid: crypto.randomUUID(), week_start_date: '2026-11-16' })
    .returning()
    .get()
  const section = db
    .insert(reportSections)
    .values({
      report_id: report.id,
      user_id: user.id,
      section_name: 'Tasks',
      section_type: 'tasks',
    })
    .returning()
    .get()
  const item = db
    .insert(sectionItems)
    .values({
      section_id: section.id,
      user_id: user.id,
      content: 'Ship it',
      item_type: 'task',
      project_id: project.id,
      assigned_to_team_member_id: member.id,
    })
    .returning()
    .get()
  db.insert(memberTasks)
    .values({ team_member_id: member.id, user_id: user.id, project_id: project.id, content: 'x' })
    .run()
  return { user, project, member, report, item }
}

describe('the database', () => {
  test('a file database gets its folder created, WAL, foreign keys and a busy timeout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cadence-db-'))
    const path = join(dir, 'nested', 'data', 'weekly.db')
    try {
      const db = openDatabase(path)
      expect(existsSync(path)).toBe(true)
      const pragma = (name: string) =>
        Object.values(db.sqlite.query(`PRAGMA ${name}`).get() as object)[0]
      expect(pragma('journal_mode')).toBe('wal')
      expect(pragma('foreign_keys')).toBe(1)
      expect(pragma('busy_timeout')).toBe(5000)
      db.sqlite.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('opening (and so migrating) the same database twice is safe and keeps the data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cadence-db-'))
    const path = join(dir, 'weekly.db')
    try {
      const first = openDatabase(path)
      seed(first)
      first.sqlite.close()
      const second = openDatabase(path)
      expect(second.select().from(projects).all()).toHaveLength(1)
      second.sqlite.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('deleting a project or team member unlinks items instead of deleting or orphaning them', () => {
    const db = openDatabase(':memory:')
    const { project, member, item } = seed(db)
    db.delete(projects).where(eq(projects.id, project.id)).run()
    db.delete(teamMembers).where(eq(teamMembers.id, member.id)).run()
    const after = db.select().from(sectionItems).where(eq(sectionItems.id, item.id)).get()
    expect(after).toMatchObject({ project_id: null, assigned_to_team_member_id: null })
    // Standalone entries belong to the member and go with it.
    expect(db.select().from(memberTasks).all()).toHaveLength(0)
  })

  test('deleting a report removes its sections and items; deleting a user removes everything', () => {
    const db = openDatabase(':memory:')
    const { report } = seed(db)
    db.delete(reports).where(eq(reports.id, report.id)).run()
    expect(db.select().from(reportSections).all()).toHaveLength(0)
    expect(db.select().from(sectionItems).all()).toHaveLength(0)
    const other = openDatabase(':memory:')
    seed(other)
    other.delete(users).run()
    const tables = [sessions, userSettings, projects, teamMembers, reports, reportSections]
    for (const table of [...tables, sectionItems, memberTasks]) {
      expect(other.select().from(table).all()).toHaveLength(0)
    }
  })

  test('a row pointing at a missing parent is refused', () => {
    const db = openDatabase(':memory:')
    expect(() =>
      db.insert(projects).values({ user_id: 999, uuid: crypto.randomUUID(), name: 'Orphan' }).run(),
    ).toThrow()
  })
})
