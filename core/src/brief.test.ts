import { describe, expect, test } from 'bun:test'
import {
  type BriefInput,
  breakLongWords,
  briefLines,
  composeBrief,
  diffBriefs,
  formatWeek,
  safeFileName,
} from './brief'

const brief: BriefInput = {
  title: 'Q4 push',
  week_start_date: '2026-11-23',
  summary: 'A good week.',
  sent_date: '2026-11-27',
  author: { name: 'Dana Whitfield', title: 'Chief Executive' },
  organisation_name: 'Northwind',
  sections: [
    {
      id: 1,
      section_name: 'Wins',
      section_type: 'standard',
      content: null,
      items: [
        {
          id: 11,
          content: 'Done thing',
          is_completed: true,
          project_name: null,
          assignee_name: null,
        },
        {
          id: 12,
          content: 'Apollo thing',
          is_completed: false,
          project_name: 'Apollo',
          assignee_name: 'Rob Chen',
        },
        {
          id: 13,
          content: 'Open thing',
          is_completed: false,
          project_name: null,
          assignee_name: null,
        },
      ],
    },
    { id: 2, section_name: 'Tasks', section_type: 'tasks', content: null, items: [] },
  ],
  project_health: [
    {
      project_name: 'Apollo',
      health: 'off_track',
      note: 'Vendor late',
      previous_health: 'on_track',
    },
    { project_name: 'Unset', health: null, note: null, previous_health: null },
  ],
  decisions: [
    {
      id: 5,
      title: 'Hire two',
      decided_on: '2026-11-24',
      decided_by_name: 'Dana Whitfield',
      rationale: 'Growth',
      revisit_on: null,
      project_name: 'Apollo',
    },
  ],
  asks: [{ id: 7, content: 'Approve budget', project_name: 'Apollo' }],
  metrics: [
    {
      name: 'Revenue',
      unit: 'k€',
      direction: 'up',
      value: 42,
      previous_value: 40,
      history: [
        { week_start_date: '2026-11-16', value: 40 },
        { week_start_date: '2026-11-23', value: 42 },
      ],
      flag: 'missed_target',
    },
  ],
  since_last_week: {
    previous: { week_start_date: '2026-11-16' },
    counts: { completed: 1, new: 2, carried: 1, stalled: 0 },
    completed: [],
    stalled: [],
  },
}

const opts = { startDay: 'monday', endDay: 'friday' } as const

