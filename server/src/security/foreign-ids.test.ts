// Security review, item 10: foreign ids inside request bodies. Another user names the owner's
// objects in the body of a request on their own objects: every such reference is refused (404)
// and nothing of either account changes.
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { type Client, createTestApp, signIn } from '../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setUp() {
  const ctx = await createTestApp()
  const make = async (who: Client) => {
    await who.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
    const project = (await who.api.projects.post({ name: 'Project' })).data!
    const spare = (await who.api.projects.post({ name: 'Spare' })).data!
    const member = (await who.api['team-members'].post({ name: 'M', email: 'm@example.com' })).data!
    const report = (await who.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const section = report.sections[0]
    const item = (await who.api['section-items'].post({ section_id: section.id, content: 'Item' }))
      .data!
    const task = (
      await who.api['team-members']({ uuid: member.uuid }).tasks.post({ content: 'Task' })
    ).data!
    return { project, spare, member, report, section, item, task }
  }
  const owner = await signIn(ctx.app, 'owner@example.com')
  const other = await signIn(ctx.app, 'other@example.com')
  return { ...ctx, owner, other, o: await make(owner), m: await make(other) }
}
type Setup = Awaited<ReturnType<typeof setUp>>
type Answer = { status: number; data: unknown; error: { value: unknown } | null }

/** Each case: the other user's request on their own object, naming one of the owner's objects. */
const CASES: Array<[string, (s: Setup) => Promise<Answer>]> = [
  [
    'a new item in the owner’s section',
    (s) => s.other.api['section-items'].post({ section_id: s.o.section.id, content: 'x' }),
  ],
  [
    'a new item on the owner’s project',
    (s) =>
      s.other.api['section-items'].post({
        section_id: s.m.section.id,
        content: 'x',
        project_id: s.o.project.id,
      }),
  ],
  [
    'a new item assigned to the owner’s member',
    (s) =>
      s.other.api['section-items'].post({
        section_id: s.m.section.id,
        content: 'x',
        assigned_to_team_member_id: s.o.member.id,
      }),
  ],
  [
    'an item moved to the owner’s project',
    (s) => s.other.api['section-items']({ id: s.m.item.id }).put({ project_id: s.o.project.id }),
  ],
  [
    'an item assigned to the owner’s member',
    (s) =>
      s.other.api['section-items']({ id: s.m.item.id }).put({
        assigned_to_team_member_id: s.o.member.id,
      }),
  ],
  [
    'a member task on the owner’s project',
    (s) =>
      s.other.api['team-members']({ uuid: s.m.member.uuid }).tasks.post({
        content: 'x',
        project_id: s.o.project.id,
      }),
  ],
  [
    'a member task moved to the owner’s project',
    (s) =>
      s.other.api['team-members'].tasks({ id: s.m.task.id }).put({ project_id: s.o.project.id }),
  ],
  [
    'a project deleted into the owner’s project',
    (s) =>
      s.other.api.projects({ uuid: s.m.spare.uuid }).delete({ move_to_project_id: s.o.project.id }),
  ],
  [
    'the owner’s projects combined with one’s own',
    (s) =>
      s.other.api.projects.combine.post({
        projectUuids: [s.m.project.uuid, s.o.project.uuid],
        newProjectName: 'Mine now',
      }),
  ],
  [
    'the owner’s template in one’s reorder',
    (s) =>
      s.other.api['section-templates'].reorder.put({
        sections: [
          { id: 1, sort_order: 5 },
          { id: 2, sort_order: 4 },
        ],
      }),
  ],
]

/** Every row of both accounts, to compare before and after. */
async function everything(s: Setup) {
  const dump: string[] = []
  for (const table of [
    'projects',
    'team_members',
    'report_sections',
    'section_items',
    'member_tasks',
    'section_templates',
  ])
    dump.push(JSON.stringify(await s.db.rows(sql.raw(`SELECT * FROM ${table} ORDER BY id`))))
  return dump.join('\n')
}

describe('foreign ids inside request bodies', () => {
  for (const [name, build] of CASES) {
    test(`${name}: refused, nothing changes`, async () => {
      const s = await setUp()
      const before = await everything(s)
      const res = await build(s)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(JSON.stringify(res.error?.value ?? res.data)).not.toContain('owner@example.com')
      expect(await everything(s)).toBe(before)
    })
  }
})
