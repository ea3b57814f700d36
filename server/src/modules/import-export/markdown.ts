/**
 * The brief's one composition (core/src/brief.ts) → Markdown, in the dialect parser.ts reads
 * back: every block in its order, and importing the export into an empty report with the same
 * sections gives the same items in the editor's order (no project first, then by project name,
 * open first), with their projects, completion and assignees. Pure.
 *
 *   **Northwind** · Not sent yet        (organisation, sent date or 'Not sent yet', edition)
 *
 *   # Weekly Report
 *
 *   Nov 23 – Nov 27, 2026 · From Dana Whitfield, Chief Executive
 *
 *   **Title:** …            (when there is one)
 *
 *   > summary lines         (quoted, so they never read as sections or items)
 *
 *   > **Project health** …, > **Asks of you** …, > **Decided this week** …, > **Metrics** …,
 *   > **Since last week** … (quoted too: importing the Markdown back makes no items of them)
 *
 *   ## Section name
 *
 *   > section notes
 *
 *   - [ ] [Project] content @Assignee     (tasks and follow-ups; `- [x]` when completed)
 *   - [Project] content                    (standard items; `- [x]` when completed)
 *   None                                   (a section without items)
 *
 * Item text is escaped Markdown-style (`\@`, `\\`, a leading `\[`, …). Line breaks inside an item
 * become spaces: an item is one line. Every text that came from a person (a reader's question
 * becomes an item) has `[`, `]` and `<` escaped wherever it stands — title, summary, notes,
 * headings, items, projects, assignees — so a link, an image, an autolink or raw HTML in it
 * (`[x](javascript:…)`, `![](…)`, `<script>`) reads as text wherever the Markdown is pasted.
 */
import {
  type BriefBlock,
  type BriefInput,
  type ComposedBrief,
  composeBrief,
  type Weekday,
} from '@cadence/core'
import { joinChunks, textChunks, trimmedEnd } from '../../lib/sliced-text'

export type MarkdownItem = {
  content: string
  is_completed: boolean
  projectName: string | null
  assignee: string | null
}
export type MarkdownSection = {
  section_name: string
  section_type: 'standard' | 'tasks' | 'followups'
  content: string | null
  items: MarkdownItem[]
}
/** The sections of a report alone (the parser's round trip): composed as a draft. */
export type MarkdownReport = {
  week_start_date: string
  title: string | null
  summary: string | null
  sections: MarkdownSection[]
}

