import { describe, expect } from 'bun:test'
import { addDays } from '../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../test/helpers'
import { test, thisWeek, weekFrom } from '../../test/today'

const tokenOf = (url: string) => url.split('/invite/')[1]

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// By path only: bodies the types refuse and the text export (a file).

/**
 * Ada (the executive) with Tom on her team and a task assigned to him in this week's report;
 * Tom has his own account. Not linked yet.
 */
async function setUp() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
  const tom = await signIn(ctx.app, 'tom@example.com', 'Tom Reed')
  const eve = await signIn(ctx.app, 'eve@example.com', 'Eve Stone')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
  const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const member = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
    .data!
  const report = (await ada.api.reports.post({ week_start_date: thisWeek(), carry_over: false }))
    .data!
  const task = (
    await ada.api['section-items'].post({
      section_id: report.sections[1].id,
      content: 'Draft the Apollo budget',
      project_id: apollo.id,
      assigned_to_team_member_id: member.id,
    })
  ).data!
  const own = (
    await ada.api['section-items'].post({
      section_id: report.sections[1].id,
      content: 'Ada only',
    })
  ).data!
  return { ...ctx, ada, tom, eve, apollo, member, report, task, own }
}

async function linked() {
  const s = await setUp()
  const invitation = (await s.ada.api['team-members']({ uuid: s.member.uuid }).invitations.post())
    .data!
  const accepted = await s.tom.api
    .invitations({ invitation: tokenOf(invitation.url) })
    .accept.post()
  expect(accepted.status).toBe(200)
  return { ...s, invitation }
}

