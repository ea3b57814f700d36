// The one composition of a brief (issue 41): the ordered blocks every medium renders — the web
// memo, the e-mail (HTML and text), the PDF, Markdown and chat — with every label and every date
// format. A medium decides how a block looks, never what it says, its order or what is left out.
// Pure: no DOM, no Node APIs. The input types are structural (a SharedBrief of the contract fits).

import { formatWithUnit, plainNumber } from './units'
import { dayParts, type Weekday, weekEnd } from './weeks'

// ---- Input: the brief as frozen in an edition (or built from the live report) -----------------

export type BriefHealthValue = 'on_track' | 'at_risk' | 'off_track'

export type BriefInput = {
  title: string | null
  week_start_date: string
  summary: string | null
  sent_date: string | null
  author: { name: string | null; title: string | null }
  organisation_name: string | null
  sections: {
    id: number
    section_name: string
    section_type: 'standard' | 'tasks' | 'followups'
    content: string | null
    items: {
      id: number
      content: string
      is_completed: boolean
      project_name: string | null
      assignee_name: string | null
      source_author_name?: string | null
    }[]
  }[]
  project_health: {
    project_name: string
    health: BriefHealthValue | null
    note: string | null
    previous_health: BriefHealthValue | null
  }[]
  decisions?: {
    id: number
    title: string
    decided_on: string
    decided_by_name: string | null
    rationale: string | null
    revisit_on: string | null
    project_name: string | null
  }[]
  since_last_week?: {
    previous: { week_start_date: string } | null
    counts: { completed: number; new: number; carried: number; stalled: number }
    completed: SinceItemInput[]
    stalled: SinceItemInput[]
  }
  asks?: { id: number; content: string; project_name: string | null }[]
  metrics?: {
    id?: number
    name: string
    unit: string | null
    direction: 'up' | 'down'
    value: number | null
    previous_value: number | null
    history: { week_start_date: string; value: number }[]
    flag: 'missed_target' | 'unusual' | null
  }[]
}

type SinceItemInput = {
  id: number
  content: string
  section_name: string
  project_name: string | null
  open_weeks: number
}

/** Which edition the brief is; null: the live draft ("Not sent yet"). */
export type EditionRef = { number: number; sent_at: string; note: string | null }

export type ComposeOptions = {
  edition: EditionRef | null
  /** The author's week: the range runs from the start to this end day. */
  startDay: Weekday
  endDay: Weekday
  /** An update's "Changed since edition N" (diffBriefs of the edition before and this one). */
  changes?: BriefChanges | null
}

// ---- Output: the ordered blocks -----------------------------------------------------------------

/** How a medium colours a value: health chips, flags, a change for better or worse. */
export type Tone = 'good' | 'warn' | 'bad' | 'neutral'

/** The colours of the tones (text on white, and a light chip background), print-safe. */
export const TONE_COLOURS: Record<Tone, { text: string; background: string }> = {
  good: { text: '#15803d', background: '#dcfce7' },
  warn: { text: '#b45309', background: '#fef3c7' },
  bad: { text: '#b91c1c', background: '#fee2e2' },
  neutral: { text: '#4b5563', background: '#f3f4f6' },
}

export type ChangesBlock = {
  kind: 'changes'
  /** 'Changed since edition 1' */
  heading: string
  /** One line each: 'Added: …', 'Completed: …', 'Edited: …', 'Health: Apollo At risk → On track'. */
  lines: { kind: 'added' | 'completed' | 'edited' | 'removed' | 'health'; text: string }[]
  /** The update's note, after the changes (null: none). */
  note: string | null
}

export type HeaderBlock = {
  kind: 'header'
  /** 'Weekly Report' */
  heading: string
  organisation: string | null
  author_name: string | null
  author_title: string | null
  /** 'From Dana Whitfield, Chief Executive' (null: no name nor title). */
  from: string | null
  /** 'Nov 23 – Nov 27, 2026' */
  week: string
  /** 'Sent Nov 28, 2026' (the first Send's day) or 'Not sent yet'. */
  status: { sent: boolean; label: string }
  /** 'Edition 2' (null for the live draft). */
  edition: { number: number; label: string } | null
  /** An update's 'Updated Nov 28, 2026: <note>' (null for edition 1 and the draft). */
  updated: string | null
}

