import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type MarkdownReport, reportToMarkdown } from './markdown'
import { itemTypeFor, matchMember, matchProject, matchSection, parseReportText } from './parser'

describe('parsing pasted report text', () => {
  test('Markdown headings, checkboxes, bullets and [Project] prefixes', () => {
    const text = `# Weekly Report

Some intro that is not an item

## Highlights
- [Apollo] Shipped telemetry
* Hired two engineers
• Closed the quarter
1. Numbered win

## Action Items
- [ ] [Apollo] Book the launch pad @Grace Hopper
- [x] Sign the contract

### Zephyr
- [ ] Chase the invoice
`
    expect(parseReportText(text)).toEqual({
      sections: [
        {
          sectionName: 'Highlights',
          items: [
            { content: 'Shipped telemetry', projectName: 'Apollo' },
            { content: 'Hired two engineers', projectName: null },
            { content: 'Closed the quarter', projectName: null },
            { content: 'Numbered win', projectName: null },
          ],
        },
        {
          sectionName: 'Action Items',
          items: [
            {
              content: 'Book the launch pad',
              projectName: 'Apollo',
              is_completed: false,
              assignee: 'Grace Hopper',
            },
            { content: 'Sign the contract', projectName: null, is_completed: true },
            { content: 'Chase the invoice', projectName: 'Zephyr', is_completed: false },
          ],
        },
      ],
    })
  })

  test('plain-text headings followed by lines', () => {
    const text =
      'Accomplishments\nFinished the migration\nStarted hiring\n\nNext Week\nPlan offsite'
    expect(parseReportText(text)).toEqual({
      sections: [
        {
          sectionName: 'Accomplishments',
          items: [
            { content: 'Finished the migration', projectName: null },
            { content: 'Started hiring', projectName: null },
          ],
        },
        { sectionName: 'Next Week', items: [{ content: 'Plan offsite', projectName: null }] },
      ],
    })
  })

  test('headings ending in a colon, and a line followed by bullets', () => {
    const text = 'Wins:\n- one\nRisks\n- two'
    expect(parseReportText(text).sections.map((s) => [s.sectionName, s.items.length])).toEqual([
      ['Wins', 1],
      ['Risks', 1],
    ])
  })

  test('the draft preview text, with its markers, project groups and boilerplate', () => {
    const text = `Weekly Report
Nov 16 - Nov 20, 2026
Quarterly push
We made progress.
Action Items
Apollo
☐ Book the pad
Assigned to Grace Hopper
☑ Sign contract
✓ Completed
Follow-ups
None
Highlights
• Shipped telemetry
End of Report`
    const parsed = parseReportText(text, {
      knownSections: ['Highlights', 'Action Items', 'Follow-ups'],
    })
    expect(parsed).toEqual({
      sections: [
        {
          sectionName: 'Action Items',
          items: [
            {
              content: 'Book the pad',
              projectName: 'Apollo',
              is_completed: false,
              assignee: 'Grace Hopper',
            },
            { content: 'Sign contract', projectName: 'Apollo', is_completed: true },
          ],
        },
        { sectionName: 'Follow-ups', items: [] },
        { sectionName: 'Highlights', items: [{ content: 'Shipped telemetry', projectName: null }] },
      ],
    })
  })

  test('inline completion and assignment markers, and struck-through text', () => {
    const [section] = parseReportText(
      '## Tasks\n- [ ] Ship it ✓ Completed\n- [ ] Call Bob — Assigned to Ada\n- ~~Old idea~~',
    ).sections
    expect(section.items).toEqual([
      { content: 'Ship it', projectName: null, is_completed: true },
      { content: 'Call Bob', projectName: null, is_completed: false, assignee: 'Ada' },
      { content: 'Old idea', projectName: null, is_completed: true },
    ])
  })

  test("the preview's one-line form: '✓ Completed — Assigned to Name'", () => {
    const text =
      'Action Items\n☑ Sign contract ✓ Completed — Assigned to Grace Hopper\nHighlights\nShipped it ✓ Completed — Assigned to Ada'
    const parsed = parseReportText(text, { knownSections: ['Action Items', 'Highlights'] })
    expect(parsed.sections.map((s) => s.items)).toEqual([
      [
        {
          content: 'Sign contract',
          projectName: null,
          is_completed: true,
          assignee: 'Grace Hopper',
        },
      ],
      [{ content: 'Shipped it', projectName: null, is_completed: true, assignee: 'Ada' }],
    ])
  })

  test('an @ that names no known team member stays in the content', () => {
    const [section] = parseReportText('## Tasks\n- ping @bob about it\n- review @Ada', {
      members: ['Ada'],
    }).sections
    expect(section.items).toEqual([
      { content: 'ping @bob about it', projectName: null },
      { content: 'review', projectName: null, assignee: 'Ada' },
    ])
  })

  test('hostile input (long runs of spaces, markers, headings) parses in linear time', () => {
    const hostile = [
      `## A\n- a${' '.repeat(200_000)}b`,
      `## A\n- x ${'Assigned to '.repeat(20_000)}`,
      `## A\n- x ${'- '.repeat(100_000)}✓`,
      `## a${' '.repeat(100_000)}b #`,
      Array.from({ length: 50_000 }, (_, i) => `Heading ${i}`).join('\n\n'),
      Array.from({ length: 20_000 }, () => 'Nov 16 - Nov 20, 2026').join('\n'),
    ]
    // Each parses in milliseconds; a quadratic path on inputs this long would take minutes and
    // fail on the test's timeout (a bound for a failure, not a speed target: that is the bench's).
    for (const text of hostile) {
      const parsed = parseReportText(text, { knownSections: ['Zzz'], members: ['Ada'] })
      expect(Array.isArray(parsed.sections)).toBe(true)
    }
  }, 30_000)

  test('Windows line endings, blank input and text without sections', () => {
    expect(parseReportText('## A\r\n- x\r\n').sections[0].items).toHaveLength(1)
    expect(parseReportText('')).toEqual({ sections: [] })
    expect(parseReportText('   \n\n')).toEqual({ sections: [] })
  })
})