/** Tom's own report of this week, with a highlight on his Apollo and a task; sent unless told. */
async function tomReport(tom: ReturnType<typeof makeClient>, send = true) {
  await tom.api['section-templates'].post({ name: 'Wins', type: 'standard' })
  await tom.api['section-templates'].post({ name: 'Next', type: 'tasks' })
  const project = (await tom.api.projects.post({ name: 'apollo' })).data!
  const report = (
    await tom.api.reports.post({
      week_start_date: thisWeek(),
      title: 'Tom week',
      carry_over: false,
    })
  ).data!
  const win = (
    await tom.api['section-items'].post({
      section_id: report.sections[0].id,
      content: 'Closed the Apollo vendor',
      project_id: project.id,
    })
  ).data!
  const next = (
    await tom.api['section-items'].post({
      section_id: report.sections[1].id,
      content: 'Hire a designer',
    })
  ).data!
  if (send)
    expect((await tom.api.reports({ uuid: report.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
  return { report, win, next }
}

describe('invitations', () => {
  // Through the typed client: the preview, accept and revoke routes share one parameter name, so
  // the client addresses them (and reads their answers typed).
  test('an invitation links whoever accepts it; the card shows Linked — <email>', async () => {
    const { app, ada, tom, member } = await setUp()
    const created = await ada.api['team-members']({ uuid: member.uuid }).invitations.post()
    expect(created.status).toBe(201)
    const invitation = created.data!
    expect(invitation.url).toStartWith('http://localhost:3000/invite/')
    const token = tokenOf(invitation.url)
    expect(token.length).toBeGreaterThanOrEqual(22)
    expect(invitation.emailed).toBe(false)
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThanOrEqual(14)

    let card = (await ada.api['team-members']({ uuid: member.uuid }).get()).data!
    expect(card.pending_invitation).toEqual({
      id: invitation.id,
      expires_at: invitation.expires_at,
    })
    expect(card.linked_user_email).toBeNull()
    expect(card).not.toHaveProperty('linked_user_id')

    // The page before signing in: two names and the masked address; never cached, no referrer.
    const anonymous = makeClient(app)
    const preview = await anonymous.api.invitations({ invitation: token }).get()
    expect(preview.status).toBe(200)
    expect(preview.data).toEqual({
      inviter_name: 'Ada Lovelace',
      team_member_name: 'Tom',
      sent_to: 't***@example.com',
    })
    expect(preview.response.headers.get('cache-control')).toBe('no-store')
    expect(preview.response.headers.get('referrer-policy')).toBe('no-referrer')
    // Accepting needs a session.
    expect((await anonymous.api.invitations({ invitation: token }).accept.post()).status).toBe(401)

    const accepted = await tom.api.invitations({ invitation: token }).accept.post()
    expect(accepted.status).toBe(200)
    expect(accepted.data).toEqual({
      success: true,
      inviter_name: 'Ada Lovelace',
      team_member_name: 'Tom',
    })
    card = (await ada.api['team-members'].get()).data![0]
    expect(card.linked_user_email).toBe('tom@example.com')
    expect(card.pending_invitation).toBeNull()
    expect((await tom.api['my-teams'].get()).data?.teams).toEqual([
      {
        team_member_uuid: member.uuid,
        executive_name: 'Ada Lovelace',
        member_name: 'Tom',
        linked_at: expect.any(String),
      },
    ])
  })

  test('a used, revoked, replaced, expired or wrong invitation says so and links nothing', async () => {
    const { db, ada, tom, eve, member } = await setUp()
    const invite = async () =>
      (await ada.api['team-members']({ uuid: member.uuid }).invitations.post()).data!
    const accept = (client: typeof eve, url: string) =>
      client.api.invitations({ invitation: tokenOf(url) }).accept.post()
    const first = await invite()
    // A new link replaces the open one.
    const second = await invite()
    const replaced = await accept(eve, first.url)
    expect(replaced.status).toBe(404)
    expect(replaced.error?.value).toEqual({ error: 'This invitation is no longer valid' })

    // Revoked.
    expect((await ada.api.invitations({ invitation: second.id }).delete()).status).toBe(200)
    expect((await eve.api.invitations({ invitation: tokenOf(second.url) }).get()).status).toBe(404)
    expect((await accept(eve, second.url)).status).toBe(404)

    // Expired.
    const third = await invite()
    await db.exec(
      (await import('drizzle-orm'))
        .sql`UPDATE invitations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${third.id}`,
    )
    expect((await accept(eve, third.url)).status).toBe(404)

    // Used: the second person through the same link links nothing.
    const fourth = await invite()
    expect((await accept(tom, fourth.url)).status).toBe(200)
    expect((await accept(eve, fourth.url)).status).toBe(404)
    const card = (await ada.api['team-members']({ uuid: member.uuid }).get()).data
    expect(card?.linked_user_email).toBe('tom@example.com')
    expect((await eve.api['my-teams'].get()).data?.teams).toEqual([])

    // Wrong.
    expect((await eve.api.invitations({ invitation: 'not-a-token' }).get()).status).toBe(404)
  })

  test('the executive cannot accept their own invitation; one person is on a team once', async () => {
    const { ada, tom, member } = await setUp()
    const own = (await ada.api['team-members']({ uuid: member.uuid }).invitations.post()).data!
    const refused = await ada.api.invitations({ invitation: tokenOf(own.url) }).accept.post()
    expect(refused.status).toBe(400)
    expect(
      (await ada.api['team-members']({ uuid: member.uuid }).get()).data!.linked_user_email,
    ).toBeNull()

    expect((await tom.api.invitations({ invitation: tokenOf(own.url) }).accept.post()).status).toBe(
      200,
    )
    // A second entry for the same person (the same address): the same account cannot take it.
    const other = (
      await ada.api['team-members'].post({ name: 'T. Reed', email: 'Tom@Example.com' })
    ).data!
    const twice = (await ada.api['team-members']({ uuid: other.uuid }).invitations.post()).data!
    const conflict = await tom.api.invitations({ invitation: tokenOf(twice.url) }).accept.post()
    expect(conflict.status).toBe(409)
    expect(conflict.error?.value).toEqual({
      error: "You are already on Ada Lovelace's team as Tom",
    })
  })

  test('a person may be on several executives’ teams', async () => {
    const { app, tom } = await linked()
    const bea = await signIn(app, 'bea@example.com', 'Bea Hale')
    const m = (await bea.api['team-members'].post({ name: 'Tommy', email: 'tom@example.com' }))
      .data!
    const inv = (await bea.api['team-members']({ uuid: m.uuid }).invitations.post()).data!
    expect((await tom.api.invitations({ invitation: tokenOf(inv.url) }).accept.post()).status).toBe(
      200,
    )
    const teams = (await tom.api['my-teams'].get()).data!.teams
    expect(teams.map((t) => t.executive_name)).toEqual(['Ada Lovelace', 'Bea Hale'])
  })
})

describe('assigned to me', () => {
  test('the member sees what is assigned to them, completes it with a note; the executive sees it at once', async () => {
    const { ada, tom, task, report } = await linked()
    const list = (await tom.api['assigned-to-me'].get()).data!
    expect(list.items).toEqual([
      {
        id: task.id,
        content: 'Draft the Apollo budget',
        is_completed: false,
        item_type: 'task',
        assigned_by_name: 'Ada Lovelace',
        project_name: 'Apollo',
        week_start_date: thisWeek(),
        note: null,
        completed_at: null,
      },
    ])
    // Ada's report is cached with an ETag: the member's change must not leave it stale.
    const before = await ada.api.reports({ uuid: report.uuid }).get()
    const etag = before.response.headers.get('etag') ?? ''

    const done = await tom.api['assigned-to-me']({ id: task.id }).put({
      is_completed: true,
      note: 'Sent to finance',
    })
    expect(done.status).toBe(200)
    expect(done.data!).toMatchObject({ is_completed: true, note: 'Sent to finance' })
    expect(done.data!.completed_at).toBeString()

    const revalidated = await ada.api
      .reports({ uuid: report.uuid })
      .get({ headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(200)
    const item = revalidated.data!.sections[1].items.find((i) => i.id === task.id)
    expect(item).toMatchObject({
      is_completed: true,
      assignee_note: 'Sent to finance',
      content: 'Draft the Apollo budget',
    })
    expect(item?.assignee_completed_at).toBe(done.data!.completed_at)

    // Reopened by the member; then completed by Ada herself: no longer 'Completed by Tom'.
    await tom.api['assigned-to-me']({ id: task.id }).put({ is_completed: false })
    let again = (await tom.api['assigned-to-me'].get()).data!.items[0]
    expect(again).toMatchObject({
      is_completed: false,
      completed_at: null,
      note: 'Sent to finance',
    })
    await tom.api['assigned-to-me']({ id: task.id }).put({ is_completed: true })
    await ada.api['section-items']({ id: task.id }).put({ is_completed: true })
    again = (await tom.api['assigned-to-me'].get()).data!.items[0]
    expect(again).toMatchObject({ is_completed: true, completed_at: null })
  })

  test('the member cannot change anything else: other items, the text, other fields', async () => {
    const { ada, tom, eve, task, own, report } = await linked()
    // Ada's own item, and one that does not exist: 404, nothing changed.
    expect(
      (await tom.api['assigned-to-me']({ id: own.id }).put({ is_completed: true })).status,
    ).toBe(404)
    expect(
      (await tom.api['assigned-to-me']({ id: 999999 }).put({ is_completed: true })).status,
    ).toBe(404)
    // The owner's item routes stay the owner's.
    expect(
      (await tom.api['section-items']({ id: task.id }).put({ content: 'Mine now' })).status,
    ).toBe(404)
    expect((await tom.api['section-items']({ id: task.id }).delete()).status).toBe(404)
    expect((await tom.api.reports({ uuid: report.uuid }).get()).status).toBe(404)
    // Other fields are dropped: only the state changes (then back).
    // Fields the body type does not have: sent by path, as a client without the types would.
    const extra = await tom.put(`/api/assigned-to-me/${task.id}`, {
      is_completed: true,
      content: 'Changed',
      section_id: own.section_id,
      assigned_to_team_member_id: null,
    })
    expect(extra.json.content).toBe('Draft the Apollo budget')
    await tom.api['assigned-to-me']({ id: task.id }).put({ is_completed: false })
    // Someone not linked sees nothing and changes nothing.
    expect((await eve.api['assigned-to-me'].get()).data!.items).toEqual([])
    expect(
      (await eve.api['assigned-to-me']({ id: task.id }).put({ is_completed: true })).status,
    ).toBe(404)
    const items = (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[1].items
    expect(items.map((i) => i.is_completed)).toEqual([false, false])
    expect(items[0]).toMatchObject({
      content: 'Draft the Apollo budget',
      assigned_to_team_member_id: task.assigned_to_team_member_id,
    })
    // A too-long note is refused.
    const long = await tom.api['assigned-to-me']({ id: task.id }).put({
      is_completed: true,
      note: 'x'.repeat(501),
    })
    expect(long.status).toBe(400)
  })

  test('a carried item shows once, as its newest copy', async () => {
    const { ada, tom, task } = await linked()
    const next = (
      await ada.api.reports.post({ week_start_date: addDays(thisWeek(), 7), carry_over: true })
    ).data!
    const copy = next.sections[1].items.find((i) => i.carried_from_item_id === task.id)
    expect(copy).toBeDefined()
    const items = (await tom.api['assigned-to-me'].get()).data!.items
    expect(items.map((i) => i.id)).toEqual([copy!.id])
    expect(
      (await tom.api['assigned-to-me']({ id: task.id }).put({ is_completed: true })).status,
    ).toBe(404)
  })
})

describe('team updates and pull', () => {
  test('a sent report reaches the executive; a draft never does', async () => {
    const { ada, tom, eve, member } = await linked()
    const { report } = await tomReport(tom, false)
    let updates = (await ada.api['team-updates'].get({ query: { week: thisWeek() } })).data!
    expect(updates.updates).toEqual([
      { team_member_uuid: member.uuid, name: 'Tom', title: null, report: null },
    ])
    await tom.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    updates = (await ada.api['team-updates'].get()).data!
    expect(updates.week_start_date).toBe(thisWeek())
    const sent = updates.updates[0].report
    expect(sent).toMatchObject({
      uuid: report.uuid,
      title: 'Tom week',
      week_start_date: thisWeek(),
    })
    expect(sent?.sections.map((s) => s.section_name)).toEqual(['Wins', 'Next'])
    expect(sent?.sections[0].items[0]).toEqual({
      id: expect.any(Number),
      content: 'Closed the Apollo vendor',
      is_completed: false,
      item_type: 'standard',
      project_name: 'apollo',
      pulled: false,
    })
    // Another week: nothing sent then.
    const earlier = (await ada.api['team-updates'].get({ query: { week: weekFrom(-1) } })).data!
    expect(earlier.updates[0].report).toBeNull()
    // Not Eve's: she has no linked member.
    expect((await eve.api['team-updates'].get()).data!.updates).toEqual([])
    // The member does not read the executive's updates of others either.
    expect((await tom.api['team-updates'].get()).data!.updates).toEqual([])
    expect((await ada.api['team-updates'].get({ query: { week: '2026-13-45' } })).status).toBe(400)
  })

  test('pull copies an item with attribution, once; the source never changes', async () => {
    const { ada, tom, eve, report, apollo } = await linked()
    const { win, next } = await tomReport(tom)
    const pulled = await ada.api
      .reports({ uuid: report.uuid })
      .pull.post({ source_item_id: win.id })
    expect(pulled.status).toBe(201)
    expect(pulled.data!).toMatchObject({
      content: 'Closed the Apollo vendor',
      source_item_id: win.id,
      source_author_name: 'Tom',
      // Ada's project of the same name.
      project_id: apollo.id,
      item_type: 'standard',
      section_id: report.sections[0].id,
    })
    const twice = await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: win.id })
    expect(twice.status).toBe(200)
    expect(twice.data!.id).toBe(pulled.data!.id)
    // A task lands in the tasks section.
    const task = await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: next.id })
    expect(task.data!).toMatchObject({ section_id: report.sections[1].id, item_type: 'task' })

    // The e-mail (and 'Copy for e-mail') shows the attribution; the text export is a file
    // download, read by its path.
    const text = await ada.get(`/api/reports/${report.uuid}/export?format=text`)
    expect(text.text).toContain("Closed the Apollo vendor (from Tom's report)")
    const mine = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(mine.sections[0].items.filter((i) => i.source_item_id === win.id)).toHaveLength(1)
    const updates = (await ada.api['team-updates'].get()).data!.updates[0].report
    expect(updates?.sections[0].items[0].pulled).toBe(true)
    // Tom's item is as it was.
    const tomsReport = (await tom.api.reports({ uuid: updates!.uuid }).get()).data!
    expect(tomsReport.sections[0].items[0]).toMatchObject({
      content: 'Closed the Apollo vendor',
      is_completed: false,
    })

    // Only from a linked member's sent report, only into one's own report.
    expect(
      (await eve.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: win.id })).status,
    ).toBe(404)
    const eveReport = (await eve.api.reports.post({ week_start_date: thisWeek() })).data!
    expect(
      (await eve.api.reports({ uuid: eveReport.uuid }).pull.post({ source_item_id: win.id }))
        .status,
    ).toBe(404)
    const draft = (await tom.api.reports.post({ week_start_date: weekFrom(-1) })).data!
    const hidden = (
      await tom.api['section-items'].post({
        section_id: draft.sections[0].id,
        content: 'Draft only',
      })
    ).data!
    expect(
      (await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: hidden.id }))
        .status,
    ).toBe(404)
    expect(
      // An id the type refuses goes by its path.
      (await ada.post(`/api/reports/${report.uuid}/pull`, { source_item_id: 'x' })).status,
    ).toBe(400)
  })
})