export type TitleBlock = { kind: 'title'; title: string | null; summary: string | null }

export type HealthRow = {
  project: string
  health: BriefHealthValue
  /** 'On track' */
  label: string
  tone: Tone
  /** 'was At risk', 'new' or 'same' */
  change: string
  /** The why ('' when none). */
  why: string
}
export type HealthBlock = {
  kind: 'health'
  heading: string
  columns: readonly ['Project', 'Health', 'Since last week', 'Why']
  rows: HealthRow[]
}

export type AskLine = {
  id: number
  /** 1-based, as printed ('1.'). */
  number: number
  content: string
  project: string | null
  /** The fragment of this ask on the reader's page: 'ask-12'. */
  anchor: string
}
export type AsksBlock = { kind: 'asks'; heading: string; asks: AskLine[] }

export type DecisionLine = {
  id: number
  title: string
  /** 'Maya Chen · Nov 18, 2026 · Apollo · Revisit Dec 1, 2026' */
  meta: string
  /** 'Why: …' (null: no rationale). */
  why: string | null
}
export type DecisionsBlock = { kind: 'decisions'; heading: string; decisions: DecisionLine[] }

export type MetricRow = {
  name: string
  /** '42.5 k€', '12%', or 'Not entered' */
  value: string
  /** The previous value with its unit, or '—'. */
  previous: string
  /** '+2 (better)', '−1.5% (worse)', 'No change' or '—' */
  change: string
  change_tone: Tone
  /** The last five weeks' values: '10 → 12 → 15'. */
  trend: string
  /** The last 13 weeks' values, oldest first (finite only), for a sparkline. */
  history: number[]
  flag: 'missed_target' | 'unusual' | null
  /** 'Missed target', 'Unusual move' or '' */
  flag_label: string
  flag_tone: Tone
}
export type MetricsBlock = {
  kind: 'metrics'
  heading: string
  columns: readonly ['Metric', 'This week', 'Previous', 'Since last week', 'Last weeks', 'Flag']
  rows: MetricRow[]
}

export type SinceLine = {
  id: number
  content: string
  /** 'Apollo · Engineering' */
  about: string
  /** Stalled only: 'open 3 weeks'. */
  open: string | null
}
export type SinceBlock = {
  kind: 'since'
  heading: string
  /** 'Compared with Nov 16 – Nov 20, 2026', or null with `empty`. */
  compared_with: string | null
  /** 'No earlier report to compare with' when there is nothing to compare. */
  empty: string | null
  counts: { completed: number; new: number; carried: number; stalled: number }
  /** '2 completed · 3 new · 1 carried · 0 stalled' */
  counts_line: string
  completed: SinceLine[]
  stalled: SinceLine[]
}

export type ItemLine = {
  id: number
  content: string
  completed: boolean
  /** '•' in a standard section; '☐' / '☑' in tasks and follow-ups. */
  marker: '•' | '☐' | '☑'
  /** '✓ Completed' or null. */
  completed_label: string | null
  assignee: string | null
  /** 'Assigned to Rob Chen' or null. */
  assignee_label: string | null
  /** Team roll-up: "from Tom's report" or null. */
  from_label: string | null
}
export type SectionBlock = {
  kind: 'section'
  id: number
  heading: string
  section_type: 'standard' | 'tasks' | 'followups'
  /** The section's notes (tasks and follow-ups only). */
  notes: string | null
  /** 'None' for a section with nothing in it. */
  empty: string | null
  /** Items by project as the editor shows them: no project first, then by name; open first. */
  groups: { project: string | null; items: ItemLine[] }[]
}

export type EndBlock = { kind: 'end'; label: string }

