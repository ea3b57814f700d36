import { describe, expect, test } from 'bun:test'
import { isoDate } from '../../lib/time'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, makeClient, signIn } from '../../test/helpers'

type Item = {
  id: number
  content: string
  item_type: string
  assigned_to_team_member_id: number | null
}
type Section = { section_type: string; items: Item[] }

/** A user whose reports have a standard and a follow-ups section. */
async function withSections(client: Client) {
  await client.post('/api/section-templates', { name: 'Highlights', type: 'standard' })
  await client.post('/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  return client
}

const followups = (report: { sections: Section[] }) =>
  report.sections.filter((s) => s.section_type === 'followups').flatMap((s) => s.items)

describe('decisions', () => {
  test('create, list, update, delete; decided by the user or a team member, with a project', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const made = await ada.post('/api/decisions', {
      title: '  Move launch to March  ',
      decided_on: '2026-01-05',
      decided_by_member_uuid: tom.uuid,
      rationale: 'Vendor slipped',
      project_uuid: apollo.uuid,
    })
    expect(made.status).toBe(200)
    const id: number = made.json.id
    expect(made.json).toMatchObject({
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
    const mine = (
      await ada.post('/api/decisions', { title: 'Hire a PM', decided_on: '2026-01-07' })
    ).json
    expect(mine).toMatchObject({ decided_by_member_uuid: null, decided_by_name: null })
    const list = (await ada.get('/api/decisions')).json
    expect(list.map((d: { title: string }) => d.title)).toEqual([
      'Hire a PM',
      'Move launch to March',
    ])

    const up = await ada.put(`/api/decisions/${id}`, {
      decided_by_member_uuid: null,
      project_uuid: null,
      rationale: '',
    })
    expect(up.status).toBe(200)
    expect(up.json).toMatchObject({ decided_by_name: null, project_uuid: null, rationale: null })
    expect(up.json.title).toBe('Move launch to March')

    expect((await ada.delete(`/api/decisions/${id}`)).status).toBe(200)
    expect((await ada.delete(`/api/decisions/${id}`)).status).toBe(404)
    expect((await ada.put(`/api/decisions/${id}`, { title: 'x' })).status).toBe(404)
    expect((await ada.get('/api/decisions')).json).toHaveLength(1)
  })

  test('search text, project and person filters; revisit due first', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const today = isoDate()
    const post = async (body: Record<string, unknown>) =>
      (await ada.post('/api/decisions', body)).json
    await post({ title: 'Old but due', decided_on: '2025-01-01', revisit_on: addDays(today, -1) })
    await post({ title: 'Newest', decided_on: today, project_uuid: apollo.uuid })
    await post({
      title: 'Pricing stays',
      decided_on: addDays(today, -3),
      decided_by_member_uuid: tom.uuid,
      rationale: 'Churn is low',
      revisit_on: addDays(today, 30),
    })
    const titles = async (qs: string) =>
      (await ada.get(`/api/decisions${qs}`)).json.map((d: { title: string }) => d.title)
    expect(await titles('')).toEqual(['Old but due', 'Newest', 'Pricing stays'])
    expect((await ada.get('/api/decisions')).json[0].revisit_due).toBe(true)
    expect(await titles('?query=churn')).toEqual(['Pricing stays'])
    expect(await titles('?query=TOM%20pricing')).toEqual(['Pricing stays'])
    expect(await titles(`?project_uuid=${apollo.uuid}`)).toEqual(['Newest'])
    expect(await titles(`?decided_by=${tom.uuid}`)).toEqual(['Pricing stays'])
    expect(await titles('?decided_by=me')).toEqual(['Old but due', 'Newest'])
    expect(await titles(`?decided_by=${crypto.randomUUID()}`)).toEqual([])
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
    expect((await ada.get('/api/decisions')).json).toEqual([])
    const d = (await ada.post('/api/decisions', { title: 'A', decided_on: '2026-01-05' })).json
    const bad = await ada.put(`/api/decisions/${d.id}`, { revisit_on: '2026-01-01' })
    expect([bad.status, bad.json.error]).toEqual([400, 'revisit_on must be on or after decided_on'])
    expect((await ada.put('/api/decisions/abc', { title: 'B' })).status).toBe(400)
    expect((await ada.get('/api/decisions')).json[0]).toMatchObject({
      title: 'A',
      revisit_on: null,
    })
  })

  test("another user's decision, member, project and item answer 404 and change nothing", async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const bob = await signIn(app, 'bob@example.com')
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const report = (await ada.post('/api/reports', { week_start_date: '2026-01-05' })).json
    const section = report.sections[0]
    const item = (
      await ada.post('/api/section-items', { section_id: section.id, content: 'Secret' })
    ).json
    const d = (await ada.post('/api/decisions', { title: 'Ada only', decided_on: '2026-01-05' }))
      .json
    const base = { title: 'B', decided_on: '2026-01-05' }
    expect((await bob.post('/api/decisions', { ...base, project_uuid: apollo.uuid })).status).toBe(
      404,
    )
    expect(
      (await bob.post('/api/decisions', { ...base, decided_by_member_uuid: tom.uuid })).status,
    ).toBe(404)
    expect((await bob.post('/api/decisions', { ...base, source_item_id: item.id })).status).toBe(
      404,
    )
    expect((await bob.put(`/api/decisions/${d.id}`, { title: 'Taken' })).status).toBe(404)
    expect((await bob.delete(`/api/decisions/${d.id}`)).status).toBe(404)
    expect((await bob.get('/api/decisions')).json).toEqual([])
    expect((await bob.get(`/api/decisions?project_uuid=${apollo.uuid}`)).json).toEqual([])
    expect((await ada.get('/api/decisions')).json.map((x: { title: string }) => x.title)).toEqual([
      'Ada only',
    ])
    const anon = await app.handle(new Request('http://localhost:3000/api/decisions'))
    expect(anon.status).toBe(401)
  })

  test("a revisit date becomes one follow-up in that week's report, made once", async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const today = isoDate()
    // A week in the future: the revisit waits for its report.
    const week = addDays(today, 14)
    const d = (
      await ada.post('/api/decisions', {
        title: 'Pricing stays',
        decided_on: today,
        decided_by_member_uuid: tom.uuid,
        revisit_on: addDays(week, 2),
      })
    ).json
    const report = (await ada.post('/api/reports', { week_start_date: week })).json
    const made = followups(report).filter((i) => i.content === 'Revisit decision: Pricing stays')
    expect(made).toHaveLength(1)
    expect(made[0].item_type).toBe('followup')
    // Saving the decision again, or carrying over again, makes no second one.
    await ada.put(`/api/decisions/${d.id}`, { rationale: 'Still true' })
    await ada.post(`/api/reports/${report.uuid}/carry-over`)
    const again = (await ada.get(`/api/reports/${report.uuid}`)).json
    expect(followups(again).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(1)
    // Deleting the follow-up does not bring it back.
    await ada.delete(`/api/section-items/${made[0].id}`)
    await ada.put(`/api/decisions/${d.id}`, { rationale: 'Once more' })
    const after = (await ada.get(`/api/reports/${report.uuid}`)).json
    expect(followups(after).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(0)
  })

  test("a past-due revisit saved while this week's report exists appears there at once", async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const today = isoDate()
    const old = (await ada.post('/api/reports', { week_start_date: addDays(today, -28) })).json
    const current = (await ada.post('/api/reports', { week_start_date: addDays(today, -2) })).json
    const d = (
      await ada.post('/api/decisions', {
        title: 'Keep the office',
        decided_on: addDays(today, -60),
        revisit_on: addDays(today, -27),
      })
    ).json
    const now = (await ada.get(`/api/reports/${current.uuid}`)).json
    expect(followups(now).map((i) => i.content)).toContain('Revisit decision: Keep the office')
    // Never into the old report the date fell in.
    const before = (await ada.get(`/api/reports/${old.uuid}`)).json
    expect(followups(before).map((i) => i.content)).not.toContain(
      'Revisit decision: Keep the office',
    )
    // Many saves at once still make one.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ada.put(`/api/decisions/${d.id}`, { rationale: `r${i}` }),
      ),
    )
    const again = (await ada.get(`/api/reports/${current.uuid}`)).json
    expect(followups(again).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(1)
    // A new revisit date makes a new follow-up.
    await ada.put(`/api/decisions/${d.id}`, { revisit_on: addDays(today, -1) })
    const third = (await ada.get(`/api/reports/${current.uuid}`)).json
    expect(followups(third).filter((i) => i.content.startsWith('Revisit decision'))).toHaveLength(2)
  })

  test('"Decided this week": in the report, its shared brief and its frozen edition', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com', 'Ada Lovelace'))
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const week = '2026-01-05'
    const report = (await ada.post('/api/reports', { week_start_date: week })).json
    await ada.post('/api/decisions', { title: 'Before the week', decided_on: '2026-01-04' })
    await ada.post('/api/decisions', {
      title: 'Ship on Friday',
      decided_on: '2026-01-09',
      decided_by_member_uuid: tom.uuid,
      project_uuid: apollo.uuid,
      rationale: 'QA signed off',
    })
    await ada.post('/api/decisions', { title: 'Hire a PM', decided_on: '2026-01-05' })
    await ada.post('/api/decisions', { title: 'After the week', decided_on: '2026-01-12' })
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
    const detail = (await ada.get(`/api/reports/${report.uuid}`)).json
    expect(strip(detail.decisions)).toEqual(expected)

    const link = await ada.post(`/api/reports/${report.uuid}/shares`, { expires_in_days: 7 })
    const token = link.json.url.split('/r/')[1]
    const shared = (await makeClient(app).get(`/api/shared/${token}`)).json
    expect(strip(shared.report.decisions)).toEqual(expected)
    // Names only: nothing of the account beyond them reaches a reader.
    expect(JSON.stringify(shared.report.decisions)).not.toContain(tom.uuid)

    await ada.put(`/api/reports/${report.uuid}`, { is_submitted: true })
    // A decision added later is not in the frozen edition.
    await ada.post('/api/decisions', { title: 'Late addition', decided_on: '2026-01-06' })
    const edition = (await ada.get(`/api/reports/${report.uuid}/editions/1`)).json
    expect(strip(edition.decisions)).toEqual(expected)
    const live = (await ada.get(`/api/reports/${report.uuid}`)).json
    expect(live.decisions.map((d: { title: string }) => d.title)).toContain('Late addition')
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
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const d = (
      await ada.post('/api/decisions', {
        title: 'Freeze hiring',
        decided_on: '2026-01-05',
        rationale: 'Runway below plan',
        project_uuid: apollo.uuid,
      })
    ).json
    await ada.post('/api/projects', { name: 'Hiring plan' })
    await bob.post('/api/decisions', { title: 'Freeze hiring too', decided_on: '2026-01-05' })
    const search = async (client: Client, q: string) =>
      (await client.get(`/api/search?query=${encodeURIComponent(q)}`)).json.results
    const all = await search(ada, 'hiring')
    expect(all.map((r: { type: string }) => r.type).sort()).toEqual(['decision', 'project'])
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
    expect((await search(ada, 'type:decisions runway')).map((r: { id: number }) => r.id)).toEqual([
      d.id,
    ])
    expect(await search(ada, 'type:decision project:Zephyr hiring')).toEqual([])
    // Renamed: found by the new title only; deleted: gone.
    await ada.put(`/api/decisions/${d.id}`, { title: 'Pause recruiting' })
    expect(await search(ada, 'type:decision hiring')).toEqual([])
    expect((await search(ada, 'recruiting')).map((r: { id: number }) => r.id)).toEqual([d.id])
    await ada.delete(`/api/decisions/${d.id}`)
    expect(await search(ada, 'recruiting')).toEqual([])
    expect(
      (await search(bob, 'type:decision hiring')).map((r: { title: string }) => r.title),
    ).toEqual(['Freeze hiring too'])
  })

  test('the account export carries decisions and their revisits; an import restores them once', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com'))
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const today = isoDate()
    await ada.post('/api/reports', { week_start_date: addDays(today, -2) })
    await ada.post('/api/decisions', {
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
    await bea.put(`/api/decisions/${restored[0].id}`, { rationale: 'Lease is still cheap' })
    const [report] = (await bea.get('/api/reports')).json
    const full = (await bea.get(`/api/reports/${report.uuid}`)).json
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
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const atlas = (await ada.post('/api/projects', { name: 'Atlas' })).json
    const d = (
      await ada.post('/api/decisions', {
        title: 'Ship in March',
        decided_on: '2026-01-05',
        project_uuid: apollo.uuid,
      })
    ).json
    const refused = await ada.delete(`/api/projects/${apollo.uuid}`)
    expect(refused.status).toBe(409)
    expect((await ada.get('/api/decisions')).json[0].project_name).toBe('Apollo')
    const combined = await ada.post('/api/projects/combine', {
      projectUuids: [apollo.uuid, atlas.uuid],
      newProjectName: 'Apollo and Atlas',
    })
    expect(combined.status).toBe(200)
    const [after] = (await ada.get('/api/decisions')).json
    expect([after.id, after.project_name]).toEqual([d.id, 'Apollo and Atlas'])
  })

  test('a deleted team member stays named on their decisions, never turned into the user', async () => {
    const { app } = await createTestApp()
    const ada = await withSections(await signIn(app, 'ada@example.com', 'Ada Lovelace'))
    const tom = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const report = (await ada.post('/api/reports', { week_start_date: '2026-01-05' })).json
    await ada.post('/api/decisions', {
      title: 'Pricing stays',
      decided_on: '2026-01-06',
      decided_by_member_uuid: tom.uuid,
    })
    expect((await ada.delete(`/api/team-members/${tom.uuid}`)).status).toBe(200)
    const [d] = (await ada.get('/api/decisions')).json
    expect([d.decided_by_member_uuid, d.decided_by_name]).toEqual([null, 'Tom'])
    expect((await ada.get('/api/decisions?decided_by=me')).json).toEqual([])
    const brief = (await ada.get(`/api/reports/${report.uuid}`)).json
    expect(brief.decisions.map((x: { decided_by_name: string }) => x.decided_by_name)).toEqual([
      'Tom',
    ])
    const found = (await ada.get('/api/search?query=type%3Adecision%20pricing')).json.results
    expect(found[0].team_member_name).toBe('Tom')
  })
})