describe('what the member sent, never what they changed since', () => {
  type Result = Record<string, unknown>
  const find = async (client: ReturnType<typeof makeClient>, query: string) =>
    (await client.api.search.get({ query: { query } })).data!.results as Result[]

  test('after the Send an edit, a new item, a new title and a health note stay the member’s until sent again', async () => {
    const { ada, tom, report: adaReport } = await linked()
    const { report, win, next } = await tomReport(tom)
    const apollo = (await tom.api.projects.get()).data!.find((p) => p.name === 'apollo')!
    // Sent with a health note... then changed after the Send.
    const health = tom.api.reports({ uuid: report.uuid })['project-health']({
      project_uuid: apollo.uuid,
    })
    await health.put({ health: 'at_risk', note: 'Sent note' })
    expect((await tom.api.reports({ uuid: report.uuid }).editions.post({})).status).toBe(201)
    await health.put({ health: 'off_track', note: 'Unsent zebra note' })
    await tom.api['section-items']({ id: win.id }).put({ content: 'Unsent zebra edit' })
    await tom.api['section-items']({ id: next.id }).put({
      content: 'Hire a designer, zebra unsent',
    })
    const added = (
      await tom.api['section-items'].post({
        section_id: report.sections[1].id,
        content: 'Unsent zebra addition',
      })
    ).data!
    await tom.api.reports({ uuid: report.uuid }).put({ title: 'Unsent zebra title' })

    const sent = (await ada.api['team-updates'].get()).data!.updates[0].report!
    expect(sent.title).toBe('Tom week')
    expect(sent.sections.map((s) => s.items.map((i) => [i.content, i.item_type]))).toEqual([
      [['Closed the Apollo vendor', 'standard']],
      [['Hire a designer', 'task']],
    ])
    expect(sent.project_health).toMatchObject([
      { project_name: 'apollo', health: 'at_risk', note: 'Sent note' },
    ])
    expect(JSON.stringify(sent)).not.toContain('zebra')
    // Search: nothing unsent is found, and what is found reads as sent (a word removed after
    // the Send is no longer found: the index is the live one, re-read through the edition).
    expect(await find(ada, 'zebra')).toEqual([])
    expect((await find(ada, 'designer type:task')).map((r) => [r.id, r.content])).toEqual([
      [next.id, 'Hire a designer'],
    ])
    const [byTitle] = await find(ada, 'unsent')
    expect(byTitle).toBeUndefined()
    // Pull copies the sent words; an item added after the Send cannot be pulled.
    const pull = ada.api.reports({ uuid: adaReport.uuid }).pull
    expect((await pull.post({ source_item_id: win.id })).data!).toMatchObject({
      content: 'Closed the Apollo vendor',
    })
    expect((await pull.post({ source_item_id: added.id })).status).toBe(404)
    // Tom's own view is live; 'Send update' makes it the executive's too.
    expect((await tom.api.reports({ uuid: report.uuid }).editions.post({})).status).toBe(201)
    const now = (await ada.api['team-updates'].get()).data!.updates[0].report!
    expect(now.title).toBe('Unsent zebra title')
    expect(now.sections[1].items.map((i) => i.content)).toEqual([
      'Hire a designer, zebra unsent',
      'Unsent zebra addition',
    ])
    expect((await find(ada, 'zebra')).length).toBeGreaterThan(0)
  })
})

