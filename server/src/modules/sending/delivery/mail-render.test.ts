import { describe, expect, test } from 'bun:test'
import { type BriefInput, composeBrief } from '@cadence/core'
import { briefToMarkdown, briefToMarkdownSliced } from '../../import-export/markdown'
import {
  formatWeekRange,
  readerLinks,
  renderBriefHtml,
  renderBriefSliced,
  renderBriefText,
} from './mail-render'

const brief: BriefInput = {
  week_start_date: '2026-11-16',
  title: 'Q4 <push>',
  summary: 'Shipped & measured.\nNext: "beta"',
  sent_date: '2026-11-20',
  author: { name: 'Ada <Lovelace>', title: 'CEO' },
  organisation_name: 'Northwind',
  sections: [
    {
      id: 1,
      section_name: 'Highlights',
      section_type: 'standard',
      content: 'standard notes are not in the draft',
      items: [
        {
          id: 11,
          content: 'Hired a designer',
          is_completed: false,
          project_name: null,
          assignee_name: null,
        },
        {
          id: 12,
          content: 'Closed the deal',
          is_completed: true,
          project_name: null,
          assignee_name: null,
        },
      ],
    },
    {
      id: 2,
      section_name: 'Tasks',
      section_type: 'tasks',
      content: 'Focus on launch',
      items: [
        {
          id: 21,
          content: 'Zephyr open',
          is_completed: false,
          project_name: 'Zephyr',
          assignee_name: null,
        },
        {
          id: 22,
          content: 'Apollo done',
          is_completed: true,
          project_name: 'Apollo',
          assignee_name: 'Grace',
        },
        {
          id: 23,
          content: 'Apollo open',
          is_completed: false,
          project_name: 'Apollo',
          assignee_name: null,
        },
        {
          id: 24,
          content: '<script>alert(1)</script>',
          is_completed: false,
          project_name: null,
          assignee_name: 'Ada <A>',
        },
      ],
    },
    { id: 3, section_name: 'Follow-ups', section_type: 'followups', content: null, items: [] },
  ],
  project_health: [
    {
      project_name: 'Apollo',
      health: 'off_track',
      note: 'Vendor <late>',
      previous_health: 'on_track',
    },
  ],
  asks: [{ id: 7, content: 'Approve the budget', project_name: 'Apollo' }],
  metrics: [
    {
      name: 'Signups',
      unit: null,
      direction: 'up',
      value: 90,
      previous_value: 100,
      history: [
        { week_start_date: '2026-11-09', value: 100 },
        { week_start_date: '2026-11-16', value: 90 },
      ],
      flag: 'missed_target',
    },
  ],
}

const composed = composeBrief(brief, {
  edition: { number: 1, sent_at: '2026-11-20T10:00:00Z', note: null },
  startDay: 'monday',
  endDay: 'friday',
})
const links = readerLinks('https://cadence.example/r/tok123')

