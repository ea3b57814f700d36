import { describe, expect, test } from 'bun:test'
import { composeBrief } from '@cadence/core'
import { createTestApp, signIn } from '../../test/helpers'
import { briefToMarkdown } from './markdown'
import { parseReportText } from './parser'

describe("asks and decisions in 'Copy as Markdown'", () => {
  test('quoted after the health table, before the metrics; importing the Markdown back adds only the items', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const report = (await ada.api.reports.post({ week_start_date: '2026-06-08' })).data!
    await ada.api
      .reports({ uuid: report.uuid })
      ['project-health']({ project_uuid: apollo.uuid })
      .put({
        health: 'at_risk',
        note: 'Vendor slipped',
      })
    const ask = (
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content: 'Approve the Q1 hiring budget [now](javascript:alert(1))',
        project_id: apollo.id,
      })
    ).data!
    await ada.api['section-items']({ id: ask.id }).put({ is_ask: true })
    await ada.api.decisions.post({
      title: 'Move the launch to March',
      decided_on: '2026-06-09',
      rationale: 'The vendor needs\nfour more weeks',
    })
    const m = (await ada.api.metrics.post({ name: 'Signups', direction: 'up' })).data!
    await ada.api
      .reports({ uuid: report.uuid })
      ['metric-values']({ metric_id: m.id })
      .put({ value: 60 })

    const md = (await ada.get(`/api/reports/${report.uuid}/export?format=md`)).text
    expect(md).toContain(
      [
        '> **Asks of you**',
        '>',
        '> 1. Approve the Q1 hiring budget \\[now\\](javascript:alert(1)) (Apollo)',
        '',
        '> **Decided this week**',
        '>',
        '> - Move the launch to March (Ada Lovelace · Jun 9, 2026)',
        '>   Why: The vendor needs four more weeks',
        '',
        '> **Metrics**',
      ].join('\n'),
    )
    expect(md.indexOf('> **Project health**')).toBeLessThan(md.indexOf('> **Asks of you**'))

    // The round trip: only the section's one item comes back, not the asks or decisions.
    const empty = (await ada.api.reports.post({ week_start_date: '2026-06-15' })).data!
    const imported = await ada.api.reports({ uuid: empty.uuid }).import.post({ text: md })
    expect(imported.status).toBe(200)
    expect(imported.data!.importedItems).toBe(1)
    const back = (await ada.api.reports({ uuid: empty.uuid }).get()).data!
    expect(back.sections[0].items.map((i: { content: string }) => i.content)).toEqual([
      'Approve the Q1 hiring budget [now](javascript:alert(1))',
    ])
  }, 60_000)

  test('the parser reads no item from the quoted blocks', () => {
    const brief = {
      week_start_date: '2026-06-08',
      title: null,
      summary: null,
      sent_date: null,
      author: { name: null, title: null },
      organisation_name: null,
      project_health: [],
      sections: [
        {
          id: 9,
          section_name: 'Wins',
          section_type: 'standard' as const,
          content: null,
          items: [],
        },
      ],
      asks: [{ id: 1, content: '- [ ] Sign off', project_name: null }],
      decisions: [
        {
          id: 2,
          title: '- [x] Hire two engineers',
          decided_on: '2026-06-09',
          decided_by_name: null,
          rationale: '## Not a section',
          revisit_on: '2026-07-01',
          project_name: null,
        },
      ],
    }
    const md = briefToMarkdown(
      composeBrief(brief, { edition: null, startDay: 'monday', endDay: 'friday' }),
    )
    expect(md).toContain('> - - \\[x\\] Hire two engineers (Jun 9, 2026 · Revisit Jul 1, 2026)')
    const parsed = parseReportText(md, { knownSections: ['Wins'] })
    expect(parsed.sections.flatMap((s) => s.items)).toEqual([])
    expect(parsed.sections.map((s) => s.sectionName)).not.toContain('Not a section')
  })
})