export type BriefBlock =
  | ChangesBlock
  | HeaderBlock
  | TitleBlock
  | HealthBlock
  | AsksBlock
  | DecisionsBlock
  | MetricsBlock
  | SinceBlock
  | SectionBlock
  | EndBlock

export type ComposedBrief = {
  /** In order: [changes], header, title, [health], [asks], [decisions], [metrics], [since], sections…, end. */
  blocks: BriefBlock[]
  header: HeaderBlock
  /** '<title> — Weekly Report — <week>' (the browser's and the PDF's document title). */
  document_title: string
  /** 'Northwind — Weekly Report — Nov 23, 2026 — edition 2.pdf' (safe as a file name). */
  pdf_filename: string
  /** The e-mail's subject: organisation, week and title (an update says so first). */
  subject: string
}

// ---- Labels and formats -------------------------------------------------------------------------

export const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const

export const HEALTH_LABEL: Record<BriefHealthValue, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  off_track: 'Off track',
}
export const HEALTH_TONE: Record<BriefHealthValue, Tone> = {
  on_track: 'good',
  at_risk: 'warn',
  off_track: 'bad',
}
export const FLAG_LABEL = { missed_target: 'Missed target', unusual: 'Unusual move' } as const
export const FLAG_TONE: Record<'missed_target' | 'unusual', Tone> = {
  missed_target: 'bad',
  unusual: 'warn',
}

export const LABELS = {
  report: 'Weekly Report',
  notSent: 'Not sent yet',
  health: 'Project health',
  asks: 'Asks of you',
  decisions: 'Decided this week',
  metrics: 'Metrics',
  since: 'Since last week',
  noPrevious: 'No earlier report to compare with',
  none: 'None',
  end: 'End of Report',
  completed: '✓ Completed',
  readOnline: 'Read online',
  answer: 'Answer',
} as const

const monthDay = (d: { month: number; day: number }) => `${MONTHS_SHORT[d.month - 1]} ${d.day}`

/** A day (or the day of a timestamp, in UTC): 'Nov 28, 2026'. Never ISO. */
export function formatDay(date: string): string {
  const p = dayParts(date.slice(0, 10))
  return `${monthDay(p)}, ${p.year}`
}

/** The week from its start to the author's end day: 'Nov 23 – Nov 27, 2026' (both years across New Year). */
export function formatWeek(weekStartDate: string, startDay: Weekday, endDay: Weekday): string {
  const start = dayParts(weekStartDate)
  const end = dayParts(weekEnd(weekStartDate, startDay, endDay))
  if (start.year !== end.year) {
    return `${monthDay(start)}, ${start.year} – ${monthDay(end)}, ${end.year}`
  }
  return `${monthDay(start)} – ${monthDay(end)}, ${end.year}`
}

/** Line breaks and runs of spaces as one space (list entries, table cells of one line). */
export const oneLine = (text: string) => text.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim()

/**
 * Breaks every run of more than `max` non-space characters with a zero-width space, so layout
 * (the PDF's line breaking) stays linear in the text's length. The visible text is unchanged.
 */
export function breakLongWords(text: string, max = 40): string {
  if (text.length <= max) return text
  return text.replaceAll(new RegExp(`[^\\s\\u200b]{${max}}(?=[^\\s\\u200b])`, 'g'), '$&\u200b')
}

const metricNumber = (n: number) => (Number.isFinite(n) ? plainNumber(n) : '—')

