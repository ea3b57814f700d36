import { describe, expect } from 'bun:test'
import type { ReportDetail } from '@cadence/contract'
import { eq } from 'drizzle-orm'
import type { SqliteDb } from '../../db'
import { sectionItems, users } from '../../db/schema'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'
import { ITEM_PAGE } from './read/find'

// Weeks relative to the real current week (the server ages items against today), Monday start.
const week = (n: number) => addDays(thisWeek(), 7 * n)

type Report = Pick<ReportDetail, 'sections'>
type Item = Report['sections'][number]['items'][number]

async function setup(engine?: 'sqlite') {
  const ctx = await createTestApp({}, engine)
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const project = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const member = (await ada.api['team-members'].post({ name: 'Grace', email: 'g@example.com' }))
    .data!
  return { ...ctx, ada, project, member }
}

const create = async (client: Client, weekStartDate: string, extra: object = {}) => {
  const res = await client.api.reports.post({ week_start_date: weekStartDate, ...extra })
  expect(res.status).toBe(200)
  return res.data!
}
const load = async (client: Client, uuid: string) =>
  (await client.api.reports({ uuid }).get()).data!
const section = (r: Report, name: string) => r.sections.find((s) => s.section_name === name)!
const items = (r: Report) => r.sections.flatMap((s) => s.items)
const add = async (client: Client, sectionId: number, content: string, extra: object = {}) =>
  (await client.api['section-items'].post({ section_id: sectionId, content, ...extra }))
    .data! as Item
const complete = (client: Client, id: number) =>
  client.api['section-items']({ id }).put({ is_completed: true })

