import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type Client, createTestApp, signIn } from '../../test/helpers'

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob')
  for (const [name, type] of [
    ['Highlights', 'standard'],
    ['Action Items', 'tasks'],
    ['Follow-ups', 'followups'],
  ] as const)
    await ada.api['section-templates'].post({ name, type })
  const grace = (
    await ada.api['team-members'].post({ name: 'Grace Hopper', email: 'grace@example.com' })
  ).data!
  const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const report = (await ada.api.reports.post({ week_start_date: '2026-11-16', title: 'Week 47' }))
    .data!
  return { ...ctx, ada, bob, grace, apollo, report }
}

const PASTE = `## Highlights
- [Apollo] Shipped telemetry
- [Mercury] Opened the new office

## Action Items
- [ ] Book the launch pad @Grace Hopper
- [x] Sign the contract

## Follow-ups
- [ ] [apollo] Chase the invoice @Nobody
`

type Item = {
  content: string
  is_completed: boolean
  item_type: string
  project_id: number | null
  assigned_to_team_member_id: number | null
}
const itemsOf = async (client: Client, uuid: string) =>
  (await client.api.reports({ uuid }).get()).data!.sections.map((s): [string, Item[]] => [
    s.section_name,
    s.items.map((i) => ({
      content: i.content,
      is_completed: i.is_completed,
      item_type: i.item_type,
      project_id: i.project_id,
      assigned_to_team_member_id: i.assigned_to_team_member_id,
    })),
  ])