describe('composeBrief', () => {
  test('orders the blocks and writes every label and date', () => {
    const c = composeBrief(brief, {
      ...opts,
      edition: { number: 2, sent_at: '2026-11-28T10:00:00Z', note: 'Fixed' },
    })
    expect(c.blocks.map((b) => b.kind)).toEqual([
      'header',
      'title',
      'health',
      'asks',
      'decisions',
      'metrics',
      'since',
      'section',
      'section',
      'end',
    ])
    expect(c.header.week).toBe('Nov 23 – Nov 27, 2026')
    expect(c.header.from).toBe('From Dana Whitfield, Chief Executive')
    expect(c.header.status.label).toBe('Sent Nov 27, 2026')
    expect(c.header.updated).toBe('Updated Nov 28, 2026: Fixed')
    expect(c.document_title).toBe('Q4 push — Weekly Report — Nov 23 – Nov 27, 2026')
    expect(c.pdf_filename).toBe('Northwind — Weekly Report — Nov 23, 2026 — edition 2.pdf')
    expect(c.subject).toContain('Northwind')
    expect(c.subject).toContain('Nov 23 – Nov 27, 2026')
    expect(c.subject).toContain('Q4 push')
    const lines = briefLines(c)
    expect(lines).toContain('Apollo: Off track (was On track) — Vendor late')
    expect(lines).toContain(
      'Revenue: 42 k€ (previous 40 k€), +2 k€ (better) [40 → 42] — Missed target',
    )
    expect(lines).toContain('1. Approve budget (Apollo)')
    expect(lines).toContain('Hire two (Dana Whitfield · Nov 24, 2026 · Apollo)')
    expect(lines).toContain('1 completed · 2 new · 1 carried · 0 stalled')
    // No ISO date anywhere.
    expect(lines.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    // Items: no project first, then each project where its first item stands; open first.
    const section = c.blocks.find((b) => b.kind === 'section')
    expect(
      section?.kind === 'section' &&
        section.groups.map((g) => [g.project, g.items.map((i) => i.id)]),
    ).toEqual([
      [null, [13, 11]],
      ['Apollo', [12]],
    ])
    const health = c.blocks.find((b) => b.kind === 'health')
    expect(health?.kind === 'health' && health.rows.map((r) => r.tone)).toEqual(['bad'])
  })

  test("keeps her order of projects: no project first, then where each one's first item stands", () => {
    const it = (id: number, project_name: string | null, is_completed = false) => ({
      id,
      content: `item ${id}`,
      is_completed,
      project_name,
      assignee_name: null,
    })
    const c = composeBrief(
      {
        ...brief,
        sections: [
          {
            id: 1,
            section_name: 'Tasks',
            section_type: 'tasks',
            content: null,
            items: [
              it(1, 'Series B'),
              it(2, 'Atlas', true),
              it(3, 'EMEA'),
              it(4, null),
              it(5, 'Atlas'),
              it(6, 'Series B', true),
              it(7, 'Series B'),
            ],
          },
        ],
      },
      { ...opts, edition: null },
    )
    const section = c.blocks.find((b) => b.kind === 'section')
    expect(
      section?.kind === 'section' &&
        section.groups.map((g) => [g.project, g.items.map((i) => i.id)]),
    ).toEqual([
      [null, [4]],
      ['Series B', [1, 7, 6]],
      ['Atlas', [5, 2]],
      ['EMEA', [3]],
    ])
    const lines = briefLines(c)
    const at = (name: string) => lines.indexOf(`${name}:`)
    expect(at('Series B')).toBeGreaterThan(-1)
    expect(at('Series B')).toBeLessThan(at('Atlas'))
    expect(at('Atlas')).toBeLessThan(at('EMEA'))
  })

  test('a live draft is "Not sent yet", never stamped with a sent date', () => {
    const c = composeBrief(brief, { ...opts, edition: null })
    expect(c.header.status).toEqual({ sent: false, label: 'Not sent yet' })
    expect(briefLines(c).join('\n')).not.toContain('Sent ')
    expect(c.pdf_filename).toBe('Northwind — Weekly Report — Nov 23, 2026 — draft.pdf')
  })

  test('an edition frozen before the author and health were part of a brief still composes', () => {
    const old = { ...brief, author: undefined, project_health: undefined } as unknown as BriefInput
    const c = composeBrief(old, {
      ...opts,
      edition: { number: 1, sent_at: '2026-11-27', note: null },
    })
    expect(c.header.from).toBeNull()
    expect(c.blocks.some((b) => b.kind === 'health')).toBe(false)
  })

  test('a week across New Year names both years', () => {
    expect(formatWeek('2026-12-28', 'monday', 'sunday')).toBe('Dec 28, 2026 – Jan 3, 2027')
  })

  test('an update starts with what changed since the edition before', () => {
    const after: BriefInput = {
      ...brief,
      sections: [
        {
          ...brief.sections[0],
          items: [
            { ...brief.sections[0].items[0] },
            { ...brief.sections[0].items[1], content: 'Apollo thing, renamed', is_completed: true },
            {
              id: 14,
              content: 'New thing',
              is_completed: false,
              project_name: null,
              assignee_name: null,
            },
          ],
        },
      ],
      project_health: [{ ...brief.project_health[0], health: 'at_risk' }],
    }
    const changes = diffBriefs(brief, { ...after, title: 'Q4 push, revised', summary: 'New' }, 1)
    expect(changes.added.map((i) => i.id)).toEqual([14])
    expect(changes.completed.map((i) => i.id)).toEqual([12])
    expect(changes.edited.map((i) => i.id)).toEqual([12])
    expect(changes.removed.map((i) => i.id)).toEqual([13])
    const c = composeBrief(after, {
      ...opts,
      edition: { number: 2, sent_at: '2026-11-28', note: 'See ask' },
      changes,
    })
    expect(c.blocks[0].kind).toBe('changes')
    const lines = briefLines(c)
    expect(lines.slice(0, 9)).toEqual([
      'Changed since edition 1',
      'Title: Q4 push, revised',
      'Summary edited',
      'Added: New thing',
      'Completed: Apollo thing, renamed',
      'Edited: Apollo thing, renamed',
      'Removed: Open thing',
      'Health: Apollo Off track → At risk',
      'See ask',
    ])
    // The note is said once: in the changes, not again on the header's 'Updated' line.
    expect(c.header.updated).toBe('Updated Nov 28, 2026')
    expect(lines.filter((l) => l.includes('See ask'))).toHaveLength(1)
  })

  test('long words are broken, visible text unchanged; file names are safe', () => {
    const word = 'x'.repeat(100)
    const broken = breakLongWords(`a ${word} b`)
    expect(broken.replaceAll('\u200b', '')).toBe(`a ${word} b`)
    expect(Math.max(...broken.split(/[\s\u200b]/).map((w) => w.length))).toBe(40)
    expect(breakLongWords('short words only')).toBe('short words only')
    expect(safeFileName('a/b:c\u202e?.pdf')).toBe('a-b-c-.pdf')
    expect(safeFileName(`${'n'.repeat(500)}.pdf`).length).toBe(154)
  })
})
