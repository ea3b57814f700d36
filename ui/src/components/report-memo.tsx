import { List, ListChecks, RefreshCw, Square, SquareCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { type AgeOptional, ageingLabel, showsAgeing } from '../lib/ageing'
import { cn } from '../lib/cn'
import { formatDate, formatShortWeekday } from '../lib/dates'
import type { ReportViewReport } from '../screens/report'
import type {
  BriefAuthor,
  EditionInfo,
  Project,
  ReportChanges,
  SectionItem,
  SectionType,
  SharedBrief,
  SharedItem,
  SharedSection,
  TeamMember,
} from '../types'
import { BriefAsks, briefAsksOf } from './asks'
import { DecisionsThisWeek } from './decisions-this-week'
import { MetricsTable } from './metrics'
import { ProjectHealthTable } from './project-health'
import { SinceLastWeek } from './since-last-week'

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

type ReportMemoProps = {
  brief: MemoBrief
  /** 'Nov 23 – Nov 27, 2026': the week in the author's start and end day. */
  weekRange: string
  /** 'Since last week' (counts, completed and stalled); nothing is shown without it. */
  changes?: ReportChanges | null
  /** Which edition this is: an update says 'Updated <date>: <note>' under the header. */
  edition?: EditionInfo | null
  /** Drawn after an item (the shared page's questions and its Ask). */
  itemExtra?: (item: MemoItem) => ReactNode
  /** Drawn after 'End of Report' inside the memo (the shared page's reader bar). */
  children?: ReactNode
  className?: string
}

const SECTION_ICON: Record<SectionType, typeof List> = {
  standard: List,
  tasks: ListChecks,
  followups: RefreshCw,
}

/** Items by project (no project first, then by name), open before completed within each. */
function groups(items: MemoItem[]) {
  const byName = new Map<string | null, MemoItem[]>()
  for (const it of items) {
    const list = byName.get(it.project_name) ?? []
    list.push(it)
    byName.set(it.project_name, list)
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0))
    .map(([name, list]) => ({
      name,
      items: [...list].sort((a, b) => Number(a.is_completed) - Number(b.is_completed)),
    }))
}

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

/** 'Dana Whitfield, Chief Executive', either alone, or nothing. */
function authorLine(author: BriefAuthor) {
  return [author.name, author.title].filter(Boolean).join(', ') || null
}

/**
 * Who the memo is from and when: organisation and the sent date (or 'Draft'), the seed's
 * 'Weekly Report' heading and week, the author, and an update's note.
 */
function MemoHeader({
  brief,
  weekRange,
  edition,
}: {
  brief: Pick<MemoBrief, 'organisation_name' | 'author' | 'sent_date'>
  weekRange: string
  edition?: EditionInfo | null
}) {
  const from = authorLine(brief.author)
  const updated = edition && edition.number > 1 ? edition : null
  return (
    <header className="cad-memo__head" data-slot="memo-header" data-print="keep-with-next">
      <p className="cad-memo__masthead">
        {brief.organisation_name ? (
          <span className="cad-memo__org cad-break">{brief.organisation_name}</span>
        ) : null}
        {brief.sent_date ? (
          <span className="cad-memo__status" data-status="sent">
            Sent {formatDate(brief.sent_date)}
          </span>
        ) : (
          <span className="cad-memo__status" data-status="draft">
            Draft
          </span>
        )}
      </p>
      <h1>Weekly Report</h1>
      <p className="cad-memo__meta">
        <span className="cad-memo__week">{weekRange}</span>
        {from ? <span className="cad-memo__from cad-break">From {from}</span> : null}
      </p>
      {updated ? (
        <p className="cad-memo__updated cad-break" data-slot="memo-updated">
          Updated {formatDate(updated.sent_at)}
          {updated.note ? `: ${updated.note}` : ''}
        </p>
      ) : null}
    </header>
  )
}

