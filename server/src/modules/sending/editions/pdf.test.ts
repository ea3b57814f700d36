import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isoDate } from '../../../lib/time'
import { weekStart } from '../../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../../test/helpers'

/** The text of a PDF and its page count, read by poppler-utils (pdftotext, pdfinfo). */
function readPdf(bytes: ArrayBuffer) {
  for (const tool of ['pdftotext', 'pdfinfo'])
    if (!Bun.which(tool))
      throw new Error(
        `${tool} is missing: install poppler-utils (apt-get install -y poppler-utils)`,
      )
  const dir = mkdtempSync(join(tmpdir(), 'cadence-pdf-'))
  try {
    const file = join(dir, 'memo.pdf')
    writeFileSync(file, new Uint8Array(bytes))
    const text = Bun.spawnSync(['pdftotext', '-layout', file, '-']).stdout.toString()
    const info = Bun.spawnSync(['pdfinfo', file]).stdout.toString()
    return {
      text,
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
      size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)?.[1],
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the memo as a PDF', () => {
  test('a 6-project, 28-item brief: selectable text with the header, health and sections, on at most 2 Letter pages; each edition as sent', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Łukasiewicz')
    await ada.api.users.me.put({ display_title: 'Chief Executive' })
    await ada.api.settings.put({ organisation_name: 'Zürich Engines' })
    for (const [name, type] of [
      ['Highlights', 'standard'],
      ['Tasks', 'tasks'],
      ['Follow-ups', 'followups'],
      ['Risks', 'standard'],
    ] as const)
      await ada.api['section-templates'].post({ name, type })
    const report = (
      await ada.api.reports.post({
        week_start_date: '2026-11-23',
        title: 'Board brief',
        summary: 'Beta slipped two weeks; hiring on plan.',
        carry_over: false,
      })
    ).data!
    const tom = (
      await ada.api['team-members'].post({ name: 'Tomás Reyes', email: 't@example.com' })
    ).data!
    const projects = []
    for (const name of ['Apollo', 'Borealis', 'Cygnus', 'Draco', 'Eridanus', 'Fornax'])
      projects.push((await ada.api.projects.post({ name })).data!)
    for (let i = 0; i < 28; i++) {
      const item = (
        await ada.api['section-items'].post({
          section_id: report.sections[i % 3].id,
          content: `Item ${i + 1}: a line of work worth a board's attention this week`,
          project_id: i % 7 === 6 ? null : projects[i % 6].id,
          assigned_to_team_member_id: i % 4 === 0 ? tom.id : null,
        })
      ).data!
      if (i % 5 === 0) await ada.api['section-items']({ id: item.id }).put({ is_completed: true })
    }
    for (const p of projects)
      await ada.api
        .reports({ uuid: report.uuid })
        ['project-health']({ project_uuid: p.uuid })
        .put({
          health: p.name === 'Apollo' ? 'at_risk' : 'on_track',
          note: p.name === 'Apollo' ? 'Vendor slipped' : null,
        })

    // An ask of the readers answered from a private link, a decision of the week, a metric.
    const ask = (
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content: 'Approve the Q1 hiring budget',
        project_id: projects[0].id,
      })
    ).data!
    await ada.api['section-items']({ id: ask.id }).put({ is_ask: true })
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const answered = await makeClient(app)
      .api.shared({ token: link.url.split('/r/')[1] })
      .asks({ item_id: ask.id })
      .answers.post({ name: 'Maria', answer: 'approve' })
    expect(answered.status).toBe(201)
    await ada.api.decisions.post({
      title: 'Move the launch to March',
      decided_on: '2026-11-24',
      rationale: 'The vendor needs four more weeks',
    })
    const metric = (await ada.api.metrics.post({ name: 'Signups', direction: 'up' })).data!
    const lastWeek = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const metricOf = (uuid: string) =>
      ada.api.reports({ uuid })['metric-values']({ metric_id: metric.id })
    await metricOf(lastWeek.uuid).put({ value: 120 })
    await metricOf(report.uuid).put({ value: 150 })

    // The PDFs are file downloads: read by their paths.
    const live = await ada.request('GET', `/api/reports/${report.uuid}/pdf`)
    expect(live.status).toBe(200)
    expect(live.headers.get('content-type')).toBe('application/pdf')
    const res = await app.handle(
      new Request(`http://localhost:3000/api/reports/${report.uuid}/pdf`, {
        headers: { cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    const draft = readPdf(await res.arrayBuffer())
    expect(draft.pages).toBeGreaterThanOrEqual(1)
    expect(draft.pages).toBeLessThanOrEqual(2)
    // Named after the organisation, the week and the edition (a draft: 'draft').
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Zürich Engines — Weekly Report — Nov 23, 2026 — draft.pdf')}`,
    )
    expect(draft.size).toBe('612 x 792')
    for (const text of [
      'Zürich Engines',
      'From Ada Łukasiewicz, Chief Executive',
      'Nov 23 – Nov 27, 2026',
      'Not sent yet',
      `Page 1 of ${draft.pages}`,
      'Weekly Report',
      'Board brief',
      'Project health',
      'Vendor slipped',
      'Since last week',
      'Highlights',
      'Risks',
      'None',
      '✓ Completed',
      'Assigned to Tomás Reyes',
      'End of Report',
    ])
      expect({ text, found: draft.text.includes(text) }).toEqual({ text, found: true })
    const flat = draft.text.replaceAll(/\s+/g, ' ')
    // Asks right after the health table, with the answers so far (the author's copy).
    expect(flat).toContain('Asks of you 1. Approve the Q1 hiring budget (Apollo · 1 answer)')
    expect(flat.indexOf('Asks of you')).toBeGreaterThan(flat.indexOf('Vendor slipped'))
    expect(flat.indexOf('Asks of you')).toBeLessThan(flat.indexOf('Decided this week'))
    expect(flat).toContain(
      'Decided this week • Move the launch to March (Ada Łukasiewicz · Nov 24, 2026)',
    )
    expect(flat).toContain('Why: The vendor needs four more weeks')
    expect(flat).toMatch(/Metrics Metric This week Previous Since last week Trend Flag/)
    expect(flat).toContain('Signups 150 120 +30 (better)')
    // Dates as the memo writes them, never ISO.
    expect(draft.text).not.toMatch(/\d{4}-\d{2}-\d{2}/)

    await ada.api
      .reports({ uuid: report.uuid })
      .put({ is_submitted: true, sent_date: '2026-11-27' })
    await ada.api.reports({ uuid: report.uuid }).put({ title: 'Changed after sending' })
    const edition = await app.handle(
      new Request(`http://localhost:3000/api/reports/${report.uuid}/editions/1/pdf`, {
        headers: { cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    expect(edition.status).toBe(200)
    const sent = readPdf(await edition.arrayBuffer())
    expect(sent.text).toContain('Sent Nov 27, 2026')
    expect(sent.text).not.toContain('Not sent yet')
    expect(edition.headers.get('content-disposition')).toContain(
      encodeURIComponent('Zürich Engines — Weekly Report — Nov 23, 2026 — edition 1.pdf'),
    )
    expect(sent.text).toContain('Board brief')
    expect(sent.text).not.toContain('Changed after sending')
    expect(sent.text.replaceAll(/\s+/g, ' ')).toContain(
      'Approve the Q1 hiring budget (Apollo · 1 answer)',
    )
    expect(sent.text).toContain('Move the launch to March')
    expect(sent.text).toContain('Signups')
    expect((await ada.get(`/api/reports/${report.uuid}/editions/2/pdf`)).status).toBe(404)
  }, 60_000)

  test("'Since last week' is one line of counts with the completed and stalled items, frozen with each edition", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const thisWeek = weekStart(isoDate(), 'monday')
    const threeWeeksAgo = new Date(Date.parse(thisWeek) - 21 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const old = (await ada.api.reports.post({ week_start_date: threeWeeksAgo, carry_over: false }))
      .data!
    for (const content of ['Sign the vendor contract', 'Hire a designer'])
      await ada.api['section-items'].post({
        section_id: old.sections[0].id,
        content,
        project_id: apollo.id,
      })
    // This week's report carries both open tasks; one is done this week, one is new.
    const report = (await ada.api.reports.post({ week_start_date: thisWeek })).data!
    const carried = report.sections[0].items
    expect(carried.map((i) => i.content).sort()).toEqual([
      'Hire a designer',
      'Sign the vendor contract',
    ])
    const hire = carried.find((i) => i.content === 'Hire a designer')!
    const vendor = carried.find((i) => i.content === 'Sign the vendor contract')!
    await ada.api['section-items']({ id: hire.id }).put({ is_completed: true })
    await ada.api['section-items'].post({
      section_id: report.sections[0].id,
      content: 'Plan the offsite',
    })

    // The PDFs are file downloads: read by their paths.
    const pdf = async (path: string) =>
      readPdf(
        await (
          await app.handle(
            new Request(`http://localhost:3000${path}`, {
              headers: { cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
            }),
          )
        ).arrayBuffer(),
      ).text.replaceAll(/\s+/g, ' ')
    const live = await pdf(`/api/reports/${report.uuid}/pdf`)
    expect(live).toContain('Since last week 1 completed · 1 new · 2 carried · 1 stalled')
    expect(live).toContain('✓ Hire a designer Apollo · Action Items')
    expect(live).toContain('Stalled: Sign the vendor contract Apollo · Action Items · open 3 weeks')
    // The new and carried items are not listed again: only in their section below.
    expect(live.split('Plan the offsite')).toHaveLength(2)

    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    await ada.api['section-items']({ id: vendor.id }).put({ is_completed: true })
    const now = await pdf(`/api/reports/${report.uuid}/pdf`)
    expect(now).toContain('2 completed · 1 new · 2 carried · 0 stalled')
    expect(now).not.toContain('Stalled:')
    // The edition is what was sent, stalled item and all.
    const sent = await pdf(`/api/reports/${report.uuid}/editions/1/pdf`)
    expect(sent).toContain('1 completed · 1 new · 2 carried · 1 stalled')
    expect(sent).toContain('Stalled: Sign the vendor contract')
    const edition = (await ada.api.reports({ uuid: report.uuid }).editions({ number: 1 }).get())
      .data!
    // The week compared with, and nothing else of that report.
    expect(edition.since_last_week?.previous).toEqual({ week_start_date: threeWeeksAgo })
    expect(edition.since_last_week).toMatchObject({
      counts: { completed: 1, new: 1, carried: 2, stalled: 1 },
      completed: [{ content: 'Hire a designer', project_name: 'Apollo' }],
      stalled: [{ content: 'Sign the vendor contract', open_weeks: 3, is_completed: false }],
    })
  }, 60_000)
})

describe('the PDF of extreme input', () => {
  test('metric values near ±1e308 and a 5,000-character organisation name still make a PDF', async () => {
    const { composeBrief } = await import('@cadence/core')
    const { memoPdf } = await import('./pdf')
    const composed = composeBrief(
      {
        title: 'T',
        week_start_date: '2026-11-23',
        summary: null,
        sent_date: null,
        author: { name: null, title: null },
        organisation_name: 'O'.repeat(5_000),
        sections: [],
        project_health: [],
        metrics: [
          {
            name: 'Huge',
            unit: null,
            direction: 'up',
            value: -1e308,
            previous_value: 1e308,
            history: [
              { week_start_date: '2026-11-16', value: 1e308 },
              { week_start_date: '2026-11-23', value: -1e308 },
            ],
            flag: 'unusual',
          },
        ],
      },
      { edition: null, startDay: 'monday', endDay: 'friday' },
    )
    const bytes = await memoPdf(composed, { paperSize: 'a4', confidentialityLine: null })
    const { text, pages } = readPdf(bytes.buffer as ArrayBuffer)
    expect(pages).toBeGreaterThanOrEqual(1)
    expect(text).toContain('Huge')
    expect(text).toContain('Unusual move')
  })
})

describe('the PDF table', () => {
  test('a health row whose bold project name wraps pushes the next row down: no words overlap', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    const report = (
      await ada.api.reports.post({ week_start_date: '2026-11-23', carry_over: false })
    ).data!
    for (const name of ['Pricing & Packaging 2027', 'Q1 Hiring Plan']) {
      const project = (await ada.api.projects.post({ name })).data!
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content: `Work on ${name}`,
        project_id: project.id,
      })
      await ada.api
        .reports({ uuid: report.uuid })
        ['project-health']({ project_uuid: project.uuid })
        .put({ health: 'at_risk', note: 'Launch slipping' })
    }
    const res = await app.handle(
      new Request(`http://localhost:3000/api/reports/${report.uuid}/pdf`, {
        headers: { cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    const dir = mkdtempSync(join(tmpdir(), 'cadence-pdf-'))
    try {
      const file = join(dir, 'memo.pdf')
      writeFileSync(file, new Uint8Array(await res.arrayBuffer()))
      // Every word's box on the first page, from poppler: no two may intersect.
      const html = Bun.spawnSync([
        'pdftotext',
        '-bbox',
        '-f',
        '1',
        '-l',
        '1',
        file,
        '-',
      ]).stdout.toString()
      const words = [
        ...html.matchAll(
          /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
        ),
      ].map((m) => ({ x0: +m[1], y0: +m[2], x1: +m[3], y1: +m[4], text: m[5] }))
      expect(words.some((w) => w.text === 'Packaging')).toBe(true)
      const overlaps: string[] = []
      for (let i = 0; i < words.length; i++)
        for (let j = i + 1; j < words.length; j++) {
          const a = words[i]
          const b = words[j]
          // A point of slack for glyph boxes that touch.
          if (a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1)
            overlaps.push(`${a.text} / ${b.text}`)
        }
      expect(overlaps).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
