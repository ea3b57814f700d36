import { describe, expect, test } from 'bun:test'
import {
  formatWeekRange,
  type MailContext,
  type MailReport,
  renderReportHtml,
  renderReportText,
  reportSubject,
} from './mail-render'

const ctx: MailContext = {
  startDay: 'monday',
  endDay: 'friday',
  projectName: (id) => ({ 1: 'Apollo', 2: 'Zephyr' })[id],
}

const report: MailReport = {
  week_start_date: '2026-11-16',
  title: 'Q4 <push>',
  summary: 'Shipped & measured.\nNext: "beta"',
  sections: [
    {
      section_name: 'Highlights',
      section_type: 'standard',
      content: 'standard notes are not in the draft',
      items: [
        { content: 'Hired a designer', is_completed: false, project_id: null, assignee: null },
        { content: 'Closed the deal', is_completed: true, project_id: null, assignee: null },
      ],
    },
    {
      section_name: 'Tasks',
      section_type: 'tasks',
      content: 'Focus on launch',
      items: [
        { content: 'Apollo done', is_completed: true, project_id: 1, assignee: 'Grace' },
        { content: 'Apollo open', is_completed: false, project_id: 1, assignee: null },
        {
          content: '<script>alert(1)</script>',
          is_completed: false,
          project_id: null,
          assignee: 'Ada <A>',
        },
        { content: 'Zephyr open', is_completed: false, project_id: 2, assignee: null },
      ],
    },
    { section_name: 'Follow-ups', section_type: 'followups', content: null, items: [] },
  ],
}

describe('report e-mail rendering', () => {
  test('the week range follows the start and end day, en-US short', () => {
    expect(formatWeekRange('2026-11-16', 'monday', 'friday')).toBe('Nov 16 - Nov 20, 2026')
    expect(formatWeekRange('2026-11-15', 'sunday', 'saturday')).toBe('Nov 15 - Nov 21, 2026')
    expect(formatWeekRange('2026-11-18', 'wednesday', 'tuesday')).toBe('Nov 18 - Nov 24, 2026')
    expect(formatWeekRange('2026-12-28', 'monday', 'friday')).toBe('Dec 28, 2026 - Jan 1, 2027')
    expect(reportSubject(report, ctx)).toBe('Weekly Report: Q4 <push> (Nov 16 - Nov 20, 2026)')
    expect(reportSubject({ ...report, title: null }, ctx)).toBe(
      'Weekly Report (Nov 16 - Nov 20, 2026)',
    )
  })

  test('HTML: like the draft, escaped, inline styles only', () => {
    const html = renderReportHtml(report, ctx)
    expect(html).toContain('>Weekly Report</h1>')
    expect(html).toContain('>Nov 16 - Nov 20, 2026</p>')
    expect(html).toContain('>Q4 &lt;push&gt;</h2>')
    expect(html).toContain('Shipped &amp; measured.<br>Next: &quot;beta&quot;')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script')
    expect(html).toContain('Assigned to Ada &lt;A&gt;')
    expect(html).not.toMatch(/<style|class=|<link/)
    // Headings without icons; task notes shown, standard notes not (as in the draft).
    expect(html).toMatch(/<h3 style="[^"]*">Highlights<\/h3>/)
    expect(html).toContain('Focus on launch')
    expect(html).not.toContain('standard notes')
    // Standard items are bullets; task items checkboxes; completed marked and struck through.
    expect(html).toMatch(/• Hired a designer/)
    expect(html).toMatch(
      /• <span style="text-decoration:line-through">Closed the deal<\/span> <span[^>]*>✓ Completed<\/span>/,
    )
    expect(html).toMatch(/☐ Apollo open/)
    expect(html).toMatch(/☑ <span style="text-decoration:line-through">Apollo done/)
    expect(html).toContain('Assigned to Grace')
    // No-project first, then projects; open before completed within a project.
    const order = ['&lt;script', '>Apollo</h4>', 'Apollo open', 'Apollo done', '>Zephyr</h4>']
    const at = order.map((s) => html.indexOf(s))
    expect(at.every((i) => i > 0)).toBe(true)
    expect(at).toEqual([...at].sort((a, b) => a - b))
    expect(html.indexOf('Hired a designer')).toBeLessThan(html.indexOf('Closed the deal'))
    // The empty section says None; the page ends with End of Report.
    expect(html).toMatch(/>Follow-ups<\/h3>\n<p style="[^"]*">None<\/p>/)
    expect(html.trimEnd()).toMatch(/>End of Report<\/p>\n<\/div><\/body><\/html>$/)
  })

  test('plain text: the same content and order, one item a line', () => {
    const text = renderReportText(report, ctx)
    expect(text).toBe(
      [
        'Weekly Report',
        'Nov 16 - Nov 20, 2026',
        '',
        'Q4 <push>',
        '',
        'Shipped & measured.\nNext: "beta"',
        '',
        'Highlights',
        '----------',
        '• Hired a designer',
        '• Closed the deal ✓ Completed',
        '',
        'Tasks',
        '-----',
        'Focus on launch',
        '☐ <script>alert(1)</script> (Assigned to Ada <A>)',
        '',
        'Apollo:',
        '☐ Apollo open',
        '☑ Apollo done ✓ Completed (Assigned to Grace)',
        '',
        'Zephyr:',
        '☐ Zephyr open',
        '',
        'Follow-ups',
        '----------',
        'None',
        '',
        'End of Report',
        '',
      ].join('\n'),
    )
  })

  test('a tasks section with notes and no items shows the notes, not None (as the draft)', () => {
    const r: MailReport = {
      ...report,
      sections: [
        { section_name: 'Tasks', section_type: 'tasks', content: 'Only notes', items: [] },
      ],
    }
    expect(renderReportText(r, ctx)).toContain('Tasks\n-----\nOnly notes\n\nEnd of Report')
    expect(renderReportHtml(r, ctx)).not.toContain('>None<')
  })
})