describe('search', () => {
  type Result = Record<string, unknown>
  const find = async (client: ReturnType<typeof makeClient>, query: string) =>
    (await client.api.search.get({ query: { query } })).data!.results as Result[]

  test('the executive finds the sent reports of linked teammates, labelled; never a draft or anything else of theirs', async () => {
    const { ada, tom, eve, member } = await linked()
    const { report, win, next } = await tomReport(tom)
    // Tom's own objects that are not a sent report: a draft, a project, a person and their task.
    await tom.api.projects.post({ name: 'Vendor program' })
    const draft = (
      await tom.api.reports.post({ week_start_date: weekFrom(-1), title: 'Vendor draft' })
    ).data!
    await tom.api['section-items'].post({
      section_id: draft.sections[0].id,
      content: 'Vendor secret in a draft',
    })
    const zed = (
      await tom.api['team-members'].post({ name: 'Vendor Zed', email: 'zed@example.com' })
    ).data!
    await tom.api['team-members']({ uuid: zed.uuid }).tasks.post({ content: 'Vendor private task' })

    const results = await find(ada, 'vendor')
    expect(results).toEqual([
      {
        type: 'report',
        id: report.id,
        uuid: report.uuid,
        title: 'Tom week',
        summary: null,
        week_start_date: thisWeek(),
        is_submitted: true,
        status: 'submitted',
        content: win.content,
        source: 'team_update',
        team_member_uuid: member.uuid,
        team_member_name: 'Tom',
      },
    ])
    const [task] = await find(ada, 'designer type:task')
    expect(task).toMatchObject({
      type: 'task',
      id: next.id,
      source: 'team_update',
      team_member_uuid: member.uuid,
      team_member_name: 'Tom',
      week_start_date: thisWeek(),
      is_completed: false,
    })
    // Filters apply as to one's own results: a sent report is never a draft or a project.
    expect(await find(ada, 'designer status:draft')).toEqual([])
    expect(await find(ada, 'designer type:project')).toEqual([])
    expect((await find(ada, 'designer status:active')).map((r) => r.id)).toEqual([next.id])
    // Tom's words reach nobody else; Tom's own search is unchanged (his results, unlabelled).
    expect(await find(eve, 'vendor')).toEqual([])
    const his = await find(tom, 'vendor')
    expect(his.length).toBeGreaterThan(1)
    expect(his.every((r) => r.source !== 'team_update')).toBe(true)
  })

  test('the member finds what is assigned to them, labelled, and nothing else of the executive', async () => {
    const { ada, tom, eve, task } = await linked()
    expect(await find(tom, 'budget')).toEqual([
      {
        type: 'task',
        id: task.id,
        title: 'Draft the Apollo budget',
        content: 'Draft the Apollo budget',
        is_completed: false,
        status: 'active',
        project_name: 'Apollo',
        week_start_date: thisWeek(),
        source: 'assigned',
        assigned_by_name: 'Ada Lovelace',
      },
    ])
    // Phrases, prefixes and filters as anywhere else.
    expect((await find(tom, '"apollo budget"')).map((r) => r.id)).toEqual([task.id])
    expect((await find(tom, 'bud project:apol')).map((r) => r.id)).toEqual([task.id])
    expect(await find(tom, 'budget project:Hermes')).toEqual([])
    expect(await find(tom, 'budget type:report')).toEqual([])
    expect(await find(tom, 'budget status:completed')).toEqual([])
    expect(await find(tom, 'budget health:at-risk')).toEqual([])
    expect((await find(tom, 'type:task status:active')).map((r) => r.id)).toEqual([task.id])
    expect(await find(tom, '!!')).toEqual([])
    // Completed, it is found as completed; Ada's other items never.
    await tom.api['assigned-to-me']({ id: task.id }).put({ is_completed: true })
    expect((await find(tom, 'budget status:completed')).map((r) => r.is_completed)).toEqual([true])
    expect(await find(tom, 'only')).toEqual([])
    expect(await find(eve, 'budget')).toEqual([])
    // The executive's own result of the same item stays hers, unlabelled.
    expect((await find(ada, 'budget')).map((r) => r.source)).toEqual(['report'])
  })

  test('unlinking ends both sides at once', async () => {
    const { ada, tom, member } = await linked()
    await tomReport(tom)
    expect((await find(ada, 'designer')).length).toBe(1)
    expect((await find(tom, 'budget')).length).toBe(1)
    expect((await ada.api['team-members']({ uuid: member.uuid }).link.delete()).status).toBe(200)
    expect(await find(ada, 'designer')).toEqual([])
    expect(await find(tom, 'budget')).toEqual([])
  })

  test('what teammates share keeps its places among many results of one’s own', async () => {
    const { ada, tom, report } = await linked()
    await tomReport(tom)
    for (let i = 0; i < 60; i++)
      await ada.api['section-items'].post({
        section_id: report.sections[1].id,
        content: `Designer interview ${i}`,
      })
    const results = await find(ada, 'designer')
    expect(results.length).toBe(50)
    expect(results.filter((r) => r.source === 'team_update').map((r) => r.type)).toEqual(['task'])
    expect(results.filter((r) => r.source === 'report').length).toBe(49)
  })
})