describe('carry-over', () => {
  test('open tasks and follow-ups chain across several weeks, keeping project and assignee', async () => {
    const { ada, project, member } = await setup()
    const first = await create(ada, week(-3))
    expect(first.carried_count).toBe(0)
    const a = await add(ada, section(first, 'Action Items').id, 'Ship the API', {
      project_id: project.id,
      assigned_to_team_member_id: member.id,
    })
    const b = await add(ada, section(first, 'Follow-ups').id, 'Call the vendor')
    expect(b).toMatchObject({
      carried_from_item_id: null,
      carried_forward: false,
      origin_week_start_date: week(-3),
      open_weeks: 3,
      is_stalled: true,
    })
    const done = await add(ada, section(first, 'Action Items').id, 'Already done')
    await complete(ada, done.id)
    await add(ada, section(first, 'Highlights').id, 'A good week')

    const second = await create(ada, week(-2))
    expect(second.carried_count).toBe(2)
    const [a2] = section(second, 'Action Items').items
    const [b2] = section(second, 'Follow-ups').items
    expect(section(second, 'Highlights').items).toEqual([])
    expect(section(second, 'Action Items').items).toHaveLength(1)
    expect(a2).toMatchObject({
      content: 'Ship the API',
      item_type: 'task',
      is_completed: false,
      project_id: project.id,
      assigned_to_team_member_id: member.id,
      carried_from_item_id: a.id,
      origin_week_start_date: week(-3),
    })
    expect(b2).toMatchObject({ content: 'Call the vendor', carried_from_item_id: b.id })
    // Item writes answer the item with its ageing too.
    const completed = await complete(ada, b2.id)
    expect(completed.data!).toMatchObject({
      is_completed: true,
      carried_from_item_id: b.id,
      carried_forward: false,
      origin_week_start_date: week(-3),
      open_weeks: 1,
      is_stalled: false,
    })

    const third = await create(ada, week(-1))
    expect(third.carried_count).toBe(1)
    const [a3] = section(third, 'Action Items').items
    expect(a3.carried_from_item_id).toBe(a2.id)
    expect(section(third, 'Follow-ups').items).toEqual([])

    const fourth = await create(ada, week(0))
    expect(fourth.carried_count).toBe(1)
    const [a4] = section(fourth, 'Action Items').items
    expect(a4).toMatchObject({
      carried_from_item_id: a3.id,
      carried_forward: false,
      origin_week_start_date: week(-3),
      open_weeks: 3,
      is_stalled: true,
    })

    // The old copies stay open in their reports as history, aged up to their own week.
    const old = items(await load(ada, first.uuid)).find((i) => i.id === a.id)!
    expect(old).toMatchObject({
      is_completed: false,
      carried_from_item_id: null,
      carried_forward: true,
      origin_week_start_date: week(-3),
      open_weeks: 0,
      is_stalled: false,
    })
    const middle = items(await load(ada, third.uuid)).find((i) => i.id === a3.id)!
    expect(middle).toMatchObject({ carried_forward: true, open_weeks: 2, is_stalled: false })
    const b2Now = items(await load(ada, second.uuid)).find((i) => i.id === b2.id)!
    expect(b2Now).toMatchObject({ is_completed: true, open_weeks: 1, is_stalled: false })

    // The dashboard lists only the newest copy of a chain.
    const dash = (await ada.api.dashboard.get()).data!
    expect(dash.activeTasks.map((i: Item) => i.id)).toEqual([a4.id])
    expect(dash.activeTasks[0]).toMatchObject({
      origin_week_start_date: week(-3),
      open_weeks: 3,
      is_stalled: true,
      carried_forward: false,
      report_uuid: fourth.uuid,
    })
    // b was carried forward, and its copy is completed: nothing open.
    expect(dash.activeFollowups).toEqual([])

    // The member's pages count and list the newest copy only.
    const memberPage = (await ada.api['team-members']({ uuid: member.uuid }).dashboard.get()).data!
    expect(memberPage.teamMember.report_tasks_count).toBe(1)
    expect(memberPage.assignedTasks.map((i: Item) => i.id)).toEqual([a4.id])
    expect(memberPage.assignedTasks[0]).toMatchObject({ open_weeks: 3, is_stalled: true })
  })

  test('carrying twice never duplicates; the explicit carry is idempotent', async () => {
    const { ada } = await setup()
    const first = await create(ada, week(-2))
    await add(ada, section(first, 'Action Items').id, 'Task one')
    await add(ada, section(first, 'Follow-ups').id, 'Follow-up one')
    const second = await create(ada, week(-1), { carry_over: false })
    expect(second.carried_count).toBe(0)
    expect(items(await load(ada, second.uuid))).toEqual([])

    const carry = await ada.api.reports({ uuid: second.uuid })['carry-over'].post()
    expect(carry.status).toBe(200)
    expect(carry.data!).toEqual({ carried: 2 })
    expect((await ada.api.reports({ uuid: second.uuid })['carry-over'].post()).data!).toEqual({
      carried: 0,
    })
    expect(items(await load(ada, second.uuid))).toHaveLength(2)

    // A new item in the source is carried by a second call, the old ones are not copied again.
    await add(ada, section(first, 'Action Items').id, 'Task two')
    expect((await ada.api.reports({ uuid: second.uuid })['carry-over'].post()).data!).toEqual({
      carried: 1,
    })
    const after = await load(ada, second.uuid)
    expect(section(after, 'Action Items').items.map((i) => i.content)).toEqual([
      'Task one',
      'Task two',
    ])

    // The next week carries from the latest report only: the copies, never the originals again.
    const third = await create(ada, week(0))
    expect(third.carried_count).toBe(3)
    const chainIds = items(after).map((i) => i.id)
    expect(items(third).every((i) => chainIds.includes(i.carried_from_item_id!))).toBe(true)
    expect((await ada.api.reports({ uuid: third.uuid })['carry-over'].post()).data!).toEqual({
      carried: 0,
    })
  })

  test('a report for a past week carries nothing, and later weeks stay untouched', async () => {
    const { ada } = await setup()
    const oldest = await create(ada, week(-3))
    await add(ada, section(oldest, 'Action Items').id, 'Old task')
    const newest = await create(ada, week(0), { carry_over: false })
    const newestItems = items(await load(ada, newest.uuid))
    expect(newestItems).toEqual([])

    const past = await create(ada, week(-2), { carry_over: true })
    expect(past.carried_count).toBe(0)
    expect(items(past)).toEqual([])
    expect((await ada.api.reports({ uuid: past.uuid })['carry-over'].post()).data!).toEqual({
      carried: 0,
    })
    expect(items(await load(ada, past.uuid))).toEqual([])
    expect(items(await load(ada, newest.uuid))).toEqual([])
    const oldTask = items(await load(ada, oldest.uuid))[0]
    expect(oldTask).toMatchObject({ carried_forward: false, open_weeks: 3, is_stalled: true })

    // The newest report still carries from the latest report before it (the past one, empty).
    expect((await ada.api.reports({ uuid: newest.uuid })['carry-over'].post()).data!).toEqual({
      carried: 0,
    })
  })

  test('the user setting decides by default and the body flag overrides it', async () => {
    const { ada } = await setup()
    const first = await create(ada, week(-4))
    await add(ada, section(first, 'Action Items').id, 'Keep me')

    // Setting off: nothing carried, although there was an open task.
    expect((await ada.api['user-settings'].put({ carry_over: false })).data!.carry_over).toBe(false)
    const off = await create(ada, week(-3))
    expect(off.carried_count).toBe(0)
    expect(items(off)).toEqual([])
    // The body flag overrides the setting.
    await add(ada, section(off, 'Action Items').id, 'Carry me')
    const forced = await create(ada, week(-2), { carry_over: true })
    expect(forced.carried_count).toBe(1)
    expect(items(forced).map((i) => i.content)).toEqual(['Carry me'])

    // Setting on, body flag false: nothing carried.
    await ada.api['user-settings'].put({ carry_over: true })
    const declined = await create(ada, week(-1), { carry_over: false })
    expect(declined.carried_count).toBe(0)
    expect(items(await load(ada, declined.uuid))).toEqual([])
    // Setting on, no flag: carried (then from the explicit carry into week -1).
    expect((await ada.api.reports({ uuid: declined.uuid })['carry-over'].post()).data!).toEqual({
      carried: 1,
    })
    const on = await create(ada, week(0))
    expect(on.carried_count).toBe(1)

    // A body the types refuse goes by path.
    const bad = await ada.post('/api/reports', { week_start_date: week(1), carry_over: 'yes' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toBe('carry_over must be true or false')
    expect((await ada.api.reports.get()).data!).toHaveLength(5)
  })

  test('sections match by name (any case) and type, else the first of the type, else none', async () => {
    const { ada } = await setup()
    const first = await create(ada, week(-1))
    await add(ada, section(first, 'Action Items').id, 'Named task')
    await add(ada, section(first, 'Follow-ups').id, 'Orphan follow-up')
    // Next week's templates: a tasks section before 'ACTION ITEMS', and no follow-ups at all.
    const templates = (await ada.api['section-templates'].get()).data! as Array<{
      id: number
      name: string
    }>
    const byName = (n: string) => templates.find((t) => t.name === n)!.id
    await ada.api['section-templates']({ id: byName('Action Items') }).put({ name: 'ACTION ITEMS' })
    await ada.api['section-templates']({ id: byName('Follow-ups') }).delete()
    const risks = (await ada.api['section-templates'].post({ name: 'Risks', type: 'tasks' })).data!
    await ada.api['section-templates'].reorder.put({
      sections: [
        { id: risks.id, sort_order: 0 },
        { id: byName('Highlights'), sort_order: 1 },
        { id: byName('Action Items'), sort_order: 2 },
      ],
    })
    const next = await create(ada, week(0))
    expect(next.carried_count).toBe(1)
    expect(next.sections.map((s) => [s.section_name, s.items.map((i) => i.content)])).toEqual([
      ['Risks', []],
      ['Highlights', []],
      ['ACTION ITEMS', ['Named task']],
    ])

    // Without a same-name section, a task goes to the first tasks section.
    await ada.api['section-templates']({ id: byName('Action Items') }).put({ name: 'Later' })
    const src = items(next)[0]
    await ada.api['section-items']({ id: src.id }).put({ content: 'Still open' })
    const after = await create(ada, week(1))
    expect(after.carried_count).toBe(1)
    expect(section(after, 'Risks').items.map((i) => i.content)).toEqual(['Still open'])
  })

  test("another user's report is 404 for carry-over and changes; a bad uuid is 400", async () => {
    const { app, ada } = await setup()
    const bob = await signIn(app, 'bob@example.com')
    const report = await create(ada, week(0))
    for (const path of [`/api/reports/${report.uuid}/carry-over`]) {
      const res = await bob.post(path)
      expect(res.status).toBe(404)
      expect(res.json.error).toBe('Report not found')
    }
    expect((await bob.api.reports({ uuid: report.uuid }).changes.get()).status).toBe(404)
    const long = 'x'.repeat(65)
    expect((await ada.api.reports({ uuid: long }).changes.get()).status).toBe(400)
    expect((await ada.api.reports({ uuid: long })['carry-over'].post()).status).toBe(400)
  })
})

describe('the report endpoint', () => {
  test('answers in the same number of queries whatever its size and chain length', async () => {
    // Counted on SQLite (its statement cache counts); the code path is the same on PostgreSQL.
    const { db, ada } = await setup('sqlite')
    const small = await create(ada, week(-1))
    await add(ada, section(small, 'Action Items').id, 'One')
    const big = await create(ada, week(0), { carry_over: false })
    for (let i = 0; i < 30; i++) {
      await add(ada, section(big, i % 2 ? 'Action Items' : 'Follow-ups').id, `Item ${i}`)
    }
    // And a chain of 3 into the big one.
    await ada.api.reports({ uuid: big.uuid })['carry-over'].post()

    // Every statement of the SQLite engine goes through its statement cache, which counts them.
    const sqlite = db as SqliteDb
    let at = sqlite.statementCount()
    const one = await load(ada, small.uuid)
    const smallCount = sqlite.statementCount() - at
    at = sqlite.statementCount()
    const many = await load(ada, big.uuid)
    const bigCount = sqlite.statementCount() - at
    expect(items(one)).toHaveLength(1)
    expect(items(many)).toHaveLength(31)
    expect(bigCount).toBe(smallCount)
    expect(smallCount).toBeGreaterThan(0)
  })
})

describe('what changed', () => {
  async function history() {
    const ctx = await setup()
    const { ada, project } = ctx
    const w3 = await create(ada, week(-3))
    await add(ada, section(w3, 'Action Items').id, 'Long task', { project_id: project.id })
    await add(ada, section(w3, 'Follow-ups').id, 'Long follow-up')
    const w2 = await create(ada, week(-2))
    const w1 = await create(ada, week(-1))
    const w0 = await create(ada, week(0))
    const followup = section(w0, 'Follow-ups').items[0]
    await complete(ada, followup.id)
    await add(ada, section(w0, 'Action Items').id, 'Fresh task', { project_id: project.id })
    await add(ada, section(w0, 'Highlights').id, 'Shipped it')
    return { ...ctx, w3, w2, w1, w0 }
  }

  test('a report counts completed, new, carried and stalled items since the previous one', async () => {
    const { ada, project, w1, w0 } = await history()
    const res = await ada.api.reports({ uuid: w0.uuid }).changes.get()
    expect(res.status).toBe(200)
    expect(res.data!.previous).toEqual({ uuid: w1.uuid, week_start_date: week(-1), title: null })
    expect(res.data!.counts).toEqual({ completed: 1, new: 2, carried: 2, stalled: 1 })
    const names = (list: Array<{ content: string }>) => list.map((i) => i.content)
    expect(names(res.data!.completed)).toEqual(['Long follow-up'])
    expect(names(res.data!.new)).toEqual(['Shipped it', 'Fresh task'])
    expect(names(res.data!.carried)).toEqual(['Long task', 'Long follow-up'])
    expect(res.data!.stalled).toEqual([
      {
        id: expect.any(Number),
        content: 'Long task',
        item_type: 'task',
        section_name: 'Action Items',
        project_id: project.id,
        project_name: 'Apollo',
        is_completed: false,
        origin_week_start_date: week(-3),
        open_weeks: 3,
      },
    ])
  })

  test('the first report has no previous one; everything in it is new', async () => {
    const { ada, w3 } = await history()
    const res = (await ada.api.reports({ uuid: w3.uuid }).changes.get()).data!
    expect(res.previous).toBeNull()
    expect(res.counts).toEqual({ completed: 0, new: 2, carried: 0, stalled: 0 })
  })

  test('a report larger than a page lists every item in report order, with its section and project', async () => {
    // Read as its page reads it (section by section in pages of ITEM_PAGE, aged a page at a time).
    const { db, ada, project } = await setup()
    const report = await create(ada, week(0))
    const ids = (name: string) => section(report, name).id
    const userId = (await db.orm.select().from(users).where(eq(users.email, 'ada@example.com')))[0]
      .id
    const rows = (sectionId: number, n: number, label: string, extra: object = {}) =>
      Array.from({ length: n }, (_, k) => ({
        section_id: sectionId,
        user_id: userId,
        content: `${label} ${k}`,
        item_type: 'task' as const,
        // Out of id order within the section: the list follows sort_order.
        sort_order: n - k,
        ...extra,
      }))
    const tasks = rows(ids('Action Items'), ITEM_PAGE + 200, 'Task', { project_id: project.id })
    const highlights = rows(ids('Highlights'), 3, 'Highlight', { item_type: 'standard' })
    for (let i = 0; i < tasks.length; i += 500)
      await db.orm.insert(sectionItems).values(tasks.slice(i, i + 500))
    await db.orm.insert(sectionItems).values(highlights)
    const res = (await ada.api.reports({ uuid: report.uuid }).changes.get()).data!
    expect(res.counts).toEqual({ completed: 0, new: ITEM_PAGE + 203, carried: 0, stalled: 0 })
    const want = [
      ...[2, 1, 0].map((k) => `Highlight ${k}`),
      ...Array.from({ length: ITEM_PAGE + 200 }, (_, k) => `Task ${ITEM_PAGE + 199 - k}`),
    ]
    expect(res.new.map((i) => i.content)).toEqual(want)
    expect(res.new[0]).toMatchObject({ section_name: 'Highlights', project_name: null })
    expect(res.new.at(-1)).toMatchObject({
      section_name: 'Action Items',
      project_id: project.id,
      project_name: 'Apollo',
      origin_week_start_date: week(0),
      open_weeks: 0,
    })
  })

  test('a project shows the counts of its items per report week, newest first', async () => {
    const { app, ada, project, w3, w2, w1, w0 } = await history()
    const res = await ada.api.projects({ uuid: project.uuid }).changes.get()
    expect(res.status).toBe(200)
    expect(res.data!.weeks).toEqual([
      {
        week_start_date: week(0),
        report_uuid: w0.uuid,
        completed: 0,
        new: 1,
        carried: 1,
        stalled: 1,
      },
      {
        week_start_date: week(-1),
        report_uuid: w1.uuid,
        completed: 0,
        new: 0,
        carried: 1,
        stalled: 0,
      },
      {
        week_start_date: week(-2),
        report_uuid: w2.uuid,
        completed: 0,
        new: 0,
        carried: 1,
        stalled: 0,
      },
      {
        week_start_date: week(-3),
        report_uuid: w3.uuid,
        completed: 0,
        new: 1,
        carried: 0,
        stalled: 0,
      },
    ])
    // The timeline's items carry the ageing fields too.
    const updates = (await ada.api.projects({ uuid: project.uuid }).updates.get()).data!
    expect(updates[0]).toMatchObject({ origin_week_start_date: week(-3), is_stalled: true })

    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.api.projects({ uuid: project.uuid }).changes.get()).status).toBe(404)
    expect((await ada.api.projects({ uuid: 'x'.repeat(65) }).changes.get()).status).toBe(400)
    const empty = (await ada.api.projects.post({ name: 'Empty' })).data!
    expect((await ada.api.projects({ uuid: empty.uuid }).changes.get()).data!).toEqual({
      weeks: [],
    })
  })
})