function metricRow(m: NonNullable<BriefInput['metrics']>[number]): MetricRow {
  const value = m.value === null ? 'Not entered' : formatWithUnit(m.value, m.unit)
  const previous = m.previous_value === null ? '—' : formatWithUnit(m.previous_value, m.unit)
  let change = '—'
  let change_tone: Tone = 'neutral'
  if (m.value !== null && m.previous_value !== null) {
    const delta = m.value - m.previous_value
    if (!Number.isFinite(delta) || Math.abs(delta) < 1e-9) {
      change = Number.isFinite(delta) ? 'No change' : '—'
    } else {
      const better = delta > 0 === (m.direction === 'up')
      change = `${delta > 0 ? '+' : '−'}${formatWithUnit(Math.abs(delta), m.unit)} (${better ? 'better' : 'worse'})`
      change_tone = better ? 'good' : 'bad'
    }
  }
  const finite = m.history.filter((p) => Number.isFinite(p.value))
  return {
    name: m.name,
    value,
    previous,
    change,
    change_tone,
    trend: finite
      .slice(-5)
      .map((p) => metricNumber(p.value))
      .join(' → '),
    history: finite.slice(-13).map((p) => p.value),
    flag: m.flag,
    flag_label: m.flag ? FLAG_LABEL[m.flag] : '',
    flag_tone: m.flag ? FLAG_TONE[m.flag] : 'neutral',
  }
}

/** A row's change since last week: 'was On track', 'new', or 'same'. */
function healthChange(h: BriefInput['project_health'][number]) {
  if (!h.health) return ''
  if (!h.previous_health) return 'new'
  return h.previous_health === h.health ? 'same' : `was ${HEALTH_LABEL[h.previous_health]}`
}

/** Who decided, when, where and when to revisit: 'Maya Chen · Nov 18, 2026 · Apollo · Revisit …'. */
export function decisionMeta(d: NonNullable<BriefInput['decisions']>[number]): string {
  return [
    d.decided_by_name,
    formatDay(d.decided_on),
    d.project_name,
    d.revisit_on && `Revisit ${formatDay(d.revisit_on)}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** File-name safe: no path or reserved characters, no control characters, at most 150 long. */
export function safeFileName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
    .replaceAll(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replaceAll(/[/\\:*?"<>|]+/g, '-')
    .replaceAll(/\s+/g, ' ')
    .trim()
  const ext = cleaned.match(/\.[a-z0-9]{1,5}$/i)?.[0] ?? ''
  const stem = cleaned.slice(0, cleaned.length - ext.length).replace(/^[.\s]+/, '')
  return `${[...stem].slice(0, 150).join('').trim() || 'Weekly Report'}${ext}`
}

/**
 * The items of a section in the editor's order (ui's section card `groupItems`), hers: items
 * without a project first, then each project where its first item stands in the stored order;
 * open before completed in each, each part in its stored order.
 */
function groupsOf(section: BriefInput['sections'][number]): SectionBlock['groups'] {
  const byProject = new Map<string | null, BriefInput['sections'][number]['items']>()
  for (const i of section.items) {
    const list = byProject.get(i.project_name)
    if (list) list.push(i)
    else byProject.set(i.project_name, [i])
  }
  // Items without a project first (the product spec's draft preview), then each project in the
  // order of its first item (a Map iterates in insertion order).
  const keys = [...byProject.keys()].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0))
  const check = section.section_type !== 'standard'
  return keys.map((project) => ({
    project,
    items: (byProject.get(project) ?? [])
      .toSorted((a, b) => Number(a.is_completed) - Number(b.is_completed))
      .map((i) => ({
        id: i.id,
        content: i.content,
        completed: i.is_completed,
        marker: check ? (i.is_completed ? '☑' : '☐') : '•',
        completed_label: i.is_completed ? LABELS.completed : null,
        assignee: i.assignee_name,
        assignee_label: i.assignee_name ? `Assigned to ${i.assignee_name}` : null,
        from_label: i.source_author_name ? `from ${i.source_author_name}'s report` : null,
      })),
  }))
}

// ---- The composition ----------------------------------------------------------------------------

