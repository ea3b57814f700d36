import { ArrowLeft, Check, FolderKanban, Printer } from 'lucide-react'
import * as React from 'react'
import { ItemAgeing } from '../components/item-row'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { EmptyState } from '../primitives/empty-state'
import { Link } from '../primitives/link'
import { PageSkeleton } from '../primitives/skeleton'
import type { MemberEntry, Project, SectionItemWithReport, TeamMemberPrep } from '../types'

export type PrepareOneOnOneViewProps = {
  /** GET /api/team-members/{uuid}/prep; null shows 'Team member not found'. */
  data: TeamMemberPrep | null
  /** While the prep is being fetched: the page skeleton instead of 'Team member not found'. */
  loading?: boolean
  /** For the project tags of talking points and standalone entries. */
  projects?: Project[]
  /** Where 'Back to {name}' leads; the member's page (`/team-members/{uuid}`) by default. */
  backHref?: string
  /** Opens the browser's print dialog; the print stylesheet leaves out navigation and buttons. */
  onPrint: () => void
  /**
   * Covers (or uncovers) a pending talking point, as on the Talking Points tab
   * (PUT /api/team-members/talking-points/{id} with is_completed).
   */
  onToggleTalkingPoint: (entry: MemberEntry, covered: boolean) => void
}

function PrepSection({
  title,
  count,
  empty,
  children,
}: {
  title: string
  count: number
  empty: string
  children: React.ReactNode
}) {
  return (
    <section className="cad-prep__section" data-print="section" aria-label={title}>
      <h2 className="cad-prep__heading">
        {title}
        <span className="cad-prep__count">{count}</span>
      </h2>
      {count === 0 ? <p className="cad-prep__empty">{empty}</p> : children}
    </section>
  )
}

function ProjectTag({ id, projects }: { id: number | null; projects: Project[] }) {
  const project = id === null ? undefined : projects.find((p) => p.id === id)
  if (!project) return null
  return (
    <span className="cad-tag">
      <FolderKanban size={12} aria-hidden />
      {project.name}
    </span>
  )
}