describe('unlink', () => {
  for (const who of ['executive', 'member'] as const) {
    test(`unlinking by the ${who} ends every shared view at once`, async () => {
      const { ada, tom, member, task, report } = await linked()
      const { win } = await tomReport(tom)
      await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: win.id })
      const by = who === 'executive' ? ada : tom
      expect((await by.api['team-members']({ uuid: member.uuid }).link.delete()).status).toBe(200)

      expect((await tom.api['assigned-to-me'].get()).data!.items).toEqual([])
      expect(
        (await tom.api['assigned-to-me']({ id: task.id }).put({ is_completed: true })).status,
      ).toBe(404)
      expect((await tom.api['my-teams'].get()).data!.teams).toEqual([])
      expect((await ada.api['team-updates'].get()).data!.updates).toEqual([])
      expect(
        (await ada.api['team-members']({ uuid: member.uuid }).get()).data!.linked_user_email,
      ).toBeNull()
      // What Ada pulled is hers: it stays, with its attribution.
      const items = (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[0].items
      expect(items.find((i) => i.source_author_name === 'Tom')).toBeDefined()
    })
  }

  test('nobody else can unlink; a deleted account unlinks too', async () => {
    const { db, ada, eve, member } = await linked()
    expect((await eve.api['team-members']({ uuid: member.uuid }).link.delete()).status).toBe(404)
    expect(
      (await ada.api['team-members']({ uuid: member.uuid }).get()).data!.linked_user_email,
    ).toBe('tom@example.com')
    const { sql } = await import('drizzle-orm')
    await db.exec(sql`DELETE FROM users WHERE email = 'tom@example.com'`)
    expect(
      (await ada.api['team-members']({ uuid: member.uuid }).get()).data!.linked_user_email,
    ).toBeNull()
    expect((await ada.api['team-updates'].get()).data!.updates).toEqual([])
  })
})

describe('export', () => {
  test('each exports what they own: the attribution of a pulled item, nothing shared with them', async () => {
    const { ada, tom, report } = await linked()
    const { win } = await tomReport(tom)
    await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: win.id })
    const adas = (await ada.api.export.get()).data!
    // The export's rows are open records in its type: a report's sections are read as such.
    const items = adas.reports.flatMap((r) =>
      (r.sections as { items: unknown[] }[]).flatMap((s) => s.items),
    )
    expect(items).toContainEqual(
      expect.objectContaining({
        content: 'Closed the Apollo vendor',
        source_author_name: 'Tom',
      }),
    )
    // Tom's export has his own report only: not Ada's items assigned to him.
    const toms = JSON.stringify((await tom.api.export.get()).data!)
    expect(toms).not.toContain('Draft the Apollo budget')
    expect(toms).toContain('Closed the Apollo vendor')
    // The attribution survives an import into a fresh account.
    const { app } = await createTestApp()
    const fresh = await signIn(app, 'fresh@example.com')
    expect((await fresh.api.import.post(adas)).status).toBe(200)
    const imported = JSON.stringify((await fresh.api.export.get()).data!)
    expect(imported).toContain('"source_author_name":"Tom"')
  })
})