describe('section and name matching', () => {
  const sections = [
    { section_name: 'Highlights', section_type: 'standard' as const },
    { section_name: 'Team Tasks', section_type: 'tasks' as const },
    { section_name: 'Waiting On', section_type: 'followups' as const },
  ]
  test('the same name, then containment either direction', () => {
    expect(matchSection('highlights', sections)).toBe(0)
    expect(matchSection('Key Highlights this week', sections)).toBe(0)
    expect(matchSection('Tasks', sections)).toBe(1)
  })
  test("'action' finds a section containing 'task'; 'follow' a follow-up section", () => {
    expect(matchSection('Action Items', sections)).toBe(1)
    expect(matchSection('Follow ups', sections)).toBe(2)
    expect(matchSection('Follow-Up', ['Notes', 'Follow-ups'])).toBe(1)
  })
  test('no match and blank names give -1', () => {
    expect(matchSection('Budget', sections)).toBe(-1)
    expect(matchSection('  ', sections)).toBe(-1)
  })
  test('item type by section type, then by name', () => {
    expect(itemTypeFor('Anything', 'tasks')).toBe('task')
    expect(itemTypeFor('Anything', 'followups')).toBe('followup')
    expect(itemTypeFor('Action items')).toBe('task')
    expect(itemTypeFor('To follow up')).toBe('followup')
    expect(itemTypeFor('Highlights', 'standard')).toBe('standard')
  })
  test('projects match by exact name first, then containment, case-insensitively', () => {
    const projects = [
      { name: 'Apollo 2', status: 'active' },
      { name: 'Apollo', status: 'active' },
      { name: 'Zephyr', status: 'archived' },
    ]
    expect(matchProject('apollo', projects)?.name).toBe('Apollo')
    expect(matchProject('Project Zephyr', projects)?.name).toBe('Zephyr')
    expect(matchProject('Mercury', projects)).toBeUndefined()
  })
  test('members match by name, or by a unique name prefix', () => {
    const members = [{ name: 'Grace Hopper' }, { name: 'Ada Lovelace' }, { name: 'Alan Turing' }]
    expect(matchMember('grace hopper', members)?.name).toBe('Grace Hopper')
    expect(matchMember('Grace', members)?.name).toBe('Grace Hopper')
    expect(matchMember('A', members)).toBeUndefined()
  })
})