describe('report e-mail rendering', () => {
  test("the notices' week range follows the start and end day, en-US short", () => {
    expect(formatWeekRange('2026-11-16', 'monday', 'friday')).toBe('Nov 16 - Nov 20, 2026')
    expect(formatWeekRange('2026-12-28', 'monday', 'friday')).toBe('Dec 28, 2026 - Jan 1, 2027')
  })

  test('HTML: the composed brief, escaped, in colour, with the reader links and narrow layout', () => {
    const html = renderBriefHtml(composed, links)
    expect(html).toContain('<title>Q4 &lt;push&gt; — Weekly Report — Nov 16 – Nov 20, 2026</title>')
    expect(html).toContain('Northwind &middot; Sent Nov 20, 2026 &middot; Edition 1')
    expect(html).toContain('From Ada &lt;Lovelace&gt;, CEO')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).toContain('Shipped &amp; measured.<br>Next: &quot;beta&quot;')
    // Health and flags in their tones' colours.
    expect(html).toMatch(/background:#fee2e2;color:#b91c1c[^>]*>Off track</)
    expect(html).toMatch(/color:#b91c1c[^>]*>Missed target</)
    // The links: the reader's page, and each ask on it.
    expect(html).toContain('href="https://cadence.example/r/tok123"')
    expect(html).toContain('href="https://cadence.example/r/tok123?ask=7#ask-7"')
    expect(html).toContain('>Read online</a>')
    expect(html).toContain('>Answer</a>')
    // Metrics become rows on a narrow screen.
    expect(html).toContain('@media only screen and (max-width:640px)')
    expect(html).toContain('class="cad-metrics"')
    // Standard sections' notes stay out (as in the memo); tasks' notes are in.
    expect(html).not.toContain('standard notes are not in the draft')
    expect(html).toContain('Focus on launch')
  })

  test('plain text: the same facts in the same order, one item a line, links spelled out', () => {
    const text = renderBriefText(composed, links)
    const order = [
      'Northwind · Sent Nov 20, 2026 · Edition 1',
      'Weekly Report',
      'Nov 16 – Nov 20, 2026',
      'From Ada <Lovelace>, CEO',
      'Read online: https://cadence.example/r/tok123',
      'Q4 <push>',
      'Project health',
      'Apollo: Off track (was On track) — Vendor <late>',
      '1. Approve the budget (Apollo)',
      '   Answer: https://cadence.example/r/tok123?ask=7#ask-7',
      'Signups: 90 (previous 100), −10 (worse) [100 → 90] — Missed target',
      'Highlights',
      '• Hired a designer',
      '• Closed the deal ✓ Completed',
      'Tasks',
      'Focus on launch',
      '☐ <script>alert(1)</script> (Assigned to Ada <A>)',
      // No project first, then her order: each project where its first item stands.
      'Zephyr:',
      '☐ Zephyr open',
      'Apollo:',
      '☐ Apollo open',
      '☑ Apollo done ✓ Completed (Assigned to Grace)',
      'Follow-ups',
      'None',
      'End of Report',
    ]
    let at = -1
    for (const line of order) {
      const next = text.indexOf(line, at + 1)
      expect({ line, found: next > at }).toEqual({ line, found: true })
      at = next
    }
  })

  test('a copy without links has no link and no small print', () => {
    const html = renderBriefHtml(composed, null)
    expect(html).not.toContain('href=')
    expect(renderBriefText(composed, null)).not.toContain('http')
  })

  test('a brief of 20,000 items renders in 10 ms slices: the thread is given back, the parts the same', async () => {
    const big = composeBrief(
      {
        ...brief,
        sections: [
          {
            id: 1,
            section_name: 'Tasks',
            section_type: 'tasks',
            content: null,
            items: Array.from({ length: 20_000 }, (_, i) => ({
              id: i,
              content: `Item ${i} a line of work worth a board's attention this week`,
              is_completed: i % 5 === 0,
              project_name: i % 4 === 3 ? null : `Project ${i % 30}`,
              assignee_name: i % 3 === 1 ? 'Grace' : null,
            })),
          },
        ],
      },
      { edition: null, startDay: 'monday', endDay: 'friday' },
    )
    /** How many times a 1 ms timer ran while `work` ran: 0 when it held the thread throughout. */
    async function turnsGiven<T>(work: () => Promise<T>) {
      let turns = 0
      const timer = setInterval(() => turns++, 1)
      const result = await work()
      clearInterval(timer)
      return { turns, result }
    }
    const run = await turnsGiven(async () => ({
      mail: await renderBriefSliced(big, links),
      md: await briefToMarkdownSliced(big),
    }))
    // Each part takes ~40-100 ms in one turn here; in 10 ms slices the timer runs between them.
    // (Timing the gaps on this shared 2-core machine measures its load as much as the render.)
    expect(run.turns).toBeGreaterThanOrEqual(5)
    const runs = [run]
    const { mail, md } = runs[0].result
    expect(mail.html).toBe(renderBriefHtml(big, links))
    expect(mail.text).toBe(renderBriefText(big, links))
    expect(md).toBe(briefToMarkdown(big))
  }, 60_000)
})
