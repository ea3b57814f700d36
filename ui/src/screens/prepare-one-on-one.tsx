import { paths } from '@cadence/core/paths'
import {
  ArrowLeft as LucideArrowLeft,
  Check as LucideCheck,
  FolderKanban as LucideFolderKanban,
  Printer as LucidePrinter,
} from 'lucide-react'
import * as React from 'react'
import { ItemAgeChip } from '../components/age-chip'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { EmptyState } from '../primitives/empty-state'
import { icon } from '../primitives/icon'
import { Link } from '../primitives/link'
import { PageSkeleton } from '../primitives/skeleton'
import type { MemberEntry, Project, SectionItemWithReport, TeamMemberPrep } from '../types'

const ArrowLeft = /* @__PURE__ */ icon(LucideArrowLeft)
const Check = /* @__PURE__ */ icon(LucideCheck)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const Printer = /* @__PURE__ */ icon(LucidePrinter)

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
                <Link href={paths.report(it.report_uuid)} className="cad-prep__report">
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
              <ItemAgeChip item={it} />
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
                  <Link href={paths.report(it.report_uuid)} className="cad-prep__report">
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

/** 'Back to {name}', Print, and the page's title with the member's title and e-mail. */
function PrepHeader({
  member,
  titleId,
  backHref,
  onPrint,
}: {
  member: TeamMemberPrep['teamMember']
  titleId: string
  backHref?: string
  onPrint: () => void
}) {
  return (
    <>
      <div className="cad-screen__head cad-no-print" data-print="hide">
        <Link href={backHref ?? paths.teamMember(member.uuid)} className="cad-prep__back">
          <ArrowLeft size={14} aria-hidden />
          Back to {member.name}
        </Link>
        <Button onClick={onPrint}>
          <Printer size={14} aria-hidden />
          Print
        </Button>
      </div>
      <header className="cad-prep__header">
        <h1 id={titleId} className="cad-screen__title">
          Prepare 1:1 with {member.name}
        </h1>
        <p className="cad-screen__muted">
          {member.title ? `${member.title} · ` : ''}
          {member.email}
        </p>
      </header>
    </>
  )
}

/** The pending talking points, each checkable as covered. */
function TalkingPoints({
  points,
  projects,
  onToggle,
}: {
  points: MemberEntry[]
  projects: Project[]
  onToggle: PrepareOneOnOneViewProps['onToggleTalkingPoint']
}) {
  return (
    <PrepSection title="Talking points" count={points.length} empty="No pending talking points">
      <ul className="cad-prep__list">
        {points.map((tp) => (
          <li key={tp.id} className="cad-prep__row">
            <Checkbox
              checked={tp.is_completed}
              aria-label={`Covered: ${tp.content}`}
              onCheckedChange={(v) => onToggle(tp, v === true)}
            />
            <div className="cad-prep__body">
              <span className="cad-prep__content" data-completed={tp.is_completed || undefined}>
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
  )
}

/** The talking points covered at the last 1:1, with when. */
function CoveredLastTime({ points }: { points: MemberEntry[] }) {
  return (
    <PrepSection
      title="Covered last time"
      count={points.length}
      empty="Nothing was covered last time"
    >
      <ul className="cad-prep__list">
        {points.map((tp) => (
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
  )
}

/** The right column: open assigned tasks and follow-ups, then the standalone ones. */
function OpenWork({ data, projects }: { data: TeamMemberPrep; projects: Project[] }) {
  return (
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
  return (
    <article className="cad-screen cad-prep" aria-labelledby={titleId}>
      <PrepHeader
        member={data.teamMember}
        titleId={titleId}
        backHref={backHref}
        onPrint={onPrint}
      />
      <div className="cad-prep__grid">
        <div className="cad-prep__column">
          <TalkingPoints
            points={data.talkingPoints}
            projects={projects}
            onToggle={onToggleTalkingPoint}
          />
          <CoveredLastTime points={data.coveredLastTime} />
          <CompletedSince data={data.completedSince} projects={projects} />
        </div>
        <OpenWork data={data} projects={projects} />
      </div>
    </article>
  )
}

/** The same view under the name the issue gives it. */
