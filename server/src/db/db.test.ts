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

async function seed(db: ReturnType<typeof openDatabase>) {
  const user = (
    await db.orm
      .insert(users)
      .values({ provider: 'dev', provider_user_id: 'a@x.io', email: 'a@x.io' })
      .returning()
  )[0]
  await db.orm.insert(userSettings).values({ user_id: user.id })
  await db.orm
    .insert(sessions)
    .values({ id: 'h', user_id: user.id, expires_at: new Date().toISOString() })

  const project = (
    await db.orm
      .insert(projects)
      .values({ user_id: user.id, uuid: crypto.randomUUID(), name: 'Apollo' })
      .returning()
  )[0]
  const member = (
    await db.orm
      .insert(teamMembers)
      .values({ user_id: user.id, uuid: crypto.randomUUID(), name: 'Bo', email: 'bo@x.io' })
      .returning()
  )[0]
  const report = (
    await db.orm
      .insert(reports)
      .values({ user_id: user.id, uuid: crypto.randomUUID(), week_start_date: '2026-11-16' })
      .returning()
  )[0]
  const section = (
    await db.orm
      .insert(reportSections)
      .values({
        report_id: report.id,
        user_id: user.id,
        section_name: 'Tasks',
        section_type: 'tasks',
      })
      .returning()
  )[0]
  const item = (
    await db.orm
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
  )[0]
  await db.orm
    .insert(memberTasks)
    .values({ team_member_id: member.id, user_id: user.id, project_id: project.id, content: 'x' })

  return { user, project, member, report, item }
}

describe('the database', () => {
  test('a file database gets its folder created, WAL, foreign keys and a busy timeout', async () => {
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

  test('opening (and so migrating) the same database twice is safe and keeps the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cadence-db-'))
    const path = join(dir, 'weekly.db')
    try {
      const first = openDatabase(path)
      await seed(first)
      first.sqlite.close()
      const second = openDatabase(path)
      expect(await second.orm.select().from(projects)).toHaveLength(1)
      second.sqlite.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('deleting a project or team member unlinks items instead of deleting or orphaning them', async () => {
    const db = openDatabase(':memory:')
    const { project, member, item } = await seed(db)
    await db.orm.delete(projects).where(eq(projects.id, project.id))
    await db.orm.delete(teamMembers).where(eq(teamMembers.id, member.id))
    const after = (await db.orm.select().from(sectionItems).where(eq(sectionItems.id, item.id)))[0]
    expect(after).toMatchObject({ project_id: null, assigned_to_team_member_id: null })
    // Standalone entries belong to the member and go with it.
    expect(await db.orm.select().from(memberTasks)).toHaveLength(0)
  })

  test('deleting a report removes its sections and items; deleting a user removes everything', async () => {
    const db = openDatabase(':memory:')
    const { report } = await seed(db)
    await db.orm.delete(reports).where(eq(reports.id, report.id))
    expect(await db.orm.select().from(reportSections)).toHaveLength(0)
    expect(await db.orm.select().from(sectionItems)).toHaveLength(0)
    const other = openDatabase(':memory:')
    await seed(other)
    await other.orm.delete(users)
    const tables = [sessions, userSettings, projects, teamMembers, reports, reportSections]
    for (const table of [...tables, sectionItems, memberTasks]) {
      expect(await other.orm.select().from(table)).toHaveLength(0)
    }
  })

  test('a row pointing at a missing parent is refused', async () => {
    const db = openDatabase(':memory:')
    const orphan = db.orm
      .insert(projects)
      .values({ user_id: 999, uuid: crypto.randomUUID(), name: 'Orphan' })
    await expect(Promise.resolve(orphan)).rejects.toThrow()
  })
})
