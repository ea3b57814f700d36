import { describe, expect, test } from 'bun:test'
import { reportSections, reports, sectionItems } from '../../db/schema'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

describe('team members', () => {
  test('create, list sorted by name with the five counts, update', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const res = await ada.api['team-members'].post({
      name: 'Zoe',
      title: 'CTO',
      email: 'Zoe@Example.com',
    })
    expect(res.status).toBe(200)
    // Read before toMatchObject: bun's asymmetric matchers can write into the object they match.
    const uuid: string = res.data!.uuid
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.data!).toMatchObject({ name: 'Zoe', title: 'CTO', email: 'zoe@example.com' })
    await ada.api['team-members'].post({ name: 'Abe', email: 'abe@example.com' })
    const list = (await ada.api['team-members'].get()).data!
    expect(list.map((m: { name: string }) => m.name)).toEqual(['Abe', 'Zoe'])
    expect(list[0]).toMatchObject({
      title: null,
      report_tasks_count: 0,
      standalone_tasks_count: 0,
      report_followups_count: 0,
      standalone_followups_count: 0,
      talking_points_count: 0,
    })
    const up = await ada.api['team-members']({ uuid }).put({ title: 'CEO' })
    expect(up.data!).toMatchObject({ name: 'Zoe', title: 'CEO' })
  })

  test('validation messages', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    // Bodies the types refuse go by path.
    const noName = await ada.post('/api/team-members', { email: 'a@example.com' })
    expect(noName.json.error).toBe('Name is required')
    expect(
      (await ada.api['team-members'].post({ name: ' ', email: 'a@example.com' })).error?.value,
    ).toEqual({ error: 'Name is required' })
    const badEmail = await ada.api['team-members'].post({ name: 'A', email: 'not-an-email' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.error?.value).toEqual({ error: 'Enter a valid e-mail or leave it empty' })
    const m = (await ada.api['team-members'].post({ name: 'A', email: 'a@example.com' })).data!
    expect(
      (await ada.api['team-members']({ uuid: m.uuid }).put({ email: 'nope' })).error?.value,
    ).toEqual({ error: 'Enter a valid e-mail or leave it empty' })
    expect(
      (await ada.api['team-members']({ uuid: m.uuid }).put({ name: '' })).error?.value,
    ).toEqual({ error: 'Name is required' })
    expect((await ada.api['team-members'].get()).data!).toHaveLength(1)
  })

  test('a member can be added without an e-mail, and given one later (issue 46)', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const noEmail = await ada.api['team-members'].post({ name: 'Nia' })
    expect(noEmail.status).toBe(200)
    expect(noEmail.data!).toMatchObject({ name: 'Nia', email: '' })
    const empty = await ada.api['team-members'].post({ name: 'Noor', email: '  ' as string })
    expect(empty.status).toBe(400)
    const blank = await ada.api['team-members'].post({ name: 'Noor', email: '' })
    expect(blank.data!).toMatchObject({ name: 'Noor', email: '' })
    const nulled = await ada.api['team-members'].post({ name: 'Nell', email: null })
    expect(nulled.data!).toMatchObject({ name: 'Nell', email: '' })
    const uuid = noEmail.data!.uuid
    const given = await ada.api['team-members']({ uuid }).put({ email: 'Nia@Example.com' })
    expect(given.data!).toMatchObject({ email: 'nia@example.com' })
    const cleared = await ada.api['team-members']({ uuid }).put({ email: '' })
    expect(cleared.data!).toMatchObject({ email: '' })
    // Without an e-mail there is no one to invite: a clear 400, nothing made.
    const invite = await ada.post(`/api/team-members/${uuid}/invitations`, {})
    expect(invite.status).toBe(400)
    expect(invite.json.error).toBe('Add an e-mail for Nia before inviting them')
    expect((await ada.api['team-members'].get()).data!).toHaveLength(3)
  })

  for (const kind of ['talking-points', 'tasks', 'followups'] as const) {
    test(`${kind}: add, list, toggle, edit, delete; content is required`, async () => {
      const { app } = await createTestApp()
      const ada = await signIn(app, 'ada@example.com')
      const m = (await ada.api['team-members'].post({ name: 'Bo', email: 'bo@example.com' })).data!
      const p = (await ada.api.projects.post({ name: 'Apollo' })).data!
      // The member's list of this kind, and one entry of it (the routes are generic in the kind).
      const list = ada.api['team-members']({ uuid: m.uuid })[kind]
      const entry = (id: number) => ada.api['team-members'][kind]({ id })
      expect((await list.post({ content: '' })).error?.value).toEqual({
        error: 'Content is required',
      })
      const created = await list.post({ content: 'Budget', project_id: p.id })
      expect(created.status).toBe(200)
      expect(created.data!).toMatchObject({
        content: 'Budget',
        project_id: p.id,
        is_completed: false,
      })
      const id = created.data!.id
      expect((await list.get()).data!).toHaveLength(1)
      expect((await entry(id).put({ is_completed: true })).data!.is_completed).toBe(true)
      expect((await entry(id).put({ content: 'Budget v2' })).data!.content).toBe('Budget v2')
      expect((await entry(id).delete()).status).toBe(200)
      expect((await list.get()).data!).toHaveLength(0)
    })
  }

  test('the member dashboard gathers assigned report items and standalone entries', async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const userId = (await ada.api.users.me.get()).data!.id
    const m = (await ada.api['team-members'].post({ name: 'Bo', email: 'bo@example.com' })).data!
    const report = (
      await db.orm
        .insert(reports)
        .values({
          user_id: userId,
          uuid: crypto.randomUUID(),
          week_start_date: '2026-11-16',
          title: 'W47',
        })
        .returning()
    )[0]
    const section = (
      await db.orm
        .insert(reportSections)
        .values({
          report_id: report.id,
          user_id: userId,
          section_name: 'Tasks',
          section_type: 'tasks',
        })
        .returning()
    )[0]
    await db.orm.insert(sectionItems).values([
      {
        section_id: section.id,
        user_id: userId,
        content: 'Hire',
        item_type: 'task',
        assigned_to_team_member_id: m.id,
      },
      {
        section_id: section.id,
        user_id: userId,
        content: 'Call',
        item_type: 'followup',
        assigned_to_team_member_id: m.id,
      },
    ])

    await ada.api['team-members']({ uuid: m.uuid })['talking-points'].post({ content: 'Growth' })
    const dash = (await ada.api['team-members']({ uuid: m.uuid }).dashboard.get()).data!
    expect(dash.teamMember).toMatchObject({
      name: 'Bo',
      report_tasks_count: 1,
      report_followups_count: 1,
      talking_points_count: 1,
    })
    expect(dash.assignedTasks[0]).toMatchObject({
      content: 'Hire',
      report_title: 'W47',
      report_week_start_date: '2026-11-16',
    })
    expect(dash.assignedFollowups).toHaveLength(1)
    expect(dash.talkingPoints).toHaveLength(1)
    expect(dash.standaloneTasks).toEqual([])
    expect(dash.standaloneFollowups).toEqual([])
  })

  test("another user's member and entries answer 404 and never appear", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const m = (await ada.api['team-members'].post({ name: 'Bo', email: 'bo@example.com' })).data!
    const tp = (
      await ada.api['team-members']({ uuid: m.uuid })['talking-points'].post({ content: 'Secret' })
    ).data!
    const bobsProject = (await bob.api.projects.post({ name: 'B' })).data!
    expect((await bob.api['team-members'].get()).data!).toEqual([])
    const bobsView = bob.api['team-members']({ uuid: m.uuid })
    for (const read of [
      bobsView.get,
      bobsView.dashboard.get,
      bobsView['talking-points'].get,
      bobsView.tasks.get,
      bobsView.followups.get,
    ])
      expect((await read()).status).toBe(404)
    expect(
      (await bob.api['team-members']({ uuid: m.uuid }).tasks.post({ content: 'x' })).status,
    ).toBe(404)
    expect((await bob.api['team-members']({ uuid: m.uuid }).put({ name: 'Hacked' })).status).toBe(
      404,
    )
    expect(
      (await bob.api['team-members']['talking-points']({ id: tp.id }).put({ is_completed: true }))
        .status,
    ).toBe(404)
    expect((await bob.api['team-members']['talking-points']({ id: tp.id }).delete()).status).toBe(
      404,
    )
    // Ada cannot tag her entries with Bob's project either.
    const foreign = await ada.api['team-members']({ uuid: m.uuid }).tasks.post({
      content: 'x',
      project_id: bobsProject.id,
    })
    expect(foreign.status).toBe(404)
    expect(
      (await ada.api['team-members']({ uuid: m.uuid })['talking-points'].get()).data![0]
        .is_completed,
    ).toBe(false)
    expect((await makeClient(app).api['team-members'].get()).status).toBe(401)
  })
})
