import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import type { Engine } from '../db'
import {
  deliveries,
  memberTasks,
  projects,
  reports,
  sectionTemplates,
  shares,
  teamMembers,
  users,
} from '../db/schema'
import { LIST_CAPS, OBJECT_LIMITS } from '../lib/limits'
import { createTestApp, signIn } from '../test/helpers'

/**
 * Hardening, item 3: the number of rows any list answers is bounded. An account holds at most
 * OBJECT_LIMITS of each kind (a create past it answers 403 saying so and writes nothing; an
 * account import that would pass it is refused whole), and the lists that grow with time answer
 * the newest LIST_CAPS rows. The rows are written straight into the database: what is tested is
 * the bound, not how fast the API makes a thousand projects.
 */

/** Inserts rows in chunks (each engine bounds the parameters of one statement). */
async function bulk<T>(db: Engine, table: Parameters<Engine['orm']['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 200)
    await db.orm.insert(table).values(rows.slice(i, i + 200) as never)
}

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const [me] = await ctx.db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
  return { ...ctx, ada, userId: me.id }
}

const count = async (db: Engine, table: string, userId: number) =>
  Number(
    (
      await db.rows<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM ${sql.raw(table)} WHERE user_id = ${userId}`,
      )
    )[0].n,
  )

describe('objects per account', () => {
  test('projects, team members and templates stop at their limit with a clear 403; the lists hold them all', async () => {
    const { db, ada, userId } = await setup()
    const n = (k: number) => String(k).padStart(4, '0')
    await bulk(
      db,
      projects,
      Array.from({ length: OBJECT_LIMITS.projects }, (_, k) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        name: `Project ${n(k)}`,
      })),
    )
    await bulk(
      db,
      teamMembers,
      Array.from({ length: OBJECT_LIMITS.teamMembers }, (_, k) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        name: `Member ${n(k)}`,
        email: `m${k}@example.com`,
      })),
    )
    await bulk(
      db,
      sectionTemplates,
      Array.from({ length: OBJECT_LIMITS.sectionTemplates }, (_, k) => ({
        user_id: userId,
        name: `Section ${n(k)}`,
        type: 'standard',
        sort_order: k,
      })),
    )
    const refused = [
      [await ada.api.projects.post({ name: 'One more' }), 'projects', 'projects per account'],
      [
        await ada.api['team-members'].post({ name: 'One more', email: 'more@example.com' }),
        'team_members',
        'team members per account',
      ],
      [
        await ada.api['section-templates'].post({ name: 'One more', type: 'standard' }),
        'section_templates',
        'section templates per account',
      ],
    ] as const
    for (const [res, table, what] of refused) {
      expect({ table, status: res.status }).toEqual({ table, status: 403 })
      expect(res.error?.value).toEqual({ error: expect.stringContaining(what) })
      expect(res.error?.value).toEqual({
        error: expect.stringContaining('delete or combine some first'),
      })
    }
    expect(await count(db, 'projects', userId)).toBe(OBJECT_LIMITS.projects)
    expect(await count(db, 'team_members', userId)).toBe(OBJECT_LIMITS.teamMembers)
    expect(await count(db, 'section_templates', userId)).toBe(OBJECT_LIMITS.sectionTemplates)
    expect((await ada.api.projects.get()).data).toHaveLength(OBJECT_LIMITS.projects)
    expect((await ada.api['team-members'].get()).data).toHaveLength(OBJECT_LIMITS.teamMembers)
    // One fewer makes room again.
    const [first] = (await ada.api.projects.get()).data!
    expect((await ada.api.projects({ uuid: first.uuid }).delete()).status).toBe(200)
    expect((await ada.api.projects.post({ name: 'Now it fits' })).status).toBe(200)
  })

  test("a team member's tasks stop at their limit; the list answers them all", async () => {
    const { db, ada, userId } = await setup()
    const member = (await ada.api['team-members'].post({ name: 'Tom', email: 't@example.com' }))
      .data!
    await bulk(
      db,
      memberTasks,
      Array.from({ length: OBJECT_LIMITS.memberEntries }, (_, k) => ({
        user_id: userId,
        team_member_id: member.id,
        content: `Task ${k}`,
      })),
    )
    const tasks = (uuid: string) => ada.api['team-members']({ uuid }).tasks
    const more = await tasks(member.uuid).post({ content: 'One more' })
    expect(more.status).toBe(403)
    expect(more.error?.value).toEqual({
      error: `At most ${OBJECT_LIMITS.memberEntries.toLocaleString('en-US')} tasks per team member; delete or combine some first`,
    })
    expect((await tasks(member.uuid).get()).data).toHaveLength(OBJECT_LIMITS.memberEntries)
    // Another member has room of their own.
    const ana = (await ada.api['team-members'].post({ name: 'Ana', email: 'a@example.com' })).data!
    expect((await tasks(ana.uuid).post({ content: 'x' })).status).toBe(200)
  })

  test('an account import that would pass a limit is refused whole', async () => {
    const { db, ada, userId } = await setup()
    await bulk(
      db,
      projects,
      Array.from({ length: OBJECT_LIMITS.projects - 1 }, (_, k) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        name: `Project ${k}`,
      })),
    )
    const doc = (await ada.api.export.get()).data!
    // Two new names (one would fit), and one already there (merged by name).
    doc.projects = [
      { id: 1, name: 'Imported A', status: 'active' },
      { id: 2, name: 'Imported B', status: 'active' },
      { id: 3, name: 'Project 0', status: 'active' },
    ]
    // The export's answer type is not the import's body type (the export's settings and rows are
    // open records; the import's weekdays infer as `never`), so the file goes by its path.
    const res = await ada.post('/api/import', doc)
    expect(res.status).toBe(403)
    expect(res.json.error).toContain('projects per account')
    expect(await count(db, 'projects', userId)).toBe(OBJECT_LIMITS.projects - 1)
    doc.projects = doc.projects.slice(1)
    expect((await ada.post('/api/import', doc)).status).toBe(200)
    expect(await count(db, 'projects', userId)).toBe(OBJECT_LIMITS.projects)
  })
})

describe('lists that grow with time answer the newest', () => {
  test('reports, links, deliveries and teams are cut at their caps, newest first', async () => {
    const { db, ada, userId } = await setup()
    const day = (k: number) => new Date(Date.UTC(1990, 0, 1) + k * 7 * 86_400_000)
    await bulk(
      db,
      reports,
      Array.from({ length: LIST_CAPS.reports + 1 }, (_, k) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        week_start_date: day(k).toISOString().slice(0, 10),
      })),
    )
    const listed = (await ada.api.reports.get()).data!
    expect(listed).toHaveLength(LIST_CAPS.reports)
    expect(listed[0].week_start_date).toBe(day(LIST_CAPS.reports).toISOString().slice(0, 10))
    expect(listed.at(-1)?.week_start_date).toBe(day(1).toISOString().slice(0, 10))

    const [report] = await db.orm.select().from(reports).where(eq(reports.user_id, userId)).limit(1)
    await bulk(
      db,
      shares,
      Array.from({ length: LIST_CAPS.shares + 1 }, (_, k) => ({
        user_id: userId,
        report_id: report.id,
        token_hash: `hash-${k}`,
      })),
    )
    expect((await ada.api.shares.get()).data?.shares).toHaveLength(LIST_CAPS.shares)

    await bulk(
      db,
      deliveries,
      Array.from({ length: LIST_CAPS.deliveries + 1 }, () => ({
        user_id: userId,
        report_id: report.id,
        kind: 'report',
        week_start_date: report.week_start_date,
        recipients: '["boss@example.com"]',
        status: 'sent',
      })),
    )
    expect((await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data).toHaveLength(
      LIST_CAPS.deliveries,
    )

    // On more executives' teams than the cap: the list is cut, the links all stay.
    await bulk(
      db,
      users,
      Array.from({ length: LIST_CAPS.myTeams + 1 }, (_, k) => ({
        provider: 'dev',
        provider_user_id: `exec-${k}`,
        email: `exec${k}@example.com`,
      })),
    )
    const execs = await db.rows<{ id: number }>(
      sql`SELECT id FROM users WHERE provider_user_id LIKE 'exec-%'`,
    )
    await bulk(
      db,
      teamMembers,
      execs.map((e, k) => ({
        user_id: e.id,
        uuid: crypto.randomUUID(),
        name: `Ada ${k}`,
        email: 'ada@example.com',
        linked_user_id: userId,
      })),
    )
    expect((await ada.api['my-teams'].get()).data?.teams).toHaveLength(LIST_CAPS.myTeams)
  })
})
