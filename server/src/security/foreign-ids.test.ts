// Security review, item 10: foreign ids inside request bodies. Another user names the owner's
// objects in the body of a request on their own objects: every such reference is refused (404)
// and nothing of either account changes.
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { type Client, createTestApp, signIn } from '../test/helpers'

async function setUp() {
  const ctx = await createTestApp()
  const make = async (who: Client) => {
    await who.post('/api/section-templates', { name: 'Tasks', type: 'tasks' })
    const project = (await who.post('/api/projects', { name: 'Project' })).json
    const spare = (await who.post('/api/projects', { name: 'Spare' })).json
    const member = (await who.post('/api/team-members', { name: 'M', email: 'm@example.com' })).json
    const report = (await who.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const section = report.sections[0]
    const item = (await who.post('/api/section-items', { section_id: section.id, content: 'Item' }))
      .json
    const task = (await who.post(`/api/team-members/${member.uuid}/tasks`, { content: 'Task' }))
      .json
    return { project, spare, member, report, section, item, task }
  }
  const owner = await signIn(ctx.app, 'owner@example.com')
  const other = await signIn(ctx.app, 'other@example.com')
  return { ...ctx, owner, other, o: await make(owner), m: await make(other) }
}
type Setup = Awaited<ReturnType<typeof setUp>>

/** Each case: the other user's request on their own object, naming one of the owner's objects. */
const CASES: Array<[string, (s: Setup) => [string, string, unknown]]> = [
  [
    'a new item in the owner’s section',
    (s) => ['POST', '/api/section-items', { section_id: s.o.section.id, content: 'x' }],
  ],
  [
    'a new item on the owner’s project',
    (s) => [
      'POST',
      '/api/section-items',
      { section_id: s.m.section.id, content: 'x', project_id: s.o.project.id },
    ],
  ],
  [
    'a new item assigned to the owner’s member',
    (s) => [
      'POST',
      '/api/section-items',
      { section_id: s.m.section.id, content: 'x', assigned_to_team_member_id: s.o.member.id },
    ],
  ],
  [
    'an item moved to the owner’s project',
    (s) => ['PUT', `/api/section-items/${s.m.item.id}`, { project_id: s.o.project.id }],
  ],
  [
    'an item assigned to the owner’s member',
    (s) => [
      'PUT',
      `/api/section-items/${s.m.item.id}`,
      { assigned_to_team_member_id: s.o.member.id },
    ],
  ],
  [
    'a member task on the owner’s project',
    (s) => [
      'POST',
      `/api/team-members/${s.m.member.uuid}/tasks`,
      { content: 'x', project_id: s.o.project.id },
    ],
  ],
  [
    'a member task moved to the owner’s project',
    (s) => ['PUT', `/api/team-members/tasks/${s.m.task.id}`, { project_id: s.o.project.id }],
  ],
  [
    'a project deleted into the owner’s project',
    (s) => ['DELETE', `/api/projects/${s.m.spare.uuid}`, { move_to_project_id: s.o.project.id }],
  ],
  [
    'the owner’s projects combined with one’s own',
    (s) => [
      'POST',
      '/api/projects/combine',
      { projectUuids: [s.m.project.uuid, s.o.project.uuid], newProjectName: 'Mine now' },
    ],
  ],
  [
    'the owner’s template in one’s reorder',
    (_s) => [
      'PUT',
      '/api/section-templates/reorder',
      {
        sections: [
          { id: 1, sort_order: 5 },
          { id: 2, sort_order: 4 },
        ],
      },
    ],
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
      const [method, path, body] = build(s)
      const res = await s.other.request(method, path, body)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.text).not.toContain('owner@example.com')
      expect(await everything(s)).toBe(before)
    })
  }
})