const oneLine = (text: string) =>
  text
    .split(/[\r\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')

/** Link, image and HTML syntax escaped (after backslashes): a person's text stays text. */
const escapeMarkup = (text: string) => text.replaceAll('\\', '\\\\').replace(/[[\]<]/g, '\\$&')

/** Escapes text for an item line: no character of it can be read as a marker. */
export function escapeItemText(text: string) {
  let out = escapeMarkup(oneLine(text))
    .replaceAll('@', '\\@')
    .replaceAll('✓', '\\✓')
    .replace(/(^|[^\\])(assigned)(?=\s+to)/gi, '$1\\$2')
  if (/^[[~☐☑☒✅✔]/.test(out)) out = `\\${out}`
  return out
}

const escapeProject = (name: string) => escapeItemText(name)

const escapeHeading = (name: string) => escapeMarkup(oneLine(name)).replace(/#$/, '\\#')

/** A quoted block (summary, section notes): each line escaped and quoted. */
const quoted = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((l) => `> ${escapeMarkup(l)}`.trimEnd())

const cell = (text: string) => escapeMarkup(oneLine(text)).replaceAll('|', '\\|')

/** A quoted block's lines: its bold heading, then its lines (importing it back adds nothing). */
const quotedList = (heading: string, lines: string[]) => [
  `> **${escapeMarkup(heading)}**`,
  '>',
  ...lines.map((l) => `> ${l}`),
]

function* blockMarkdown(b: BriefBlock): Generator<string> {
  switch (b.kind) {
    case 'changes':
      return yield* [
        ...quotedList(b.heading, [
          ...b.lines.map((l) => `- ${escapeMarkup(l.text)}`),
          ...(b.note ? ['', escapeMarkup(oneLine(b.note))] : []),
        ]),
        '',
      ]
    case 'header': {
      const masthead = [
        b.organisation && `**${escapeMarkup(oneLine(b.organisation))}**`,
        b.status.label,
        b.edition?.label,
      ].filter(Boolean)
      return yield* [
        ...(masthead.length ? [masthead.join(' · '), ''] : []),
        `# ${b.heading}`,
        '',
        [b.week, b.from && escapeMarkup(oneLine(b.from))].filter(Boolean).join(' · '),
        '',
        ...(b.updated ? [`*${escapeMarkup(oneLine(b.updated))}*`, ''] : []),
      ]
    }
    case 'title':
      return yield* [
        ...(b.title ? [`**Title:** ${escapeMarkup(oneLine(b.title))}`, ''] : []),
        ...(b.summary ? [...quoted(b.summary), ''] : []),
      ]
    case 'health':
      return yield* [
        ...quotedList(b.heading, [
          `| ${b.columns.join(' | ')} |`,
          '| --- | --- | --- | --- |',
          ...b.rows.map(
            (r) => `| ${[r.project, r.label, r.change, r.why].map(cell).join(' | ')} |`,
          ),
        ]),
        '',
      ]
    case 'asks':
      return yield* [
        ...quotedList(
          b.heading,
          b.asks.map(
            (a) =>
              `${a.number}. ${escapeMarkup(oneLine(a.content))}${a.project ? ` (${escapeMarkup(oneLine(a.project))})` : ''}`,
          ),
        ),
        '',
      ]
    case 'decisions':
      return yield* [
        ...quotedList(
          b.heading,
          b.decisions.flatMap((d) => [
            `- ${escapeMarkup(oneLine(d.title))} (${escapeMarkup(d.meta)})`,
            ...(d.why ? [`  ${escapeMarkup(oneLine(d.why))}`] : []),
          ]),
        ),
        '',
      ]
    case 'metrics':
      return yield* [
        ...quotedList(b.heading, [
          `| ${b.columns.join(' | ')} |`,
          `|${' --- |'.repeat(b.columns.length)}`,
          ...b.rows.map(
            (m) =>
              `| ${[m.name, m.value, m.previous, m.change, m.trend, m.flag_label].map(cell).join(' | ')} |`,
          ),
        ]),
        '',
      ]
    case 'since':
      return yield* [
        ...quotedList(b.heading, [
          b.empty ?? b.counts_line,
          ...b.completed.map(
            (i) => `- ✓ ${escapeMarkup(oneLine(i.content))} — ${escapeMarkup(i.about)}`,
          ),
          ...b.stalled.map(
            (i) =>
              `- Stalled: ${escapeMarkup(oneLine(i.content))} — ${escapeMarkup([i.about, i.open].filter(Boolean).join(' · '))}`,
          ),
        ]),
        '',
      ]
    case 'section': {
      // One item at a time: a sliced export gives the thread back between them.
      yield* [`## ${escapeHeading(b.heading)}`, '']
      if (b.notes) yield* [...quoted(b.notes), '']
      for (const g of b.groups)
        for (const i of g.items) {
          const box =
            b.section_type !== 'standard' || i.completed ? (i.completed ? '[x] ' : '[ ] ') : ''
          const project = g.project ? `[${escapeProject(g.project)}] ` : ''
          const assignee = i.assignee ? ` @${escapeItemText(i.assignee)}` : ''
          yield `- ${box}${project}${escapeItemText(i.content)}${assignee}`
        }
      if (b.empty) yield b.empty
      yield ''
      return
    }
    case 'end':
      // Quoted: importing the Markdown back reads no item from it.
      return yield* [`> *${b.label}*`, '']
  }
}

/** The composed brief as Markdown: every block in its order. */
export function briefToMarkdown(composed: ComposedBrief): string {
  return `${composed.blocks
    .flatMap((b) => [...blockMarkdown(b)])
    .join('\n')
    .trimEnd()}\n`
}

/** The brief's Markdown lines, block by block (an item a line). */
function* briefLines(composed: ComposedBrief): Generator<string> {
  for (const b of composed.blocks) yield* blockMarkdown(b)
}

/**
 * The same Markdown as briefToMarkdown, in chunks made in slices of the event loop
 * (lib/sliced-text.ts): 'Copy as Markdown' streams them.
 */
export function briefToMarkdownChunks(composed: ComposedBrief): AsyncGenerator<string> {
  return trimmedEnd(textChunks(briefLines(composed)))
}

/** The same, joined (tests compare it with briefToMarkdown). */
export const briefToMarkdownSliced = (composed: ComposedBrief) =>
  joinChunks(briefToMarkdownChunks(composed))

/**
 * A report's sections alone as Markdown (the parser's round trip, tests): composed as a draft
 * with no header facts, in the default week days.
 */
export function reportToMarkdown(
  report: MarkdownReport,
  days: { startDay: Weekday; endDay: Weekday } = { startDay: 'monday', endDay: 'friday' },
): string {
  let id = 0
  const brief: BriefInput = {
    title: report.title,
    week_start_date: report.week_start_date,
    summary: report.summary,
    sent_date: null,
    author: { name: null, title: null },
    organisation_name: null,
    project_health: [],
    sections: report.sections.map((s) => ({
      id: ++id,
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
      items: s.items.map((i) => ({
        id: ++id,
        content: i.content,
        is_completed: i.is_completed,
        project_name: i.projectName,
        assignee_name: i.assignee,
      })),
    })),
  }
  return briefToMarkdown(composeBrief(brief, { edition: null, ...days }))
}