/** The brief as its ordered blocks, with its document title, PDF file name and e-mail subject. */
export function composeBrief(brief: BriefInput, options: ComposeOptions): ComposedBrief {
  const { edition } = options
  const week = formatWeek(brief.week_start_date, options.startDay, options.endDay)
  // Editions frozen before the author was part of a brief have none.
  const authorName = brief.author?.name?.trim() || null
  const authorTitle = brief.author?.title?.trim() || null
  const fromWho = [authorName, authorTitle].filter(Boolean).join(', ')
  const organisation = brief.organisation_name?.trim() || null
  const title = brief.title?.trim() || null
  const header: HeaderBlock = {
    kind: 'header',
    heading: LABELS.report,
    organisation,
    author_name: authorName,
    author_title: authorTitle,
    from: fromWho ? `From ${fromWho}` : null,
    week,
    // The day it was first sent (the author's sent date); an update says its own day below.
    status: edition
      ? { sent: true, label: `Sent ${formatDay(brief.sent_date ?? edition.sent_at)}` }
      : { sent: false, label: LABELS.notSent },
    edition: edition ? { number: edition.number, label: `Edition ${edition.number}` } : null,
    updated:
      edition && edition.number > 1
        ? // With a 'Changed since edition N' block the note is said there, once.
          `Updated ${formatDay(edition.sent_at)}${edition.note?.trim() && !options.changes ? `: ${edition.note.trim()}` : ''}`
        : null,
  }
  const blocks: BriefBlock[] = []
  if (options.changes) blocks.push(changesBlock(options.changes, edition?.note ?? null))
  blocks.push(header, { kind: 'title', title, summary: brief.summary?.trim() || null })

  const health = (brief.project_health ?? []).filter(
    (h): h is typeof h & { health: BriefHealthValue } => h.health !== null,
  )
  if (health.length) {
    blocks.push({
      kind: 'health',
      heading: LABELS.health,
      columns: ['Project', 'Health', 'Since last week', 'Why'],
      rows: health.map((h) => ({
        project: h.project_name,
        health: h.health,
        label: HEALTH_LABEL[h.health],
        tone: HEALTH_TONE[h.health],
        change: healthChange(h),
        why: h.note?.trim() ?? '',
      })),
    })
  }
  if (brief.asks?.length) {
    blocks.push({
      kind: 'asks',
      heading: LABELS.asks,
      asks: brief.asks.map((a, i) => ({
        id: a.id,
        number: i + 1,
        content: a.content,
        project: a.project_name,
        anchor: `ask-${a.id}`,
      })),
    })
  }
  if (brief.decisions?.length) {
    blocks.push({
      kind: 'decisions',
      heading: LABELS.decisions,
      decisions: brief.decisions.map((d) => ({
        id: d.id,
        title: d.title,
        meta: decisionMeta(d),
        why: d.rationale?.trim() ? `Why: ${d.rationale.trim()}` : null,
      })),
    })
  }
  if (brief.metrics?.length) {
    blocks.push({
      kind: 'metrics',
      heading: LABELS.metrics,
      columns: ['Metric', 'This week', 'Previous', 'Since last week', 'Last weeks', 'Flag'],
      rows: brief.metrics.map(metricRow),
    })
  }
  const since = brief.since_last_week
  if (since) {
    const c = since.counts
    const about = (i: SinceItemInput) =>
      [i.project_name, i.section_name].filter(Boolean).join(' · ')
    blocks.push({
      kind: 'since',
      heading: LABELS.since,
      compared_with: since.previous
        ? `Compared with ${formatWeek(since.previous.week_start_date, options.startDay, options.endDay)}`
        : null,
      empty: since.previous ? null : LABELS.noPrevious,
      counts: c,
      counts_line: `${c.completed} completed · ${c.new} new · ${c.carried} carried · ${c.stalled} stalled`,
      completed: since.completed.map((i) => ({
        id: i.id,
        content: i.content,
        about: about(i),
        open: null,
      })),
      stalled: since.stalled.map((i) => ({
        id: i.id,
        content: i.content,
        about: about(i),
        open: `open ${plural(i.open_weeks, 'week', 'weeks')}`,
      })),
    })
  }
  for (const s of brief.sections) {
    const notes = (s.section_type !== 'standard' && s.content?.trim()) || null
    blocks.push({
      kind: 'section',
      id: s.id,
      heading: s.section_name,
      section_type: s.section_type,
      notes,
      empty: !s.items.length && !notes ? LABELS.none : null,
      groups: groupsOf(s),
    })
  }
  blocks.push({ kind: 'end', label: LABELS.end })

  const weekOf = formatDay(brief.week_start_date)
  const pdfName = [
    organisation,
    LABELS.report,
    weekOf,
    edition ? `edition ${edition.number}` : 'draft',
  ].filter(Boolean)
  const subjectParts = [organisation, `${LABELS.report}, ${week}`, title].filter(Boolean)
  return {
    blocks,
    header,
    document_title: [title, LABELS.report, week].filter(Boolean).join(' — '),
    pdf_filename: safeFileName(`${pdfName.join(' — ')}.pdf`),
    subject: oneLine(
      `${edition && edition.number > 1 ? `Updated (edition ${edition.number}): ` : ''}${subjectParts.join(' — ')}`,
    ),
  }
}