describe('item write answers', () => {
  // The write path computes ageing itself for an item without a chain (server/src/modules/
  // section-items/service.ts); its answers must equal what the report shows for the same items.
  test('POST and PUT answer the ageing fields the report shows, along a carried chain', async () => {
    const { ada } = await setup()
    const first = await create(ada, week(-3))
    const posted = await add(ada, section(first, 'Action Items').id, 'Chain start')
    const note = await add(ada, section(first, 'Highlights').id, 'A note')
    expect(posted).toMatchObject({
      carried_from_item_id: null,
      carried_forward: false,
      origin_week_start_date: week(-3),
      open_weeks: 3,
      is_stalled: true,
    })
    expect(note).toMatchObject({ origin_week_start_date: week(-3), open_weeks: 0 })
    await create(ada, week(-2))
    const third = await create(ada, week(-1))
    const fresh = await add(ada, section(third, 'Follow-ups').id, 'New this week')
    expect(fresh).toMatchObject({ origin_week_start_date: week(-1), open_weeks: 1 })
    await create(ada, week(0))
    const shown = new Map<number, Item>()
    for (const r of (await ada.api.reports.get()).data!) {
      for (const i of items(await load(ada, r.uuid))) shown.set(i.id, i)
    }
    const chain = [...shown.values()].filter((i) => i.content === 'Chain start')
    expect(chain.length).toBe(4)
    expect(chain.filter((i) => i.carried_forward)).toHaveLength(3)
    for (const item of [...shown.values()]) {
      const put = (
        await ada.api['section-items']({ id: item.id }).put({ content: `${item.content}` })
      ).data! as Item
      expect(put).toMatchObject({
        carried_from_item_id: item.carried_from_item_id,
        carried_forward: item.carried_forward,
        origin_week_start_date: item.origin_week_start_date,
        open_weeks: item.open_weeks,
        is_stalled: item.is_stalled,
      })
    }
    const last = chain.find((i) => !i.carried_forward)!
    expect(last.carried_from_item_id).not.toBeNull()
    const done = (await ada.api['section-items']({ id: last.id }).put({ is_completed: true }))
      .data! as Item
    expect(done).toMatchObject({ is_completed: true, origin_week_start_date: week(-3) })
    expect(done.open_weeks).toBe(3)
    const head = chain.find((i) => i.carried_from_item_id === null)!
    const reopened = (await ada.api['section-items']({ id: head.id }).put({ is_completed: false }))
      .data! as Item
    // Carried forward: it stopped ageing at its own week, its origin.
    expect(reopened).toMatchObject({ carried_forward: true, open_weeks: 0, is_stalled: false })
  })
})
