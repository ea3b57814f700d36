import { describe, expect, test } from 'bun:test'
import type { SearchResult } from '@cadence/contract'
import type { SqliteDb } from '../../db'
import { INDEX_SYNC_MS } from '../../search/sqlite'
import { type Client, createTestApp, makeClient, signIn } from '../../test/helpers'

type Result = SearchResult

async function seed(engine?: 'sqlite') {
  const ctx = await createTestApp({}, engine)
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const apollo = (await ada.api.projects.post({ name: 'Apollo Launch' })).data!
  const zephyr = (await ada.api.projects.post({ name: 'Zephyr' })).data!
  const grace = (
    await ada.api['team-members'].post({
      name: 'Grace Hopper',
      title: 'Rear Admiral',
      email: 'grace@navy.example',
    })
  ).data!
  const report = (
    await ada.api.reports.post({
      week_start_date: '2026-11-16',
      title: 'Quarterly budget week',
      summary: 'Everything about the café rollout',
    })
  ).data!
  const [highlights, actions, follow] = report.sections
  const long = `Prepare the Apollo launch checklist with every single vendor and partner involved ${'x'.repeat(20)}`
  const task = (
    await ada.api['section-items'].post({
      section_id: actions.id,
      content: long,
      project_id: apollo.id,
      assigned_to_team_member_id: grace.id,
    })
  ).data!
  await ada.api['section-items'].post({
    section_id: follow.id,
    content: 'Chase the Zephyr invoice',
    project_id: zephyr.id,
  })
  await ada.api['section-items'].post({
    section_id: highlights.id,
    content: 'Shipped telemetry dashboard',
  })
  await ada.api['team-members']({ uuid: grace.uuid })['talking-points'].post({
    content: 'Discuss compiler roadmap',
  })
  await ada.api['team-members']({ uuid: grace.uuid }).tasks.post({ content: 'Review COBOL manual' })
  await ada.api['team-members']({ uuid: grace.uuid }).followups.post({
    content: 'Send nanosecond wire',
  })
  return { ...ctx, ada, bob, apollo, zephyr, grace, report, task, long }
}

/** The typed client's search: the contract's results. */
const q = async (client: Client, query: string) => {
  const res = await client.api.search.get({ query: { query } })
  expect(res.status).toBe(200)
  expect(res.data?.query).toBe(query)
  return res.data?.results ?? []
}
const types = (results: Result[]) => results.map((r) => r.type).sort()

