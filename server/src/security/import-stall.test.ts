import { describe, expect, test } from 'bun:test'
import { parseWorkerStats } from '../modules/import-export/parse-off-thread'
import { parseReportText } from '../modules/import-export/parser'
import { IMPORT_LIMITS } from '../modules/import-export/service'
import { createTestApp, ORIGIN, signIn, type TestApp } from '../test/helpers'

/**
 * Import stall: no import may hold the server. A Markdown import used to be quadratic in
 * projects × items, and an account import held the event loop for its whole transaction (the load
 * balancer's health check waited 4.4 s). Imports now give the event loop back between chunks
 * (lib/time-slices.ts): while the largest import each route allows runs, /api/health answers,
 * and the import's answer is what it was. One line, project or object more is refused with 413
 * before anything is written. How long /api/health waits during them is measured by
 * `bun run bench` (bench/abuse.ts: under 100 ms).
 */

/** The largest report import allowed: every line an item, every project name new. */
function largestMarkdown() {
  const lines = ['## Action Items']
  for (let i = 1; lines.length < IMPORT_LIMITS.lines; i++) {
    const project = `Project ${String(i % IMPORT_LIMITS.projectNames).padStart(3, '0')} of the large import`
    lines.push(`- [ ] [${project}] Item ${i} with some words to parse @Nobody`)
  }
  return lines.join('\n')
}

/** An account document near the largest allowed: 24,648 objects, about 4 MB. */
function largestAccount() {
  const items = (n: number, offset: number) =>
    Array.from({ length: n }, (_, i) => ({
      content: `Item ${offset + i}`,
      is_completed: i % 3 === 0,
      item_type: 'task',
      project_id: (i % 50) + 1,
      assigned_to_team_member_id: null,
    }))
  const projects = Array.from({ length: 50 }, (_, i) => ({
    id: i + 1,
    name: `Project ${i + 1}`,
    status: 'active',
  }))
  // 50 projects + 49 reports × (1 report + 1 section + 500 items) = 24,648, near the limit.
  const reports = Array.from({ length: 49 }, (_, w) => ({
    week_start_date: new Date(Date.UTC(2024, 0, 1 + 7 * w)).toISOString().slice(0, 10),
    title: `Week ${w}`,
    summary: null,
    is_submitted: true,
    sent_date: null,
    sections: [
      {
        section_template_id: null,
        section_name: 'Action Items',
        section_type: 'tasks',
        content: null,
        items: items(500, w * 500),
      },
    ],
  }))
  const doc = {
    format: 'cadence-export',
    version: 1,
    section_templates: [],
    projects,
    team_members: [],
    reports,
  }
  return { doc, reports }
}

async function setup() {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  const bob = await signIn(app, 'bob@example.com')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
  return { app, ada, bob, report }
}

/**
 * Runs `work` and asks /api/health again and again until it is done: how many health answers
 * (all 200) came while it was still running. An import that held the event loop gets none.
 */
async function healthWhile<T extends { status: number }>(app: TestApp, work: () => Promise<T>) {
  let done = false
  const running = work().finally(() => {
    done = true
  })
  let answered = 0
  while (!done) {
    await Bun.sleep(2)
    const res = await app.handle(new Request(`${ORIGIN}/api/health`))
    expect(res.status).toBe(200)
    if (!done) answered++
  }
  return { answered, result: await running }
}