function MemoItemRow({
  it,
  check,
  extra,
}: {
  it: MemoItem
  check: boolean
  extra?: ReportMemoProps['itemExtra']
}) {
  const Box = it.is_completed ? SquareCheck : Square
  const age =
    it.item_type && showsAgeing({ item_type: it.item_type, is_completed: it.is_completed })
      ? (it.open_weeks ?? 0) > 0
        ? ageingLabel(it)
        : null
      : null
  return (
    <li className={cn('cad-memo__item', it.is_completed && 'cad-draft__done')}>
      <span className="cad-memo__marker" aria-hidden="true">
        {check ? <Box size={14} /> : '•'}
      </span>
      <div className="cad-memo__line">
        <span className={it.is_completed ? 'cad-draft__strike' : undefined}>{it.content}</span>
        {it.is_completed ? <span> ✓ Completed</span> : null}
        {it.assignee_name ? <small> Assigned to {it.assignee_name}</small> : null}
        {it.source_author_name ? <small> · from {it.source_author_name}'s report</small> : null}
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
        {extra?.(it)}
      </div>
    </li>
  )
}

/**
 * The brief as readers get it, drawn once for the draft preview, its print, the review before
 * Send, the shared page and a frozen edition: the header (organisation, sent date or 'Draft',
 * 'Weekly Report', week, author), title and summary, project health, 'Since last week', the
 * sections in the editor's order with their items by project, 'End of Report'.
 */
function ReportMemo({
  brief,
  weekRange,
  changes,
  edition,
  itemExtra,
  children,
  className,
}: ReportMemoProps) {
  const titled = Boolean(brief.title)
  // Headings never skip a level: sections sit under the title when there is one.
  const H = titled ? 'h3' : 'h2'
  const G = titled ? 'h4' : 'h3'
  return (
    <div className={cn('cad-memo', className)} data-slot="report-memo">
      <MemoHeader brief={brief} weekRange={weekRange} edition={edition} />
      {brief.title ? <h2 className="cad-memo__title cad-break">{brief.title}</h2> : null}
      {brief.summary ? <p className="cad-memo__summary cad-break">{brief.summary}</p> : null}
      {brief.project_health.length ? (
        <ProjectHealthTable
          rows={brief.project_health}
          headingLevel={titled ? 3 : 2}
          className="cad-memo__health"
        />
      ) : null}
      <BriefAsks asks={brief.asks} headingLevel={titled ? 3 : 2} />
      <DecisionsThisWeek decisions={brief.decisions} headingLevel={titled ? 3 : 2} />
      <MetricsTable
        metrics={brief.metrics ?? []}
        week={brief.week_start_date}
        headingLevel={titled ? 3 : 2}
      />
      {changes ? (
        <SinceLastWeek
          changes={changes}
          variant="memo"
          headingLevel={3}
          className="cad-draft__since"
        />
      ) : null}
      {brief.sections.map((s) => {
        const check = s.section_type !== 'standard'
        const Icon = SECTION_ICON[s.section_type]
        return (
          <section key={s.id} className="cad-draft__section cad-memo__section">
            <H className="cad-draft__heading cad-memo__heading">
              <Icon size={16} aria-hidden className="cad-memo__icon" /> {s.section_name}
            </H>
            {check && s.content ? <p className="cad-break">{s.content}</p> : null}
            {s.items.length === 0 && !(check && s.content) ? (
              <p className="cad-screen__muted">None</p>
            ) : null}
            {groups(s.items).map((g) => (
              <div key={g.name ?? '-'} className="cad-memo__group">
                {g.name ? <G className="cad-draft__group">{g.name}</G> : null}
                <ul className="cad-draft__items">
                  {g.items.map((it) => (
                    <MemoItemRow key={it.id} it={it} check={check} extra={itemExtra} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        )
      })}
      <p className="cad-screen__muted cad-draft__end">End of Report</p>
      {children}
    </div>
  )
}

export type { MemoBrief, MemoItem, MemoSection, ReportMemoProps }
export { MemoHeader, memoBriefOf, ReportMemo }
