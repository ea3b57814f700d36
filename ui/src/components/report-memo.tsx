import {
  type BriefChanges,
  type BriefInput,
  type ComposedBrief,
  composeBrief,
  type EditionRef,
  type Weekday,
} from '@cadence/core'
import type { ReactNode } from 'react'
import { type AgeOptional, ageingLabel, showsAgeing } from '../lib/ageing'
import { cn } from '../lib/cn'
import { formatShortWeekday, toIsoDate } from '../lib/dates'
import type { ReportViewReport } from '../screens/report'
import type {
  BriefAuthor,
  EditionInfo,
  Project,
  ReportChanges,
  SectionItem,
  SharedBrief,
  SharedItem,
  SharedSection,
  TeamMember,
} from '../types'
import { BriefAsks, briefAsksOf } from './asks'
import {
  MemoChanges,
  MemoDecisions,
  MemoHeaderBlock,
  MemoHealth,
  MemoMetrics,
  MemoSection as MemoSectionPart,
  MemoSince,
  MemoTitle,
} from './report-memo-blocks'

/**
 * One item of the memo: what every reader gets (the shared brief's item), plus what only the
 * author's draft knows (who it came from, the assignee's completion and note, how long it is open).
 */
type MemoItem = SharedItem &
  Partial<
    Pick<
      AgeOptional<SectionItem>,
      | 'item_type'
      | 'source_author_name'
      | 'assignee_completed_at'
      | 'assignee_note'
      | 'open_weeks'
      | 'origin_week_start_date'
      | 'is_stalled'
    >
  >
type MemoSection = Omit<SharedSection, 'items'> & { items: MemoItem[] }
/** The brief the memo draws: a shared brief, a frozen edition, or the draft made into one. */
type MemoBrief = Omit<SharedBrief, 'sections'> & { sections: MemoSection[] }

type MemoWeekDays = { start: Weekday; end: Weekday }

type ReportMemoProps = {
  brief: MemoBrief
  /** The author's week (start and end day): the header's range. Monday to Friday without it. */
  weekDays?: MemoWeekDays | null
  /** 'Since last week' (counts, completed and stalled); nothing is shown without it. */
  changes?: ReportChanges | null
  /**
   * Which edition this is: 'Sent <date>', and an update's 'Updated <date>: <note>'. Without it
   * the memo is the live text: 'Not sent yet', never a sent date.
   */
  edition?: EditionInfo | null
  /** An update's 'Changed since edition N' (core's diffBriefs), drawn above the header. */
  updateChanges?: BriefChanges | null
  /** The organisation's confidentiality line: at the foot of every printed page and the memo. */
  confidentiality?: string | null
  /** The account's paper (Settings › Profile and organisation): the print's page size. */
  paperSize?: 'letter' | 'a4' | null
  /** Drawn after an item (the shared page's questions and its Ask). */
  itemExtra?: (item: MemoItem) => ReactNode
  /** Drawn after 'End of Report' inside the memo (the shared page's reader bar). */
  children?: ReactNode
  className?: string
}

const WORKWEEK: MemoWeekDays = { start: 'monday', end: 'friday' }

/**
 * The draft made into a brief: the same shape readers get, with the draft's extras on each item.
 * Projects keep the order the author's items first mention them (the seed's grouping).
 */
function memoBriefOf(
  report: ReportViewReport,
  projects: Project[],
  members: TeamMember[],
  header: { author?: BriefAuthor | null; organisationName?: string | null } = {},
): MemoBrief {
  const projectName = (id: number | null) =>
    id === null ? null : (projects.find((p) => p.id === id)?.name ?? 'Project')
  return {
    title: report.title,
    week_start_date: report.week_start_date,
    summary: report.summary,
    sent_date: report.is_submitted ? report.sent_date : null,
    author: header.author ?? { name: null, title: null },
    organisation_name: header.organisationName ?? null,
    project_health: report.project_health ?? [],
    metrics: report.metrics ?? [],
    decisions: report.decisions,
    asks: briefAsksOf(report.sections ?? [], projectName),
    sections: (report.sections ?? []).map((s) => ({
      id: s.id,
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
      items: s.items.map((it) => ({
        ...it,
        project_name: projectName(it.project_id),
        assignee_name: members.find((m) => m.id === it.assigned_to_team_member_id)?.name ?? null,
      })),
    })),
  }
}

/** The brief as core composes it: ordered blocks, document title, file name, subject. */
function composeMemo(
  brief: MemoBrief,
  options: {
    weekDays?: MemoWeekDays | null
    edition?: EditionRef | null
    changes?: ReportChanges | null
    updateChanges?: BriefChanges | null
  } = {},
): ComposedBrief {
  const days = options.weekDays ?? WORKWEEK
  const input: BriefInput = {
    ...brief,
    since_last_week: options.changes ?? undefined,
  }
  return composeBrief(input, {
    edition: options.edition ?? null,
    startDay: days.start,
    endDay: days.end,
    changes: options.updateChanges ?? null,
  })
}

/** The browser's title of a page showing this brief: '<title> — Weekly Report — <week>'. */
function memoDocumentTitle(
  brief: Pick<MemoBrief, 'title' | 'week_start_date'>,
  weekDays?: MemoWeekDays | null,
) {
  return composeMemo(
    {
      title: brief.title,
      week_start_date: brief.week_start_date,
      summary: null,
      sent_date: null,
      author: { name: null, title: null },
      organisation_name: null,
      sections: [],
      project_health: [],
    },
    { weekDays },
  ).document_title
}

/** The edition a review shows: the next one, sent today (what readers will get). */
function nextEdition(sentEditions: number, note: string | null = null): EditionInfo {
  return { number: sentEditions + 1, sent_at: toIsoDate(new Date()), note }
}