describe('import stall', () => {
  test('the server answers its health check while the largest report import runs; the import answers as before', async () => {
    const { app, ada, bob, report } = await setup()
    const text = largestMarkdown()
    const { answered, result } = await healthWhile(app, () =>
      ada.api.reports({ uuid: report.uuid }).import.post({ text }),
    )
    expect(result.status).toBe(200)
    expect(answered).toBeGreaterThan(0)
    expect(result.data).toMatchObject({
      importedItems: IMPORT_LIMITS.lines - 1,
      createdProjects: IMPORT_LIMITS.projectNames,
      matchedSections: 1,
      unmatchedSections: [],
    })
    expect((await bob.api.users.me.get()).status).toBe(200)
    const imported = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(imported.sections[0].items).toHaveLength(IMPORT_LIMITS.lines - 1)
    expect((await ada.api.projects.get()).data).toHaveLength(IMPORT_LIMITS.projectNames)
  }, 60_000)

  test('one line or one project more is refused with 413 and nothing is written', async () => {
    const { ada, report } = await setup()
    const tooLong = `${largestMarkdown()}\n- [ ] One more`
    const res = await ada.api.reports({ uuid: report.uuid }).import.post({ text: tooLong })
    expect(res.status).toBe(413)
    expect(res.error?.value).toEqual({ error: 'At most 5,000 lines per import' })
    const manyProjects = ['## Action Items']
    for (let i = 0; i <= IMPORT_LIMITS.projectNames; i++) manyProjects.push(`- [P${i}] Item ${i}`)
    const res2 = await ada.api.reports({ uuid: report.uuid }).import.post({
      text: manyProjects.join('\n'),
    })
    expect(res2.status).toBe(413)
    expect(res2.error?.value).toEqual({ error: 'At most 200 different projects per import' })
    const preview = await ada.api.reports.import.preview.post({ text: tooLong })
    expect(preview.status).toBe(413)
    expect((await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[0].items).toEqual([])
    expect((await ada.api.projects.get()).data).toEqual([])
  })

  test('the server answers its health check while the largest account import runs; a larger one is refused', async () => {
    const { app, ada, bob } = await setup()
    const { doc, reports } = largestAccount()
    const { answered, result } = await healthWhile(app, () => ada.api.import.post(doc))
    expect(result.status).toBe(200)
    expect(answered).toBeGreaterThan(0)
    expect(result.data).toEqual({
      settings: false,
      sectionTemplates: 0,
      projects: 50,
      teamMembers: 0,
      talkingPoints: 0,
      tasks: 0,
      followups: 0,
      reports: 49,
      sections: 49,
      items: 49 * 500,
      skippedReports: 0,
    })
    const weeks = (await ada.api.reports.get()).data!
    expect(weeks).toHaveLength(1 + 49)
    const imported = weeks.find((w) => w.week_start_date === '2024-01-01')!
    const first = (await ada.api.reports({ uuid: imported.uuid }).get()).data!
    expect(first.sections[0].items.map((i) => i.sort_order)).toEqual(
      Array.from({ length: 500 }, (_, i) => i),
    )
    const over = { ...doc, reports: [...reports, { ...reports[0], week_start_date: '2030-01-07' }] }
    // 24,648 + 502 = 25,150: over by a little.
    const refused = await bob.api.import.post(over)
    expect(refused.status).toBe(413)
    expect(refused.error?.value).toEqual({
      error: expect.stringMatching(/^At most 25,000 objects per import/),
    })
  }, 120_000)

  test('a large account document that fails its check is refused with 400 naming the first failing value, the health check answered meanwhile, nothing written', async () => {
    const { app, ada } = await setup()
    const { doc } = largestAccount()
    const bad = structuredClone(doc) as unknown as {
      reports: { sections: { items: { content: unknown }[] }[] }[]
    }
    bad.reports[48].sections[0].items[499].content = 12
    // A body the types refuse goes by its path.
    const { answered, result } = await healthWhile(app, () => ada.post('/api/import', bad))
    expect(answered).toBeGreaterThan(0)
    expect(result.status).toBe(400)
    expect(result.json).toEqual({
      error: 'Invalid reports.48.sections.0.items.499.content: Content is required',
    })
    expect((await ada.api.reports.get()).data).toHaveLength(1)
    expect((await ada.api.projects.get()).data).toEqual([])
  }, 120_000)

  test('the report parse runs on its worker, answers what the parser answers, and bad text is refused as before', async () => {
    const { ada, report } = await setup()
    const text = '## Action Items\n- [x] [Apollo] Ship it @Nobody\n- [ ] Write the notes'
    const before = parseWorkerStats.parsed
    const preview = await ada.api.reports.import.preview.post({ text, uuid: report.uuid })
    expect(preview.status).toBe(200)
    expect(preview.data).toEqual(
      JSON.parse(
        JSON.stringify(parseReportText(text, { knownSections: ['Action Items'], members: [] })),
      ),
    )
    const imported = await ada.api.reports({ uuid: report.uuid }).import.post({ text })
    expect(imported.status).toBe(200)
    expect(imported.data).toMatchObject({ importedItems: 2, createdProjects: 1 })
    expect(parseWorkerStats.parsed).toBe(before + 2)
    // Refused before any parse: nothing reaches the worker, nothing is written.
    const blank = await ada.api.reports({ uuid: report.uuid }).import.post({ text: ' \n ' })
    expect(blank.status).toBe(400)
    expect(blank.error?.value).toEqual({ error: 'Please paste report content to preview' })
    // A body the types refuse goes by its path.
    const notText = await ada.post(`/api/reports/${report.uuid}/import`, { text: 42 })
    expect(notText.status).toBe(400)
    expect(parseWorkerStats.parsed).toBe(before + 2)
    expect(
      (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[0].items,
    ).toHaveLength(2)
  })
})