describe('report import from pasted text', () => {
  test('preview answers the parsed structure and writes nothing', async () => {
    const { ada, report } = await setup()
    const res = await ada.api.reports.import.preview.post({ text: PASTE })
    expect(res.status).toBe(200)
    expect(res.data!.sections.map((s: { sectionName: string }) => s.sectionName)).toEqual([
      'Highlights',
      'Action Items',
      'Follow-ups',
    ])
    expect(res.data!.sections[1].items[0]).toEqual({
      content: 'Book the launch pad',
      projectName: null,
      is_completed: false,
      assignee: 'Grace Hopper',
    })
    expect(res.data!.sections[2].items[0].content).toBe('Chase the invoice @Nobody')
    expect((await ada.api.projects.get()).data!).toHaveLength(1)
    expect(
      (await itemsOf(ada, report.uuid)).flatMap(([, items]: [string, Item[]]) => items),
    ).toEqual([])
  })

  test('without templates, plain-text headings are read by layout', async () => {
    const { bob } = await setup()
    const res = await bob.api.reports.import.preview.post({
      text: 'Accomplishments\nFinished the migration\n\nNext Week\nPlan offsite',
    })
    expect(res.data!.sections).toEqual([
      {
        sectionName: 'Accomplishments',
        items: [{ content: 'Finished the migration', projectName: null }],
      },
      { sectionName: 'Next Week', items: [{ content: 'Plan offsite', projectName: null }] },
    ])
  })

  test('empty text is refused with its message', async () => {
    const { ada, report } = await setup()
    for (const text of ['', '   \n ']) {
      const preview = await ada.api.reports.import.preview.post({ text })
      expect(preview.status).toBe(400)
      expect(preview.error?.value).toEqual({ error: 'Please paste report content to preview' })
      const imported = await ada.api.reports({ uuid: report.uuid }).import.post({ text })
      expect(imported.status).toBe(400)
      expect(imported.error?.value).toEqual({ error: 'Please paste report content to preview' })
    }
    // A body the types refuse goes by path.
    expect((await ada.post('/api/reports/import/preview', {})).status).toBe(400)
  })

  test('import adds items to the matching sections, creating unknown projects and matching @names', async () => {
    const { ada, report, grace, apollo } = await setup()
    const res = await ada.api.reports({ uuid: report.uuid }).import.post({ text: PASTE })
    expect(res.status).toBe(200)
    expect(res.data!).toMatchObject({
      importedItems: 5,
      createdProjects: 1,
      assignedItems: 1,
      matchedSections: 3,
      unmatchedSections: [],
      message: 'Imported 5 items from report and created 1 new project(s)',
    })
    const projects = (await ada.api.projects.get()).data! as {
      id: number
      name: string
      status: string
    }[]
    const mercury = projects.find((p) => p.name === 'Mercury')
    expect(mercury?.status).toBe('active')
    expect(await itemsOf(ada, report.uuid)).toEqual([
      [
        'Highlights',
        [
          {
            content: 'Shipped telemetry',
            is_completed: false,
            item_type: 'standard',
            project_id: apollo.id,
            assigned_to_team_member_id: null,
          },
          {
            content: 'Opened the new office',
            is_completed: false,
            item_type: 'standard',
            project_id: mercury!.id,
            assigned_to_team_member_id: null,
          },
        ],
      ],
      [
        'Action Items',
        [
          {
            content: 'Book the launch pad',
            is_completed: false,
            item_type: 'task',
            project_id: null,
            assigned_to_team_member_id: grace.id,
          },
          {
            content: 'Sign the contract',
            is_completed: true,
            item_type: 'task',
            project_id: null,
            assigned_to_team_member_id: null,
          },
        ],
      ],
      [
        'Follow-ups',
        [
          {
            content: 'Chase the invoice @Nobody',
            is_completed: false,
            item_type: 'followup',
            project_id: apollo.id,
            assigned_to_team_member_id: null,
          },
        ],
      ],
    ])
  })

  test("an unmatched section goes to a section of the type its name suggests; 'action' finds tasks", async () => {
    const { ada, report } = await setup()
    const res = await ada.api.reports({ uuid: report.uuid }).import.post({
      text: 'Next steps:\n- [ ] Plan offsite\n\nTo follow up:\n- Call the bank\n\nAction items:\n- Draft memo',
    })
    expect(res.data!.unmatchedSections).toEqual(['Next steps'])
    const sections = await itemsOf(ada, report.uuid)
    expect(sections[0][1].map((i: Item) => [i.content, i.item_type])).toEqual([
      ['Plan offsite', 'standard'],
    ])
    expect(sections[1][1].map((i: Item) => [i.content, i.item_type])).toEqual([
      ['Draft memo', 'task'],
    ])
    expect(sections[2][1].map((i: Item) => [i.content, i.item_type])).toEqual([
      ['Call the bank', 'followup'],
    ])
  })

  test('a report without sections cannot take an import', async () => {
    const { bob } = await setup()
    const empty = (await bob.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const res = await bob.api.reports({ uuid: empty.uuid }).import.post({ text: '- x' })
    expect(res.status).toBe(400)
    expect(res.error?.value).toEqual({ error: 'This report has no sections to import into' })
  })

  test('another user cannot preview against, import into or export a report that is not theirs', async () => {
    const { bob, report } = await setup()
    expect(
      (await bob.api.reports.import.preview.post({ text: '- x', uuid: report.uuid })).status,
    ).toBe(404)
    expect((await bob.api.reports({ uuid: report.uuid }).import.post({ text: '- x' })).status).toBe(
      404,
    )
    expect((await bob.get(`/api/reports/${report.uuid}/export?format=md`)).status).toBe(404)
  })

  test('import, preview and export need a session', async () => {
    const { app, report } = await setup()
    const doc = {
      format: 'cadence-export',
      version: 1,
      section_templates: [],
      projects: [],
      team_members: [],
      reports: [],
    }
    for (const [method, path, body] of [
      ['POST', '/api/reports/import/preview', { text: '- x' }],
      ['POST', `/api/reports/${report.uuid}/import`, { text: '- x' }],
      ['GET', `/api/reports/${report.uuid}/export?format=md`],
      ['GET', '/api/export'],
      ['POST', '/api/import', doc],
    ] as const) {
      const res = await app.handle(
        new Request(`http://localhost:3000${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        }),
      )
      expect(res.status).toBe(401)
    }
  })
})

describe('report Markdown export', () => {
  test('exports text/markdown that imports back into an empty report as the same items', async () => {
    const { ada, report } = await setup()
    await ada.api.reports({ uuid: report.uuid }).import.post({ text: PASTE })
    const res = await ada.get(`/api/reports/${report.uuid}/export?format=md`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/markdown')
    expect(res.text).toContain('## Action Items')
    expect(res.text).toContain('- [ ] Book the launch pad @Grace Hopper')
    // No carry-over: the copy must hold only what the import brings.
    const copy = (await ada.api.reports.post({ week_start_date: '2026-11-23', carry_over: false }))
      .data!
    const again = await ada.api.reports({ uuid: copy.uuid }).import.post({ text: res.text })
    expect(again.data!).toMatchObject({ importedItems: 5, createdProjects: 0 })
    expect(await itemsOf(ada, copy.uuid)).toEqual(await itemsOf(ada, report.uuid))
  })

  test('an unknown format is a 400', async () => {
    const { ada, report } = await setup()
    const res = await ada.get(`/api/reports/${report.uuid}/export?format=pdf`)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe("format must be 'md', 'html' or 'text'")
  })

  // Its timeout is sized for PostgreSQL on a busy 2-core machine (10–20 s seen there).
  test('round trip through the API on generated items (property)', async () => {
    const { ada, report, grace, apollo } = await setup()
    const sections = (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections as {
      id: number
    }[]
    const zephyr = (await ada.api.projects.post({ name: 'Zephyr ✈ 漢字' })).data!
    const content = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom('@', '[', ']', '\\', '✓', '~', ' '),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        minLength: 1,
        maxLength: 300,
      })
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .filter((s) => s.length > 0)
    const item = fc.record({
      section: fc.integer({ min: 0, max: 2 }),
      content,
      project_id: fc.constantFrom(null, apollo.id, zephyr.id),
      assigned_to_team_member_id: fc.constantFrom(null, grace.id),
      is_completed: fc.boolean(),
    })
    let week = 0
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 8 }), async (items) => {
        const source = (
          await ada.api.reports.post({
            week_start_date: `2027-0${1 + (week % 9)}-${10 + Math.floor(week / 9)}`,
          })
        ).data!
        const target = (
          await ada.api.reports.post({
            week_start_date: `2028-0${1 + (week % 9)}-${10 + Math.floor(week / 9)}`,
            carry_over: false,
          })
        ).data!
        week++
        for (const i of items) {
          const created = await ada.api['section-items'].post({
            section_id: source.sections[i.section].id,
            content: i.content,
            project_id: i.project_id,
            assigned_to_team_member_id: i.assigned_to_team_member_id,
          })
          expect(created.status).toBe(200)
          if (i.is_completed)
            await ada.api['section-items']({ id: created.data!.id }).put({ is_completed: true })
        }
        const md = (await ada.get(`/api/reports/${source.uuid}/export?format=md`)).text
        const res = await ada.api.reports({ uuid: target.uuid }).import.post({ text: md })
        expect(res.data!.importedItems).toBe(items.length)
        expect(res.data!.createdProjects).toBe(0)
        // In the editor's order, as the Markdown lists them: no project first, then each project
        // where its first item stands (her order); open first.
        const editorOrder = (list: [string, Item[]][]) =>
          list.map(([name, items]): [string, Item[]] => [
            name,
            [...Map.groupBy(items, (i) => i.project_id).entries()]
              .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0))
              .flatMap(([, group]) =>
                group.toSorted((a, b) => Number(a.is_completed) - Number(b.is_completed)),
              ),
          ])
        expect(await itemsOf(ada, target.uuid)).toEqual(
          editorOrder(await itemsOf(ada, source.uuid)),
        )
      }),
      { numRuns: 15 },
    )
    expect(sections).toHaveLength(3)
  }, 60_000)
})

describe('whole-account JSON export and import', () => {
  async function fill() {
    const s = await setup()
    const { ada, grace, apollo, report } = s
    await ada.api['user-settings'].put({ weekly_start_day: 'sunday', report_frequency: 'monthly' })
    await ada.api['team-members']({ uuid: grace.uuid })['talking-points'].post({
      content: 'Compilers',
      project_id: apollo.id,
    })
    await ada.api['team-members']({ uuid: grace.uuid }).tasks.post({ content: 'Review manual' })
    await ada.api['team-members']({ uuid: grace.uuid }).followups.post({ content: 'Send wire' })
    await ada.api.reports({ uuid: report.uuid }).import.post({ text: PASTE })
    await ada.api.reports({ uuid: report.uuid }).put({
      is_submitted: true,
      sent_date: '2026-11-20',
      summary: 'Good week',
      // A drafted summary kept: the model that drafted it travels with the account.
      summary_model: 'llama3.1:8b',
    })
    return s
  }

  // The document without ids, uuids and timestamps of the copy: what must survive a restore.
  const normal = (doc: Record<string, unknown>) => {
    const json = JSON.parse(JSON.stringify(doc))
    const projectName = new Map(
      json.projects.map((p: { id: number; name: string }) => [p.id, p.name]),
    )
    const memberName = new Map(
      json.team_members.map((m: { id: number; name: string }) => [m.id, m.name]),
    )
    const entry = (e: { content: string; is_completed: boolean; project_id: number | null }) => ({
      content: e.content,
      is_completed: e.is_completed,
      project: projectName.get(e.project_id) ?? null,
    })
    return {
      settings: json.settings,
      section_templates: json.section_templates.map(
        ({ name, type, sort_order }: Record<string, unknown>) => ({ name, type, sort_order }),
      ),
      projects: json.projects.map(({ name, status }: Record<string, unknown>) => ({
        name,
        status,
      })),
      team_members: json.team_members.map((m: Record<string, never>) => ({
        name: m.name,
        title: m.title,
        email: m.email,
        talking_points: (m.talking_points as []).map(entry),
        tasks: (m.tasks as []).map(entry),
        followups: (m.followups as []).map(entry),
      })),
      reports: json.reports.map((r: Record<string, never>) => ({
        week_start_date: r.week_start_date,
        title: r.title,
        summary: r.summary,
        summary_model: r.summary_model,
        is_submitted: r.is_submitted,
        sent_date: r.sent_date,
        sections: (r.sections as Record<string, never>[]).map((s) => ({
          section_name: s.section_name,
          section_type: s.section_type,
          content: s.content,
          items: (s.items as Record<string, never>[]).map((i) => ({
            ...entry(i as never),
            item_type: i.item_type,
            assignee: memberName.get(i.assigned_to_team_member_id) ?? null,
          })),
        })),
      })),
    }
  }

  test('the export holds every part of the account with a format version', async () => {
    const { ada } = await fill()
    const res = await ada.api.export.get()
    expect(res.status).toBe(200)
    const doc = res.data!
    expect(doc).toMatchObject({ format: 'cadence-export', version: 1 })
    expect(doc.settings).toMatchObject({ weekly_start_day: 'sunday', report_frequency: 'monthly' })
    expect(doc.section_templates).toHaveLength(3)
    expect(doc.projects.map((p) => p.name).sort()).toEqual(['Apollo', 'Mercury'])
    expect(doc.team_members[0]).toMatchObject({
      name: 'Grace Hopper',
      talking_points: [{ content: 'Compilers' }],
      tasks: [{ content: 'Review manual' }],
      followups: [{ content: 'Send wire' }],
    })
    expect(
      (doc.reports[0].sections as { items: unknown[] }[]).flatMap((s) => s.items),
    ).toHaveLength(5)
    expect(doc.reports[0]).toMatchObject({ summary: 'Good week', summary_model: 'llama3.1:8b' })
  })

  test('a client that accepts gzip gets the same document and the same Markdown, gzipped', async () => {
    const { app, ada, report } = await fill()
    const read = async (path: string, gzip: boolean) => {
      const res = await app.handle(
        new Request(`http://localhost:3000${path}`, {
          headers: {
            cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; '),
            ...(gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
          },
        }),
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(gzip ? 'gzip' : null)
      const bytes = new Uint8Array(await res.arrayBuffer())
      return new TextDecoder().decode(gzip ? Bun.gunzipSync(bytes) : bytes)
    }
    const plain = JSON.parse(await read('/api/export', false))
    const gzipped = JSON.parse(await read('/api/export', true))
    // The same document but for the moment it was written.
    expect({ ...gzipped, exported_at: '' }).toEqual({ ...plain, exported_at: '' })
    expect(plain.reports.length).toBeGreaterThan(0)
    const md = `/api/reports/${report.uuid}/export?format=md`
    expect(await read(md, true)).toBe(await read(md, false))
  })

  test("restoring into another account gives the same data, and never touches the first one's", async () => {
    const { ada, bob } = await fill()
    const doc = (await ada.api.export.get()).data!
    const res = await bob.api.import.post(doc)
    expect(res.status).toBe(200)
    expect(res.data).toEqual({
      settings: true,
      sectionTemplates: 3,
      projects: 2,
      teamMembers: 1,
      talkingPoints: 1,
      tasks: 1,
      followups: 1,
      reports: 1,
      sections: 3,
      items: 5,
      skippedReports: 0,
    })
    const copy = (await bob.api.export.get()).data!
    expect(normal(copy)).toEqual(normal(doc))
    expect(copy.reports[0].uuid).not.toBe(doc.reports[0].uuid)
    expect(normal((await ada.api.export.get()).data!)).toEqual(normal(doc))
    // Bob's copy is his: searchable by him, and Ada's objects stay hidden from him.
    expect((await bob.api.reports({ uuid: doc.reports[0].uuid as string }).get()).status).toBe(404)
    expect(
      (await bob.api.search.get({ query: { query: 'telemetry' } })).data!.results,
    ).toHaveLength(1)
  })

  test('restoring into the same account reuses projects, members and templates and skips existing weeks', async () => {
    const { ada } = await fill()
    const doc = (await ada.api.export.get()).data!
    const res = await ada.api.import.post(doc)
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({
      sectionTemplates: 0,
      projects: 0,
      teamMembers: 0,
      reports: 0,
      skippedReports: 1,
    })
  })

  test('an invalid document is a 400 and writes nothing', async () => {
    const { ada, bob } = await fill()
    // Documents the types refuse go by path.
    const doc = (await ada.get('/api/export')).json
    const broken = [
      {},
      'not json at all',
      { ...doc, format: 'other' },
      { ...doc, version: 2 },
      { ...doc, projects: [{ id: 1 }] },
      { ...doc, reports: [{ ...doc.reports[0], week_start_date: '2026-02-30' }] },
      { ...doc, reports: [doc.reports[0], doc.reports[0]] },
      {
        ...doc,
        reports: [
          {
            ...doc.reports[0],
            sections: [
              {
                ...doc.reports[0].sections[0],
                items: [
                  { content: 'x', is_completed: false, item_type: 'task', project_id: 999_999 },
                ],
              },
            ],
          },
        ],
      },
      { ...doc, team_members: [{ ...doc.team_members[0], email: 'nope' }] },
    ]
    const before = (await bob.api.export.get()).data!
    for (const body of broken) {
      const res = await bob.post('/api/import', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
    }
    const after = (await bob.api.export.get()).data!
    expect(normal(after)).toEqual(normal(before))
    expect(after.projects).toEqual([])
  })

  test('export lists only the signed-in user’s data', async () => {
    const { bob } = await fill()
    const doc = (await bob.api.export.get()).data!
    expect([doc.projects, doc.team_members, doc.reports, doc.section_templates]).toEqual([
      [],
      [],
      [],
      [],
    ])
  })

  // Its timeout is sized for PostgreSQL on a busy 2-core machine (10–20 s seen there).
  test('export then import round-trips generated accounts (property)', async () => {
    const text = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom('"', '\\', '\n', '漢', '😀'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        minLength: 1,
        maxLength: 200,
      })
      .filter((s) => s.trim().length > 0)
    const account = fc.record({
      projects: fc.uniqueArray(
        text.map((s) => s.trim().slice(0, 100)),
        { maxLength: 3, selector: (s) => s.toLowerCase() },
      ),
      items: fc.array(
        fc.record({
          content: text,
          section: fc.integer({ min: 0, max: 2 }),
          project: fc.nat(3),
          done: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
      summary: fc.option(text),
    })
    // One database for every run (a new one each costs a CREATE DATABASE on PostgreSQL): each run
    // exports one new user's account into another new user's.
    const { app } = await createTestApp()
    let n = 0
    await fc.assert(
      fc.asyncProperty(account, async (a) => {
        const from = await signIn(app, `from${n}@example.com`)
        const to = await signIn(app, `to${n++}@example.com`)
        for (const [name, type] of [
          ['A', 'standard'],
          ['B', 'tasks'],
          ['C', 'followups'],
        ] as const)
          await from.api['section-templates'].post({ name, type })
        const ids = []
        for (const name of a.projects) ids.push((await from.api.projects.post({ name })).data!.id)
        const report = (
          await from.api.reports.post({ week_start_date: '2026-11-16', summary: a.summary })
        ).data!
        for (const i of a.items) {
          const made = await from.api['section-items'].post({
            section_id: report.sections[i.section].id,
            content: i.content,
            project_id: ids[i.project] ?? null,
          })
          if (i.done)
            await from.api['section-items']({ id: made.data!.id }).put({ is_completed: true })
        }
        const doc = (await from.api.export.get()).data!
        expect((await to.api.import.post(doc)).status).toBe(200)
        expect(normal((await to.api.export.get()).data!)).toEqual(normal(doc))
      }),
      { numRuns: 10 },
    )
  }, 60_000)
})