describe('search', () => {
  test('a prefix finds the project, and the task tied to it', async () => {
    const { ada, apollo } = await seed()
    const results = await q(ada, 'Apol')
    expect(results.find((r) => r.type === 'project')).toMatchObject({
      uuid: apollo.uuid,
      name: 'Apollo Launch',
      status: 'active',
    })
    expect(results.some((r) => r.type === 'task')).toBe(true)
  })

  test('task titles are cut to 60 characters plus an ellipsis and carry their report', async () => {
    const { ada, long, report, task } = await seed()
    const [hit] = (await q(ada, 'checklist')).filter((r) => r.type === 'task')
    expect(hit).toMatchObject({
      id: task.id,
      title: `${long.slice(0, 60)}…`,
      content: long,
      report_title: 'Quarterly budget week',
      report_uuid: report.uuid,
      week_start_date: '2026-11-16',
      is_completed: false,
      status: 'active',
      project_name: 'Apollo Launch',
    })
    const short = (await q(ada, 'Zephyr invoice')).find((r) => r.type === 'followup')
    expect(short?.title).toBe('Chase the Zephyr invoice')
  })

  test('reports are found by title and summary, diacritics folded', async () => {
    const { ada, report } = await seed()
    for (const query of ['quarterly', 'cafe rollout', 'café']) {
      const hit = (await q(ada, query)).find((r) => r.type === 'report')
      expect(hit).toMatchObject({
        uuid: report.uuid,
        title: 'Quarterly budget week',
        status: 'draft',
      })
    }
  })

  test('team members are found by name, title and e-mail, and by their talking points', async () => {
    const { ada, grace } = await seed()
    for (const query of ['hopper', 'admiral', 'grace@navy', 'compiler roadmap']) {
      const hit = (await q(ada, query)).find((r) => r.type === 'team_member')
      expect(hit).toMatchObject({
        uuid: grace.uuid,
        name: 'Grace Hopper',
        email: 'grace@navy.example',
      })
    }
  })

  test('standalone tasks and follow-ups are found with their team member', async () => {
    const { ada, grace } = await seed()
    expect((await q(ada, 'COBOL'))[0]).toMatchObject({
      type: 'task',
      source: 'team_member',
      team_member_uuid: grace.uuid,
      title: 'Review COBOL manual',
    })
    expect((await q(ada, 'nanosecond'))[0]).toMatchObject({
      type: 'followup',
      source: 'team_member',
    })
  })

  test('a standard report item is found as its report, with the matching content', async () => {
    const { ada, report } = await seed()
    expect(await q(ada, 'telemetry')).toEqual([
      expect.objectContaining({
        type: 'report',
        uuid: report.uuid,
        content: 'Shipped telemetry dashboard',
      }),
    ])
  })

  test('an exact phrase matches words in order only', async () => {
    const { ada } = await seed()
    expect(await q(ada, '"telemetry dashboard"')).toHaveLength(1)
    expect(await q(ada, '"dashboard telemetry"')).toHaveLength(0)
  })

  test('type: narrows the kinds of result', async () => {
    const { ada } = await seed()
    expect(types(await q(ada, 'type:project apollo'))).toEqual(['project'])
    expect(types(await q(ada, 'type:task apollo'))).toEqual(['task'])
    expect(types(await q(ada, 'type:followup'))).toEqual(['followup', 'followup'])
    expect(types(await q(ada, 'type:team_member grace'))).toEqual(['team_member'])
    expect(types(await q(ada, 'type:report'))).toEqual(['report'])
  })

  test('project:"Name" keeps results tied to that project', async () => {
    const { ada } = await seed()
    expect(types(await q(ada, 'project:"Apollo Launch"'))).toEqual(['project', 'report', 'task'])
    expect(types(await q(ada, 'project:zephyr type:followup'))).toEqual(['followup'])
    expect(await q(ada, 'project:"No Such Project"')).toEqual([])
  })

  test('status: filters by completion and by submission', async () => {
    const { ada, task, report } = await seed()
    expect(types(await q(ada, 'type:task status:active'))).toEqual(['task', 'task'])
    await ada.api['section-items']({ id: task.id }).put({ is_completed: true })
    expect((await q(ada, 'checklist status:completed'))[0]).toMatchObject({
      id: task.id,
      is_completed: true,
    })
    expect(await q(ada, 'checklist status:active')).toEqual([])
    expect(types(await q(ada, 'status:draft'))).toEqual(['report'])
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    expect(types(await q(ada, 'status:submitted'))).toEqual(['report'])
    expect(await q(ada, 'status:draft')).toEqual([])
  })

  test('the index follows edits and deletes', async () => {
    const { ada, apollo, report } = await seed()
    await ada.api.projects({ uuid: apollo.uuid }).put({ name: 'Artemis' })
    expect((await q(ada, 'type:project artem'))[0]).toMatchObject({ uuid: apollo.uuid })
    expect(await q(ada, 'type:project apollo')).toEqual([])
    await ada.api.reports({ uuid: report.uuid }).delete()
    expect(await q(ada, 'telemetry')).toEqual([])
    expect(await q(ada, 'checklist')).toEqual([])
  })

  test('an item is found as soon as it is written, edited or deleted (its entry is applied first)', async () => {
    // The pending index entries of report items (both engines apply them before a search).
    const { ada, bob, report, db } = await seed('sqlite')
    const actions = report.sections[1]
    const pending = () =>
      (
        (db as SqliteDb).sqlite.query('SELECT count(*) AS n FROM search_pending').get() as {
          n: number
        }
      ).n
    // No background sync is under way: the write below leaves its entry pending.
    await Bun.sleep(INDEX_SYNC_MS * 3)
    const item = (
      await ada.api['section-items'].post({ section_id: actions.id, content: 'Quokka census' })
    ).data!
    expect(pending()).toBeGreaterThan(0)
    expect(await q(bob, 'quokka')).toEqual([])
    expect(pending()).toBe(0)
    expect((await q(ada, 'quokka')).map((r) => r.id)).toEqual([item.id])
    await ada.api['section-items']({ id: item.id }).put({ content: 'Wombat census' })
    expect(await q(ada, 'quokka')).toEqual([])
    expect((await q(ada, 'wombat')).map((r) => r.id)).toEqual([item.id])
    await ada.api['section-items']({ id: item.id }).put({ is_completed: true })
    expect((await q(ada, 'wombat status:completed')).map((r) => r.id)).toEqual([item.id])
    await ada.api['section-items']({ id: item.id }).delete()
    expect(await q(ada, 'wombat')).toEqual([])
  })

  test('a failed item write leaves nothing pending; the background applies what a write left', async () => {
    const { ada, report, db } = await seed('sqlite')
    const sqlite = (db as SqliteDb).sqlite
    const actions = report.sections[1]
    const pending = () =>
      (sqlite.query('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n
    await Bun.sleep(INDEX_SYNC_MS * 3)
    expect(pending()).toBe(0)
    const bad = await ada.api['section-items'].post({
      section_id: actions.id,
      content: 'Quokka',
      project_id: 999_999,
    })
    expect(bad.status).toBe(404)
    expect(pending()).toBe(0)
    await ada.api['section-items'].post({ section_id: actions.id, content: 'Numbat survey' })
    expect(pending()).toBe(1)
    const indexed = () =>
      sqlite.query("SELECT count(*) AS n FROM search_index WHERE search_index MATCH 'numbat'").get()
    expect(indexed()).toEqual({ n: 0 })
    await Bun.sleep(INDEX_SYNC_MS * 3)
    expect(pending()).toBe(0)
    expect(indexed()).toEqual({ n: 1 })
  })

  test('fewer than 2 non-blank characters gives empty results', async () => {
    const { ada } = await seed()
    for (const query of ['', ' ', 'a', ' a ']) expect(await q(ada, query)).toEqual([])
    expect((await ada.api.search.get()).data!).toEqual({ results: [], query: '' })
  })

  test('hostile FTS syntax is searched as text, never a 500', async () => {
    const { ada } = await seed()
    for (const query of [
      '"',
      'a" OR "b',
      'NEAR(a b)',
      '***',
      'title:x',
      '(apollo',
      '^apollo',
      'a AND',
      '-x -y',
    ])
      await q(ada, query)
    expect(await q(ada, '(apollo')).not.toEqual([])
  })

  test('a query of punctuation only finds nothing rather than everything', async () => {
    const { ada } = await seed()
    for (const query of ['!!', '*** ---', '""']) expect(await q(ada, query)).toEqual([])
  })

  test('results are capped at 50', async () => {
    const { ada, report } = await seed()
    const section = report.sections[0].id
    for (let i = 0; i < 60; i++)
      await ada.api['section-items'].post({
        section_id: section,
        content: `widget ${i}`,
        item_type: 'task',
      })
    expect(await q(ada, 'widget')).toHaveLength(50)
  })

  test('another user never sees the first user\u2019s objects', async () => {
    const { bob } = await seed()
    for (const query of [
      'apollo',
      'grace',
      'quarterly',
      'telemetry',
      'COBOL',
      'type:task',
      'status:draft',
      'project:Apollo',
    ])
      expect(await q(bob, query)).toEqual([])
  })

  test('search needs a session', async () => {
    const { app } = await createTestApp()
    const res = await app.handle(new Request('http://localhost:3000/api/search?query=apollo'))
    expect(res.status).toBe(401)
  })
})

describe('asks and readers’ questions', () => {
  test('an ask is found as an ask, open or closed; type:ask narrows to asks', async () => {
    const { ada, report } = await seed()
    const actions = report.sections[1]
    const item = (
      await ada.api['section-items'].post({
        section_id: actions.id,
        content: 'Approve the Meridian hiring budget',
      })
    ).data!
    expect((await q(ada, 'meridian')).map((r) => r.type)).toEqual(['task'])
    await ada.api['section-items']({ id: item.id }).put({ is_ask: true })
    const [ask] = await q(ada, 'meridian')
    expect(ask).toMatchObject({
      type: 'ask',
      id: item.id,
      content: 'Approve the Meridian hiring budget',
      status: 'active',
      is_completed: false,
      report_uuid: report.uuid,
    })
    expect(types(await q(ada, 'type:ask'))).toEqual(['ask'])
    expect(types(await q(ada, 'type:asks meridian'))).toEqual(['ask'])
    expect(await q(ada, 'type:task meridian')).toEqual([])
  })

  test("a reader's question is found by its words and the reader's name, only by its author", async () => {
    const { app, ada, bob, report } = await seed()
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = String(link.url).split('/r/')[1]
    const reader = makeClient(app)
    const asked = await reader.post(`/api/shared/${token}/questions`, {
      name: 'Maria Lindqvist',
      text: 'Does the Meridian slip move the launch?',
    })
    expect(asked.status).toBe(201)
    const found = (await q(ada, 'meridian')).filter((r) => r.type === 'question')
    expect(found).toEqual([
      {
        type: 'question',
        id: asked.json.id,
        title: 'Does the Meridian slip move the launch?',
        content: 'Does the Meridian slip move the launch?',
        name: 'Maria Lindqvist',
        report_uuid: report.uuid,
        report_title: 'Quarterly budget week',
        week_start_date: '2026-11-16',
      },
    ])
    expect((await q(ada, 'lindqvist')).map((r) => r.type)).toEqual(['question'])
    expect(types(await q(ada, 'type:question'))).toEqual(['question'])
    // Filters a question does not have find none; another user never sees it.
    expect(await q(ada, 'type:question status:active')).toEqual([])
    expect(await q(bob, 'meridian')).toEqual([])
    expect(await q(bob, 'type:questions')).toEqual([])
  })
})
