import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'
import { reportToMarkdown } from './markdown'
import { parseReportText } from './parser'

describe("asks and decisions in 'Copy as Markdown'", () => {
  test('quoted after the health table, before the metrics; importing the Markdown back adds only the items', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.post('/api/section-templates', { name: 'Wins', type: 'standard' })
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const report = (await ada.post('/api/reports', { week_start_date: '2026-06-08' })).json
    await ada.put(`/api/reports/${report.uuid}/project-health/${apollo.uuid}`, {
      health: 'at_risk',
      note: 'Vendor slipped',
    })
    const ask = (
      await ada.post('/api/section-items', {
        section_id: report.sections[0].id,
        content: 'Approve the Q1 hiring budget [now](javascript:alert(1))',
        project_id: apollo.id,
      })
    ).json
    await ada.put(`/api/section-items/${ask.id}`, { is_ask: true })
    await ada.post('/api/decisions', {
      title: 'Move the launch to March',
      decided_on: '2026-06-09',
      rationale: 'The vendor needs\nfour more weeks',
    })
    const m = (await ada.post('/api/metrics', { name: 'Signups', direction: 'up' })).json
    await ada.put(`/api/reports/${report.uuid}/metric-values/${m.id}`, { value: 60 })

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
    const empty = (await ada.post('/api/reports', { week_start_date: '2026-06-15' })).json
    const imported = await ada.post(`/api/reports/${empty.uuid}/import`, { text: md })
    expect(imported.status).toBe(200)
    expect(imported.json.importedItems).toBe(1)
    const back = (await ada.get(`/api/reports/${empty.uuid}`)).json
    expect(back.sections[0].items.map((i: { content: string }) => i.content)).toEqual([
      'Approve the Q1 hiring budget [now](javascript:alert(1))',
    ])
  }, 60_000)

  test('the parser reads no item from the quoted blocks', () => {
    const md = reportToMarkdown({
      week_start_date: '2026-06-08',
      title: null,
      summary: null,
      sections: [{ section_name: 'Wins', section_type: 'standard', content: null, items: [] }],
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
    })
    expect(md).toContain('> - - \\[x\\] Hire two engineers (Jun 9, 2026 · Revisit Jul 1, 2026)')
    const parsed = parseReportText(md, { knownSections: ['Wins'] })
    expect(parsed.sections.flatMap((s) => s.items)).toEqual([])
    expect(parsed.sections.map((s) => s.sectionName)).not.toContain('Not a section')
  })
})
