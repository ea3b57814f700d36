import { describe, expect, test } from 'bun:test'
import { isoDate } from '../../lib/time'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, makeClient, signIn } from '../../test/helpers'

// Through the typed client (`client.api`). By path only: bodies and ids the types refuse, the
// e-mail's text and HTML (files) and the OpenAPI document.

type Item = {
  id: number
  content: string
  item_type: string
  assigned_to_team_member_id: number | null
}
type Section = { section_type: string; items: Item[] }

/** A user whose reports have a standard and a follow-ups section. */
async function withSections(client: Client) {
  await client.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await client.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  return client
}

const followups = (report: { sections: Section[] }) =>
  report.sections.filter((s) => s.section_type === 'followups').flatMap((s) => s.items)

describe('decisions', () => {
  test('create, list, update, delete; decided by the user or a team member, with a project', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const made = await ada.api.decisions.post({
      title: '  Move launch to March  ',
      decided_on: '2026-01-05',
      decided_by_member_uuid: tom.uuid,
      rationale: 'Vendor slipped',
      project_uuid: apollo.uuid,
    })
    expect(made.status).toBe(200)
    const id: number = made.data!.id
    expect(made.data!).toMatchObject({
      title: 'Move launch to March',
      decided_on: '2026-01-05',
      decided_by_member_uuid: tom.uuid,
      decided_by_name: 'Tom',
      rationale: 'Vendor slipped',
      revisit_on: null,
      revisit_due: false,
      project_uuid: apollo.uuid,
      project_name: 'Apollo',
      source_item_id: null,
    })
    const mine = (await ada.api.decisions.post({ title: 'Hire a PM', decided_on: '2026-01-07' }))
      .data!
    expect(mine).toMatchObject({ decided_by_member_uuid: null, decided_by_name: null })
    const list = (await ada.api.decisions.get()).data!
    expect(list.map((d) => d.title)).toEqual(['Hire a PM', 'Move launch to March'])

    const up = await ada.api.decisions({ id }).put({
      decided_by_member_uuid: null,
      project_uuid: null,
      rationale: '',
    })
    expect(up.status).toBe(200)
    expect(up.data!).toMatchObject({ decided_by_name: null, project_uuid: null, rationale: null })
    expect(up.data!.title).toBe('Move launch to March')

    expect((await ada.api.decisions({ id }).delete()).status).toBe(200)
    expect((await ada.api.decisions({ id }).delete()).status).toBe(404)
    expect((await ada.api.decisions({ id }).put({ title: 'x' })).status).toBe(404)
    expect((await ada.api.decisions.get()).data!).toHaveLength(1)
  })

  test('search text, project and person filters; revisit due first', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const today = isoDate()
    const post = async (body: Parameters<typeof ada.api.decisions.post>[0]) =>
      (await ada.api.decisions.post(body)).data!
    await post({ title: 'Old but due', decided_on: '2025-01-01', revisit_on: addDays(today, -1) })
    await post({ title: 'Newest', decided_on: today, project_uuid: apollo.uuid })
    await post({
      title: 'Pricing stays',
      decided_on: addDays(today, -3),
      decided_by_member_uuid: tom.uuid,
      rationale: 'Churn is low',
      revisit_on: addDays(today, 30),
    })
    const titles = async (query: { query?: string; project_uuid?: string; decided_by?: string }) =>
      (await ada.api.decisions.get({ query })).data!.map((d) => d.title)
    expect(await titles({})).toEqual(['Old but due', 'Newest', 'Pricing stays'])
    expect((await ada.api.decisions.get()).data![0].revisit_due).toBe(true)
    expect(await titles({ query: 'churn' })).toEqual(['Pricing stays'])
    expect(await titles({ query: 'TOM pricing' })).toEqual(['Pricing stays'])
    expect(await titles({ project_uuid: apollo.uuid })).toEqual(['Newest'])
    expect(await titles({ decided_by: tom.uuid })).toEqual(['Pricing stays'])
    expect(await titles({ decided_by: 'me' })).toEqual(['Old but due', 'Newest'])
    expect(await titles({ decided_by: crypto.randomUUID() })).toEqual([])
  })

  test('bad input: a clear error and nothing written', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const cases: [Record<string, unknown>, number, string][] = [
      [{ decided_on: '2026-01-01' }, 400, 'Title is required (at most 500 characters)'],
      [
        { title: '   ', decided_on: '2026-01-01' },
        400,
        'Title is required (at most 500 characters)',
      ],
      [
        { title: 'x'.repeat(501), decided_on: '2026-01-01' },
        400,
        'Title is required (at most 500 characters)',
      ],
      [{ title: 'A' }, 400, 'decided_on must be a date (YYYY-MM-DD)'],
      [{ title: 'A', decided_on: '2026-02-30' }, 400, 'decided_on must be a date (YYYY-MM-DD)'],
      [{ title: 'A', decided_on: 20260101 }, 400, 'decided_on must be a date (YYYY-MM-DD)'],
      [
        { title: 'A', decided_on: '2026-01-01', revisit_on: 'soon' },
        400,
        'revisit_on must be a date (YYYY-MM-DD)',
      ],
      [
        { title: 'A', decided_on: '2026-01-01', revisit_on: 5 },
        400,
        'revisit_on must be a date (YYYY-MM-DD) or null',
      ],
      [
        { title: 'A', decided_on: '2026-01-01', project_uuid: 7 },
        400,
        'project_uuid must be a uuid or null',
      ],
      [
        { title: 'A', decided_on: '2026-01-05', revisit_on: '2026-01-01' },
        400,
        'revisit_on must be on or after decided_on',
      ],
      [
        { title: 'A', decided_on: '2026-01-01', source_item_id: 'x' },
        400,
        'source_item_id must be an item id or null',
      ],
      [
        { title: 'A', decided_on: '2026-01-01', project_uuid: crypto.randomUUID() },
        404,
        'Project not found',
      ],
      [
        { title: 'A', decided_on: '2026-01-01', decided_by_member_uuid: crypto.randomUUID() },
        404,
        'Team member not found',
      ],
      [{ title: 'A', decided_on: '2026-01-01', source_item_id: 999_999 }, 404, 'Item not found'],
    ]
    // Bodies the types refuse go by path.
    for (const [body, status, error] of cases) {
      const res = await ada.post('/api/decisions', body)
      expect([JSON.stringify(body), res.status, res.json?.error]).toEqual([
        JSON.stringify(body),
        status,
        error,
      ])
    }
    const malformed = await ada.request('POST', '/api/decisions', '{"title":')
    expect(malformed.status).toBe(400)
    expect((await ada.api.decisions.get()).data!).toEqual([])
    const d = (await ada.api.decisions.post({ title: 'A', decided_on: '2026-01-05' })).data!
    const bad = await ada.api.decisions({ id: d.id }).put({ revisit_on: '2026-01-01' })
    expect([bad.status, bad.error?.value]).toEqual([
      400,
      { error: 'revisit_on must be on or after decided_on' },
    ])
    expect((await ada.put('/api/decisions/abc', { title: 'B' })).status).toBe(400)
    expect((await ada.api.decisions.get()).data![0]).toMatchObject({
      title: 'A',
      revisit_on: null,
    })
  })

  test("another user's decision, member, project and item answer 404 and change nothing", async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const bob = await signIn(app, 'bob@example.com')
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const report = (await ada.api.reports.post({ week_start_date: '2026-01-05' })).data!
    const section = report.sections[0]
    const item = (
      await ada.api['section-items'].post({ section_id: section.id, content: 'Secret' })
    ).data!
    const d = (await ada.api.decisions.post({ title: 'Ada only', decided_on: '2026-01-05' })).data!
    const base = { title: 'B', decided_on: '2026-01-05' }
    expect((await bob.api.decisions.post({ ...base, project_uuid: apollo.uuid })).status).toBe(404)
    expect(
      (await bob.api.decisions.post({ ...base, decided_by_member_uuid: tom.uuid })).status,
    ).toBe(404)
    expect((await bob.api.decisions.post({ ...base, source_item_id: item.id })).status).toBe(404)
    expect((await bob.api.decisions({ id: d.id }).put({ title: 'Taken' })).status).toBe(404)
    expect((await bob.api.decisions({ id: d.id }).delete()).status).toBe(404)
    expect((await bob.api.decisions.get()).data!).toEqual([])
    expect((await bob.api.decisions.get({ query: { project_uuid: apollo.uuid } })).data!).toEqual(
      [],
    )
    expect((await ada.api.decisions.get()).data!.map((x) => x.title)).toEqual(['Ada only'])
    const anon = await app.handle(new Request('http://localhost:3000/api/decisions'))
    expect(anon.status).toBe(401)
  })

  test("a revisit date becomes one follow-up in that week's report, made once", async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const today = isoDate()
    // A week in the future: the revisit waits for its report.
    const week = addDays(today, 14)
    const d = (
      await ada.api.decisions.post({
        title: 'Pricing stays',
        decided_on: today,
        decided_by_member_uuid: tom.uuid,
        revisit_on: addDays(week, 2),
      })
    ).data!
    const report = (await ada.api.reports.post({ week_start_date: week })).data!
    const made = followups(report).filter((i) => i.content === 'Revisit decision: Pricing stays')
    expect(made).toHaveLength(1)
    expect(made[0].item_type).toBe('followup')
    // Saving the decision again, or carrying over again, makes no second one.
    await ada.api.decisions({ id: d.id }).put({ rationale: 'Still true' })
    await ada.api.reports({ uuid: report.uuid })['carry-over'].post()
    const again = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(followups(again).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(1)
    // Deleting the follow-up does not bring it back.
    await ada.api['section-items']({ id: made[0].id }).delete()
    await ada.api.decisions({ id: d.id }).put({ rationale: 'Once more' })
    const after = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(followups(after).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(0)
  })

  test("a past-due revisit saved while this week's report exists appears there at once", async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const today = isoDate()
    const old = (await ada.api.reports.post({ week_start_date: addDays(today, -28) })).data!
    const current = (await ada.api.reports.post({ week_start_date: addDays(today, -2) })).data!
    const d = (
      await ada.api.decisions.post({
        title: 'Keep the office',
        decided_on: addDays(today, -60),
        revisit_on: addDays(today, -27),
      })
    ).data!
    const now = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    expect(followups(now).map((i) => i.content)).toContain('Revisit decision: Keep the office')
    // Never into the old report the date fell in.
    const before = (await ada.api.reports({ uuid: old.uuid }).get()).data!
    expect(followups(before).map((i) => i.content)).not.toContain(
      'Revisit decision: Keep the office',
    )
    // Many saves at once still make one.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ada.api.decisions({ id: d.id }).put({ rationale: `r${i}` }),
      ),
    )
    const again = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    expect(followups(again).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(1)
    // A new revisit date makes a new follow-up.
    await ada.api.decisions({ id: d.id }).put({ revisit_on: addDays(today, -1) })
    const third = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    expect(followups(third).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(2)
  })

  test('"Decided this week": in the report, its shared brief and its frozen edition', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com', 'Ada Lovelace'))
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const week = '2026-01-05'
    const report = (await ada.api.reports.post({ week_start_date: week })).data!
    await ada.api.decisions.post({ title: 'Before the week', decided_on: '2026-01-04' })
    await ada.api.decisions.post({
      title: 'Ship on Friday',
      decided_on: '2026-01-09',
      decided_by_member_uuid: tom.uuid,
      project_uuid: apollo.uuid,
      rationale: 'QA signed off',
    })
    await ada.api.decisions.post({ title: 'Hire a PM', decided_on: '2026-01-05' })
    await ada.api.decisions.post({ title: 'After the week', decided_on: '2026-01-12' })
    const expected = [
      {
        title: 'Hire a PM',
        decided_on: '2026-01-05',
        decided_by_name: 'Ada Lovelace',
        rationale: null,
        revisit_on: null,
        project_name: null,
      },
      {
        title: 'Ship on Friday',
        decided_on: '2026-01-09',
        decided_by_name: 'Tom',
        rationale: 'QA signed off',
        revisit_on: null,
        project_name: 'Apollo',
      },
    ]
    const strip = (list: Record<string, unknown>[]) => list.map(({ id: _, ...rest }) => rest)
    const detail = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(strip(detail.decisions!)).toEqual(expected)

    const link = await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 7 })
    const token = link.data!.url.split('/r/')[1]
    const shared = (await makeClient(app).api.shared({ token }).get()).data!
    expect(strip(shared.report.decisions!)).toEqual(expected)
    // Names only: nothing of the account beyond them reaches a reader.
    expect(JSON.stringify(shared.report.decisions)).not.toContain(tom.uuid)

    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    // A decision added later is not in the frozen edition.
    await ada.api.decisions.post({ title: 'Late addition', decided_on: '2026-01-06' })
    const edition = (await ada.api.reports({ uuid: report.uuid }).editions({ number: 1 }).get())
      .data!
    expect(strip(edition.decisions!)).toEqual(expected)
    const live = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(live.decisions.map((d) => d.title)).toContain('Late addition')
    // The e-mail of the edition and of the live report (text and HTML) list them too.
    const text = (await ada.get(`/api/reports/${report.uuid}/export?format=text`)).text
    expect(text).toContain('Decided this week')
    expect(text).toContain('- Ship on Friday (Tom · Jan 9, 2026 · Apollo)\n  Why: QA signed off')
    expect(text).toContain('- Late addition (Ada Lovelace · Jan 6, 2026)')
    const html = (await ada.get(`/api/reports/${report.uuid}/export?format=html`)).text
    expect(html).toContain('>Decided this week</h3>')
  })

  test("search finds decisions by title and why; type:decision narrows to them, never another user's", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const d = (
      await ada.api.decisions.post({
        title: 'Freeze hiring',
        decided_on: '2026-01-05',
        rationale: 'Runway below plan',
        project_uuid: apollo.uuid,
      })
    ).data!
    await ada.api.projects.post({ name: 'Hiring plan' })
    await bob.api.decisions.post({ title: 'Freeze hiring too', decided_on: '2026-01-05' })
    const search = async (client: Client, q: string) =>
      (await client.api.search.get({ query: { query: q } })).data!.results
    const all = await search(ada, 'hiring')
    expect(all.map((r) => r.type).sort()).toEqual(['decision', 'project'])
    const only = await search(ada, 'type:decision hiring')
    expect(only).toEqual([
      {
        type: 'decision',
        id: d.id,
        title: 'Freeze hiring',
        content: 'Runway below plan',
        decided_on: '2026-01-05',
        project_name: 'Apollo',
      },
    ])
    expect((await search(ada, 'type:decisions runway')).map((r) => r.id)).toEqual([d.id])
    expect(await search(ada, 'type:decision project:Zephyr hiring')).toEqual([])
    // Renamed: found by the new title only; deleted: gone.
    await ada.api.decisions({ id: d.id }).put({ title: 'Pause recruiting' })
    expect(await search(ada, 'type:decision hiring')).toEqual([])
    expect((await search(ada, 'recruiting')).map((r) => r.id)).toEqual([d.id])
    await ada.api.decisions({ id: d.id }).delete()
    expect(await search(ada, 'recruiting')).toEqual([])
    expect((await search(bob, 'type:decision hiring')).map((r) => r.title)).toEqual([
      'Freeze hiring too',
    ])
  })

  test('the account export carries decisions and their revisits; an import restores them once', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const today = isoDate()
    await ada.api.reports.post({ week_start_date: addDays(today, -2) })
    await ada.api.decisions.post({
      title: 'Keep the office',
      decided_on: addDays(today, -40),
      decided_by_member_uuid: tom.uuid,
      project_uuid: apollo.uuid,
      rationale: 'Lease is cheap',
      revisit_on: addDays(today, -1),
    })
    const doc = (await ada.api.export.get()).data!
    expect(doc.decisions).toHaveLength(1)
    expect(doc.decisions[0]).toMatchObject({
      title: 'Keep the office',
      rationale: 'Lease is cheap',
      revisits: [{ revisit_on: addDays(today, -1), week_start_date: addDays(today, -2) }],
    })

    const bea = await withSections(await signIn(app, 'bea@example.com'))
    expect((await bea.api.import.post(doc)).status).toBe(200)
    const restored = (await bea.api.decisions.get()).data!
    expect(restored).toHaveLength(1)
    expect(restored[0]).toMatchObject({
      title: 'Keep the office',
      decided_by_name: 'Tom',
      project_name: 'Apollo',
      rationale: 'Lease is cheap',
      revisit_due: true,
    })
    // The imported report has the follow-up already: saving the decision makes no second one.
    await bea.api.decisions({ id: restored[0].id }).put({ rationale: 'Lease is still cheap' })
    const [report] = (await bea.api.reports.get()).data!
    const full = (await bea.api.reports({ uuid: report.uuid }).get()).data!
    expect(followups(full).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(1)
    // Imported again: nothing doubled.
    expect((await bea.api.import.post(doc)).status).toBe(200)
    expect((await bea.api.decisions.get()).data!).toHaveLength(1)
    // A reference the document does not hold is refused, and nothing is written.
    const bad = structuredClone(doc)
    bad.decisions[0].project_id = 999_999
    const eve = await signIn(app, 'eve@example.com')
    const refused = await eve.api.import.post(bad)
    expect([refused.status, refused.error?.value]).toEqual([
      400,
      { error: 'Invalid export document: unknown project id 999999' },
    ])
    expect((await eve.api.decisions.get()).data!).toEqual([])
  })

  test('the OpenAPI document has every decisions route with its answer schema', async () => {
    const { app } = await createTestApp()
    const doc = (await makeClient(app).get('/api/openapi.json')).json
    const list = doc.paths['/api/decisions/']
    const one = doc.paths['/api/decisions/{id}']
    expect(Object.keys(list).sort()).toEqual(['get', 'post'])
    expect(Object.keys(one).sort()).toEqual(['delete', 'put'])
    const schema = JSON.stringify(list.post.responses['200'])
    for (const field of ['decided_on', 'revisit_due', 'decided_by_member_uuid', 'source_item_id'])
      expect(schema).toContain(field)
    expect(list.get.tags).toEqual(['decisions'])
  })

  test('a project delete asks where its decisions go, and a combine keeps them on the new project', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const atlas = (await ada.api.projects.post({ name: 'Atlas' })).data!
    const d = (
      await ada.api.decisions.post({
        title: 'Ship in March',
        decided_on: '2026-01-05',
        project_uuid: apollo.uuid,
      })
    ).data!
    const refused = await ada.api.projects({ uuid: apollo.uuid }).delete()
    expect(refused.status).toBe(409)
    expect((await ada.api.decisions.get()).data![0].project_name).toBe('Apollo')
    const combined = await ada.api.projects.combine.post({
      projectUuids: [apollo.uuid, atlas.uuid],
      newProjectName: 'Apollo and Atlas',
    })
    expect(combined.status).toBe(200)
    const [after] = (await ada.api.decisions.get()).data!
    expect([after.id, after.project_name]).toEqual([d.id, 'Apollo and Atlas'])
  })

  test('a deleted team member stays named on their decisions, never turned into the user', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com', 'Ada Lovelace'))
    const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const report = (await ada.api.reports.post({ week_start_date: '2026-01-05' })).data!
    await ada.api.decisions.post({
      title: 'Pricing stays',
      decided_on: '2026-01-06',
      decided_by_member_uuid: tom.uuid,
    })
    expect((await ada.api['team-members']({ uuid: tom.uuid }).delete()).status).toBe(200)
    const [d] = (await ada.api.decisions.get()).data!
    expect([d.decided_by_member_uuid, d.decided_by_name]).toEqual([null, 'Tom'])
    expect((await ada.api.decisions.get({ query: { decided_by: 'me' } })).data!).toEqual([])
    const brief = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(brief.decisions!.map((x) => x.decided_by_name)).toEqual(['Tom'])
    const found = (await ada.api.search.get({ query: { query: 'type:decision pricing' } })).data!
      .results
    expect(found[0].team_member_name).toBe('Tom')
  })
})