function AssignedList({
  items,
  projects,
}: {
  items: SectionItemWithReport[]
  projects: Project[]
}) {
  return (
    <ul className="cad-prep__list">
      {items.map((it) => (
        <li key={it.id} className="cad-prep__row">
          <span className="cad-prep__box" aria-hidden />
          <div className="cad-prep__body">
            <span className="cad-prep__content">{it.content}</span>
            <span className="cad-prep__meta">
              {it.report_uuid ? (
                <Link href={`/reports/${it.report_uuid}`} className="cad-prep__report">
                  {it.report_title ||
                    (it.report_week_start_date
                      ? `Week of ${formatDate(it.report_week_start_date)}`
                      : 'Weekly Report')}
                </Link>
              ) : null}
              {it.report_week_start_date && it.report_title ? (
                <span>week of {formatDate(it.report_week_start_date)}</span>
              ) : null}
              <ProjectTag id={it.project_id} projects={projects} />
              <ItemAgeing item={it} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}

function EntryList({ entries, projects }: { entries: MemberEntry[]; projects: Project[] }) {
  return (
    <ul className="cad-prep__list">
      {entries.map((en) => (
        <li key={en.id} className="cad-prep__row">
          <span className="cad-prep__box" aria-hidden />
          <div className="cad-prep__body">
            <span className="cad-prep__content">{en.content}</span>
            <span className="cad-prep__meta">
              <ProjectTag id={en.project_id} projects={projects} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}

type Completed = TeamMemberPrep['completedSince']

/**
 * What the member completed since the last 1:1 (the day talking points were last covered), or in
 * the last two weeks when none was: report items with their report, and their own entries.
 */
function CompletedSince({ data, projects }: { data: Completed; projects: Project[] }) {
  const count = data.assigned.length + data.standalone.length
  const title = data.last_one_on_one
    ? `Completed since the last 1:1 (${formatDate(data.since)})`
    : 'Completed in the last two weeks'
  return (
    <PrepSection title={title} count={count} empty="Nothing completed since then">
      <ul className="cad-prep__list">
        {data.assigned.map((it) => (
          <li key={`i${it.id}`} className="cad-prep__row cad-prep__row--done">
            <Check size={14} aria-hidden className="cad-prep__check" />
            <div className="cad-prep__body">
              <span className="cad-prep__content">{it.content}</span>
              <span className="cad-prep__meta">
                <span>{it.item_type === 'followup' ? 'Follow-up' : 'Task'}</span>
                {it.report_uuid ? (
                  <Link href={`/reports/${it.report_uuid}`} className="cad-prep__report">
                    {it.report_title ||
                      (it.report_week_start_date
                        ? `Week of ${formatDate(it.report_week_start_date)}`
                        : 'Weekly Report')}
                  </Link>
                ) : null}
                <ProjectTag id={it.project_id} projects={projects} />
              </span>
            </div>
          </li>
        ))}
        {data.standalone.map((en) => (
          <li key={`e${en.id}`} className="cad-prep__row cad-prep__row--done">
            <Check size={14} aria-hidden className="cad-prep__check" />
            <div className="cad-prep__body">
              <span className="cad-prep__content">{en.content}</span>
              <span className="cad-prep__meta">
                <span>Standalone</span>
                <ProjectTag id={en.project_id} projects={projects} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </PrepSection>
  )
}

/**
 * Everything to go through in a 1:1 with a team member, on one printable page: pending talking
 * points (checkable), those covered last time, what they completed since, their open assigned tasks and follow-ups with the
 * report they came from and their age, and their standalone tasks and follow-ups.
 */
export function PrepareOneOnOneView({
  data,
  loading,
  projects = [],
  backHref,
  onPrint,
  onToggleTalkingPoint,
}: PrepareOneOnOneViewProps) {
  const titleId = React.useId()
  if (loading) return <PageSkeleton />
  if (!data) return <EmptyState title="Team member not found" />
  const m = data.teamMember
  return (
    <article className="cad-screen cad-prep" aria-labelledby={titleId}>
      <div className="cad-screen__head cad-no-print" data-print="hide">
        <Link href={backHref ?? `/team-members/${m.uuid}`} className="cad-prep__back">
          <ArrowLeft size={14} aria-hidden />
          Back to {m.name}
        </Link>
        <Button onClick={onPrint}>
          <Printer size={14} aria-hidden />
          Print
        </Button>
      </div>
      <header className="cad-prep__header">
        <h1 id={titleId} className="cad-screen__title">
          Prepare 1:1 with {m.name}
        </h1>
        <p className="cad-screen__muted">
          {m.title ? `${m.title} · ` : ''}
          {m.email}
        </p>
      </header>
      <div className="cad-prep__grid">
        <div className="cad-prep__column">
          <PrepSection
            title="Talking points"
            count={data.talkingPoints.length}
            empty="No pending talking points"
          >
            <ul className="cad-prep__list">
              {data.talkingPoints.map((tp) => (
                <li key={tp.id} className="cad-prep__row">
                  <Checkbox
                    checked={tp.is_completed}
                    aria-label={`Covered: ${tp.content}`}
                    onCheckedChange={(v) => onToggleTalkingPoint(tp, v === true)}
                  />
                  <div className="cad-prep__body">
                    <span
                      className="cad-prep__content"
                      data-completed={tp.is_completed || undefined}
                    >
                      {tp.content}
                    </span>
                    <span className="cad-prep__meta">
                      <ProjectTag id={tp.project_id} projects={projects} />
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </PrepSection>
          <PrepSection
            title="Covered last time"
            count={data.coveredLastTime.length}
            empty="Nothing was covered last time"
          >
            <ul className="cad-prep__list">
              {data.coveredLastTime.map((tp) => (
                <li key={tp.id} className="cad-prep__row cad-prep__row--done">
                  <Check size={14} aria-hidden className="cad-prep__check" />
                  <div className="cad-prep__body">
                    <span className="cad-prep__content">{tp.content}</span>
                    {tp.updated_at ? (
                      <span className="cad-prep__meta">
                        <span>covered {formatDate(tp.updated_at)}</span>
                      </span>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </PrepSection>
          <CompletedSince data={data.completedSince} projects={projects} />
        </div>
        <div className="cad-prep__column">
          <PrepSection
            title="Assigned tasks"
            count={data.assignedTasks.length}
            empty="No open assigned tasks"
          >
            <AssignedList items={data.assignedTasks} projects={projects} />
          </PrepSection>
          <PrepSection
            title="Assigned follow-ups"
            count={data.assignedFollowups.length}
            empty="No open assigned follow-ups"
          >
            <AssignedList items={data.assignedFollowups} projects={projects} />
          </PrepSection>
          <PrepSection
            title="Standalone tasks"
            count={data.standaloneTasks.length}
            empty="No standalone tasks"
          >
            <EntryList entries={data.standaloneTasks} projects={projects} />
          </PrepSection>
          <PrepSection
            title="Standalone follow-ups"
            count={data.standaloneFollowups.length}
            empty="No standalone follow-ups"
          >
            <EntryList entries={data.standaloneFollowups} projects={projects} />
          </PrepSection>
        </div>
      </div>
    </article>
  )
}

/** The same view under the name the issue gives it. */
export const PrepareOneOnOne = PrepareOneOnOneView