// ---- Round trip: report → Markdown → parse gives the same items ----

const line = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('@', '[', ']', '\\', '~', '✓', '☐', '#', '*', '-', ' ', ':', '"'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom('é', '漢', '😀', 'ß', 'Ω'),
    ),
    minLength: 1,
    maxLength: 120,
  })
  .map((s) => s.replace(/\s+/g, ' ').trim())
  .filter((s) => /[^\s\\]/.test(s))
const name = fc
  .string({
    unit: fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom('é', '漢', '@', ']', '#'),
    ),
    minLength: 1,
    maxLength: 30,
  })
  .map((s) => s.replace(/\s+/g, ' ').trim())
  .filter((s) => s.length > 0)
const sectionType = fc.constantFrom('standard' as const, 'tasks' as const, 'followups' as const)

const reportArb = fc
  .record({
    title: fc.option(line),
    summary: fc.option(fc.array(line, { maxLength: 3 }).map((l) => l.join('\n'))),
    members: fc.uniqueArray(name, { maxLength: 4, selector: (n) => n.toLowerCase() }),
    sections: fc.uniqueArray(
      fc.record({ section_name: name, section_type: sectionType, content: fc.option(line) }),
      {
        minLength: 1,
        maxLength: 5,
        selector: (s) => s.section_name.toLowerCase(),
      },
    ),
  })
  .chain((r) =>
    fc.record({
      report: fc.constant(r),
      items: fc.tuple(
        ...r.sections.map(() =>
          fc.array(
            fc.record({
              content: line,
              is_completed: fc.boolean(),
              projectName: fc.option(name),
              assignee: r.members.length
                ? fc.option(fc.constantFrom(...r.members))
                : fc.constant(null),
            }),
            { maxLength: 6 },
          ),
        ),
      ),
    }),
  )
  .map(({ report, items }) => ({
    members: report.members,
    report: {
      week_start_date: '2026-11-16',
      title: report.title,
      summary: report.summary,
      sections: report.sections.map((s, i) => ({ ...s, items: items[i] })),
    } satisfies MarkdownReport,
  }))

/**
 * The editor's order the export writes items in: no project first, then each project where its
 * first item stands (her order); open first.
 */
const editorOrder = <T extends { projectName: string | null; is_completed: boolean }>(items: T[]) =>
  [...Map.groupBy(items, (i) => i.projectName).entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0))
    .flatMap(([, list]) => list.toSorted((a, b) => Number(a.is_completed) - Number(b.is_completed)))

describe('Markdown export round trip', () => {
  // Its timeout is sized for a busy 2-core machine (~4 s seen there).
  test('parsing the export gives back every item, project, completion and assignee (property)', () => {
    fc.assert(
      fc.property(reportArb, ({ report, members }) => {
        const names = report.sections.map((s) => s.section_name)
        const parsed = parseReportText(reportToMarkdown(report), { knownSections: names, members })
        expect(parsed.sections.map((s) => s.sectionName)).toEqual(names)
        parsed.sections.forEach((s, i) => {
          expect(
            s.items.map((it) => ({
              content: it.content,
              is_completed: it.is_completed ?? false,
              projectName: it.projectName,
              assignee: it.assignee ?? null,
            })),
          ).toEqual(editorOrder(report.sections[i].items))
        })
      }),
      { numRuns: 400 },
    )
  }, 30_000)

  test('an empty section exports as None and reads back empty', () => {
    const md = reportToMarkdown({
      week_start_date: '2026-11-16',
      title: 'T',
      summary: '## not a section',
      sections: [{ section_name: 'Empty', section_type: 'tasks', content: null, items: [] }],
    })
    expect(md).toContain('None')
    expect(parseReportText(md)).toEqual({ sections: [{ sectionName: 'Empty', items: [] }] })
  })
})
