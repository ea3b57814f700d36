/**
 * A report → Markdown, in the dialect parser.ts reads back: importing the export into an empty
 * report with the same sections gives the same items in the same order, with their projects,
 * completion and assignees. Pure: the caller resolves project and team member names.
 *
 *   # Weekly Report
 *
 *   Week of 2026-11-16
 *
 *   **Title:** …            (when there is one)
 *
 *   > summary lines         (quoted, so they never read as sections or items)
 *
 *   > **Project health** …, > **Asks of you** …, > **Decided this week** …, > **Metrics** …
 *                           (quoted too: importing the Markdown back makes no items of them)
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
import type { BriefAsk, BriefDecision } from '@cadence/contract'
import { decisionMeta } from '../decisions/mail'
import { type MetricLine, metricCells } from '../report-metrics/cells'

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
export type MarkdownHealth = {
  project_name: string
  health: 'on_track' | 'at_risk' | 'off_track' | null
  note: string | null
  previous_health: 'on_track' | 'at_risk' | 'off_track' | null
}
export type MarkdownReport = {
  week_start_date: string
  title: string | null
  summary: string | null
  sections: MarkdownSection[]
  /** The project health table: rows with a health set, as a quoted table (import skips quotes). */
  project_health?: MarkdownHealth[]
  /** Metrics: a quoted table too, after the health table. */
  metrics?: MetricLine[]
  /** The open asks of the readers, quoted right after the health table. */
  asks?: BriefAsk[]
  /** Decided this week, quoted after the asks. */
  decisions?: BriefDecision[]
}

/** The asks as a quoted numbered list (a quote: importing it back adds nothing). */
function asksBlock(asks: BriefAsk[]) {
  return [
    '> **Asks of you**',
    '>',
    ...asks.map(
      (a, i) =>
        `> ${i + 1}. ${escapeMarkup(oneLine(a.content))}${a.project_name ? ` (${escapeMarkup(oneLine(a.project_name))})` : ''}`,
    ),
  ]
}

/** 'Decided this week' as a quoted list with who, when and why (importing it adds nothing). */
function decisionsBlock(decisions: BriefDecision[]) {
  return [
    '> **Decided this week**',
    '>',
    ...decisions.flatMap((d) => [
      `> - ${escapeMarkup(oneLine(d.title))} (${escapeMarkup(decisionMeta(d))})`,
      ...(d.rationale?.trim() ? [`>   Why: ${escapeMarkup(oneLine(d.rationale))}`] : []),
    ]),
  ]
}

/** The metrics table as quoted Markdown table lines (a quote: importing it back adds nothing). */
function metricsTable(rows: MetricLine[]) {
  const cell = (text: string) => escapeMarkup(oneLine(text)).replaceAll('|', '\\|')
  return [
    '> **Metrics**',
    '>',
    '> | Metric | This week | Since last week | Last weeks | Flag |',
    '> | --- | --- | --- | --- | --- |',
    ...rows.map((m) => {
      const c = metricCells(m)
      return `> | ${[m.name, c.value, c.change, c.trend, c.flag].map(cell).join(' | ')} |`
    }),
  ]
}

const HEALTH_LABEL = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track' } as const

/** The health table as quoted Markdown table lines (a quote, so importing it back adds nothing). */
function healthTable(rows: MarkdownHealth[]) {
  const cell = (text: string) => escapeMarkup(oneLine(text)).replaceAll('|', '\\|')
  const change = (h: MarkdownHealth) =>
    !h.previous_health
      ? 'new'
      : h.previous_health === h.health
        ? 'same'
        : `was ${HEALTH_LABEL[h.previous_health]}`
  return [
    '> **Project health**',
    '>',
    '> | Project | Health | Since last week | Why |',
    '> | --- | --- | --- | --- |',
    ...rows.map(
      (h) =>
        `> | ${cell(h.project_name)} | ${h.health ? HEALTH_LABEL[h.health] : ''} | ${change(h)} | ${cell(h.note ?? '')} |`,
    ),
  ]
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

function itemLine(item: MarkdownItem, section: MarkdownSection) {
  const box =
    section.section_type !== 'standard' || item.is_completed
      ? item.is_completed
        ? '[x] '
        : '[ ] '
      : ''
  const project = item.projectName ? `[${escapeProject(item.projectName)}] ` : ''
  const assignee = item.assignee ? ` @${escapeItemText(item.assignee)}` : ''
  return `- ${box}${project}${escapeItemText(item.content)}${assignee}`
}

export function reportToMarkdown(report: MarkdownReport): string {
  const out: string[] = ['# Weekly Report', '', `Week of ${report.week_start_date}`, '']
  if (report.title?.trim()) out.push(`**Title:** ${escapeMarkup(oneLine(report.title))}`, '')
  if (report.summary?.trim()) out.push(...quoted(report.summary), '')
  const health = (report.project_health ?? []).filter((h) => h.health)
  if (health.length) out.push(...healthTable(health), '')
  if (report.asks?.length) out.push(...asksBlock(report.asks), '')
  if (report.decisions?.length) out.push(...decisionsBlock(report.decisions), '')
  if (report.metrics?.length) out.push(...metricsTable(report.metrics), '')
  for (const section of report.sections) {
    out.push(`## ${escapeHeading(section.section_name)}`, '')
    if (section.content?.trim()) out.push(...quoted(section.content), '')
    if (section.items.length) out.push(...section.items.map((i) => itemLine(i, section)))
    else out.push('None')
    out.push('')
  }
  return `${out.join('\n').trimEnd()}\n`
}