// ---- What changed between two editions ---------------------------------------------------------

export type BriefChanges = {
  /** The edition compared with (N of "Changed since edition N"). */
  since_edition: number
  added: { id: number; content: string; section: string }[]
  completed: { id: number; content: string; section: string }[]
  edited: { id: number; before: string; after: string; section: string }[]
  removed: { id: number; content: string; section: string }[]
  health: { project: string; from: BriefHealthValue | null; to: BriefHealthValue | null }[]
  /** The title's new text when it changed (null: the same, or no title now). */
  title?: string | null
  /** Whether the summary changed. */
  summary?: boolean
}

/** What changed from the brief of edition `sinceEdition` (`before`) to `after`: items by id. */
export function diffBriefs(
  before: Pick<BriefInput, 'sections' | 'project_health'> &
    Partial<Pick<BriefInput, 'title' | 'summary'>>,
  after: Pick<BriefInput, 'sections' | 'project_health'> &
    Partial<Pick<BriefInput, 'title' | 'summary'>>,
  sinceEdition: number,
): BriefChanges {
  const itemsOf = (b: Pick<BriefInput, 'sections'>) =>
    new Map(
      b.sections.flatMap((s) => s.items.map((i) => [i.id, { ...i, section: s.section_name }])),
    )
  const was = itemsOf(before)
  const now = itemsOf(after)
  const changes: BriefChanges = {
    since_edition: sinceEdition,
    added: [],
    completed: [],
    edited: [],
    removed: [],
    health: [],
  }
  for (const [id, item] of now) {
    const old = was.get(id)
    if (!old) {
      changes.added.push({ id, content: item.content, section: item.section })
      continue
    }
    if (item.is_completed && !old.is_completed)
      changes.completed.push({ id, content: item.content, section: item.section })
    if (item.content !== old.content)
      changes.edited.push({ id, before: old.content, after: item.content, section: item.section })
  }
  for (const [id, item] of was)
    if (!now.has(id)) changes.removed.push({ id, content: item.content, section: item.section })
  const text = (t: string | null | undefined) => t?.trim() || null
  if (text(before.title) !== text(after.title)) changes.title = text(after.title)
  if (text(before.summary) !== text(after.summary)) changes.summary = true
  const oldHealth = new Map((before.project_health ?? []).map((h) => [h.project_name, h.health]))
  for (const h of after.project_health ?? []) {
    const from = oldHealth.get(h.project_name) ?? null
    if (from !== h.health) changes.health.push({ project: h.project_name, from, to: h.health })
  }
  return changes
}

const healthWord = (h: BriefHealthValue | null) => (h ? HEALTH_LABEL[h] : 'Not set')