/** What only the author's draft knows of an item: whose report, the assignee's word, its age. */
function DraftExtras({ it }: { it: MemoItem }) {
  const age =
    it.item_type && showsAgeing({ item_type: it.item_type, is_completed: it.is_completed })
      ? (it.open_weeks ?? 0) > 0
        ? ageingLabel(it)
        : null
      : null
  if (!(it.assignee_name && (it.assignee_completed_at || it.assignee_note)) && !age) return null
  // The author's working notes on the draft: on screen only. The print, like every medium that
  // leaves Cadence, is the composed brief and nothing else.
  return (
    <span className="cad-memo__author-notes cad-no-print" data-slot="author-notes">
      {it.assignee_name && it.is_completed && it.assignee_completed_at ? (
        <small>
          {' '}
          · Completed by {it.assignee_name} · {formatShortWeekday(it.assignee_completed_at)}
        </small>
      ) : null}
      {it.assignee_name && it.assignee_note ? (
        <small className="cad-break">
          {' '}
          · {it.assignee_name}: {it.assignee_note}
        </small>
      ) : null}
      {age ? (
        <small className="cad-draft__age">
          {' '}
          · {it.is_stalled ? 'Stalled, ' : ''}
          {age}
        </small>
      ) : null}
    </span>
  )
}

/** A CSS string: quotes, backslashes, line breaks and '<' escaped (text inside a style element). */
const cssString = (text: string) =>
  `"${text
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')
    .replaceAll(/[\r\n]+/g, ' ')
    .replaceAll('<', '\\3c ')}"`

/**
 * The account's page: its paper size, and the confidentiality line at the foot of each printed
 * page (a page-margin box of @page; print.css numbers the pages).
 */
function PrintPage({ line, paper }: { line: string | null; paper: 'letter' | 'a4' | null }) {
  if (!line && !paper) return null
  const size = paper ? `size: ${paper === 'a4' ? 'A4' : 'letter'};` : ''
  const footer = line ? `@bottom-left { content: ${cssString(line)}; }` : ''
  return <style>{`@media print { @page { ${size} ${footer} } }`}</style>
}

/**
 * The brief as readers get it, drawn once for the draft preview, its print, the review before
 * Send, the shared page and a frozen edition: core's composed blocks (composeBrief), in their
 * order with their words and dates, each drawn by its part in ./report-memo-blocks.
 */
function ReportMemo({
  brief,
  weekDays,
  changes,
  edition,
  updateChanges,
  confidentiality,
  paperSize,
  itemExtra,
  children,
  className,
}: ReportMemoProps) {
  const composed = composeMemo(brief, { weekDays, edition, changes, updateChanges })
  // Headings never skip a level: blocks sit under the title when there is one.
  const level = brief.title?.trim() ? 3 : 2
  const items = new Map(brief.sections.flatMap((s) => s.items.map((it) => [it.id, it] as const)))
  const extra = (id: number) => {
    const it = items.get(id)
    if (!it) return null
    return (
      <>
        <DraftExtras it={it} />
        {itemExtra?.(it)}
      </>
    )
  }
  const histories = (brief.metrics ?? []).map((m) => m.history)
  const line = confidentiality?.trim() || null
  return (
    <div className={cn('cad-memo', className)} data-slot="report-memo">
      {composed.blocks.map((b) => {
        switch (b.kind) {
          case 'changes':
            return <MemoChanges key="changes" block={b} />
          case 'header':
            return <MemoHeaderBlock key="header" block={b} />
          case 'title':
            return <MemoTitle key="title" block={b} />
          case 'health':
            return <MemoHealth key="health" block={b} level={level} />
          case 'asks':
            return (
              <BriefAsks
                key="asks"
                asks={b.asks.map((a) => ({
                  id: a.id,
                  content: a.content,
                  project_name: a.project,
                }))}
                headingLevel={level}
              />
            )
          case 'decisions':
            return <MemoDecisions key="decisions" block={b} level={level} />
          case 'metrics':
            return (
              <MemoMetrics
                key="metrics"
                block={b}
                level={level}
                histories={histories}
                week={brief.week_start_date}
              />
            )
          case 'since':
            return <MemoSince key="since" block={b} level={level} />
          case 'section':
            return <MemoSectionPart key={`s-${b.id}`} block={b} level={level} extra={extra} />
          case 'end':
            return (
              <p key="end" className="cad-screen__muted cad-draft__end">
                {b.label}
              </p>
            )
          default:
            return null
        }
      })}
      {line ? (
        <p className="cad-memo__confidential cad-break" data-print="hide">
          {line}
        </p>
      ) : null}
      <PrintPage line={line} paper={paperSize ?? null} />
      {children}
    </div>
  )
}

/**
 * Who the memo is from and when, drawn alone (Settings › Profile's preview): core's header block
 * of this brief, 'Not sent yet' unless an edition is given.
 */
function MemoHeader({
  brief,
  weekDays,
  edition,
}: {
  brief: Pick<MemoBrief, 'organisation_name' | 'author'> &
    Partial<Pick<MemoBrief, 'week_start_date'>>
  weekDays?: MemoWeekDays | null
  edition?: EditionInfo | null
}) {
  const composed = composeMemo(
    {
      title: null,
      summary: null,
      sent_date: null,
      sections: [],
      project_health: [],
      week_start_date: brief.week_start_date ?? '2026-11-23',
      author: brief.author,
      organisation_name: brief.organisation_name,
    },
    { weekDays, edition },
  )
  return <MemoHeaderBlock block={composed.header} />
}

export type { MemoBrief, MemoItem, MemoSection, MemoWeekDays, ReportMemoProps }
export { composeMemo, MemoHeader, memoBriefOf, memoDocumentTitle, nextEdition, ReportMemo }