function changesBlock(c: BriefChanges, note: string | null): ChangesBlock {
  const lines: ChangesBlock['lines'] = [
    ...(c.title !== undefined
      ? [
          {
            kind: 'edited' as const,
            text: c.title ? `Title: ${oneLine(c.title)}` : 'Title removed',
          },
        ]
      : []),
    ...(c.summary ? [{ kind: 'edited' as const, text: 'Summary edited' }] : []),
    ...c.added.map((i) => ({ kind: 'added' as const, text: `Added: ${oneLine(i.content)}` })),
    ...c.completed.map((i) => ({
      kind: 'completed' as const,
      text: `Completed: ${oneLine(i.content)}`,
    })),
    ...c.edited.map((i) => ({ kind: 'edited' as const, text: `Edited: ${oneLine(i.after)}` })),
    ...c.removed.map((i) => ({ kind: 'removed' as const, text: `Removed: ${oneLine(i.content)}` })),
    ...c.health.map((h) => ({
      kind: 'health' as const,
      text: `Health: ${h.project} ${healthWord(h.from)} → ${healthWord(h.to)}`,
    })),
  ]
  return {
    kind: 'changes',
    heading: `Changed since edition ${c.since_edition}`,
    lines,
    note: note?.trim() || null,
  }
}

/** Each block's facts as plain lines, in order: what the text media print and tests compare. */
export function briefLines(composed: ComposedBrief): string[] {
  const out: string[] = []
  for (const b of composed.blocks) {
    switch (b.kind) {
      case 'changes':
        out.push(b.heading, ...b.lines.map((l) => l.text), ...(b.note ? [b.note] : []))
        break
      case 'header':
        out.push(
          ...[b.organisation, b.status.label, b.heading, b.week, b.from, b.updated].filter(
            (x): x is string => Boolean(x),
          ),
        )
        break
      case 'title':
        if (b.title) out.push(b.title)
        if (b.summary) out.push(b.summary)
        break
      case 'health':
        out.push(b.heading)
        for (const r of b.rows)
          out.push(
            `${r.project}: ${r.label}${r.change ? ` (${r.change})` : ''}${r.why ? ` — ${oneLine(r.why)}` : ''}`,
          )
        break
      case 'asks':
        out.push(b.heading)
        for (const a of b.asks)
          out.push(`${a.number}. ${oneLine(a.content)}${a.project ? ` (${a.project})` : ''}`)
        break
      case 'decisions':
        out.push(b.heading)
        for (const d of b.decisions)
          out.push(`${oneLine(d.title)} (${d.meta})`, ...(d.why ? [oneLine(d.why)] : []))
        break
      case 'metrics':
        out.push(b.heading)
        for (const m of b.rows) out.push(metricLine(m))
        break
      case 'since':
        out.push(b.heading, b.empty ?? b.counts_line)
        for (const i of b.completed) out.push(`✓ ${oneLine(i.content)} — ${i.about}`)
        for (const i of b.stalled)
          out.push(
            `Stalled: ${oneLine(i.content)} — ${[i.about, i.open].filter(Boolean).join(' · ')}`,
          )
        break
      case 'section':
        out.push(b.heading)
        if (b.notes) out.push(b.notes)
        if (b.empty) out.push(b.empty)
        for (const g of b.groups) {
          if (g.project) out.push(`${g.project}:`)
          for (const i of g.items) out.push(itemLine(i))
        }
        break
      case 'end':
        out.push(b.label)
        break
    }
  }
  return out
}

/**
 * A metric as one line: 'Revenue: 42 k€ (previous 40 k€), +2 k€ (better) [40 → 42] — Missed
 * target'.
 */
export function metricLine(m: MetricRow): string {
  return `${m.name}: ${m.value}${m.previous === '—' ? '' : ` (previous ${m.previous})`}${
    m.change === '—' ? '' : `, ${m.change}`
  }${m.trend ? ` [${m.trend}]` : ''}${m.flag_label ? ` — ${m.flag_label}` : ''}`
}

/** An item as one line: '☐ Ship it (Assigned to Rob Chen)' with its completion. */
export function itemLine(i: ItemLine): string {
  return `${i.marker} ${oneLine(i.content)}${i.completed_label ? ` ${i.completed_label}` : ''}${
    i.assignee_label ? ` (${i.assignee_label})` : ''
  }${i.from_label ? ` (${i.from_label})` : ''}`
}
