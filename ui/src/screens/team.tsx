import { paths } from '@cadence/core/paths'
import * as React from 'react'
import { AgeChip } from '../components/age-chip'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { StatCard } from '../primitives/card'
import { Checkbox } from '../primitives/checkbox'
import { EmptyState } from '../primitives/empty-state'
import { Link } from '../primitives/link'
import { Select } from '../primitives/select'
import { PageSkeleton } from '../primitives/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../primitives/tabs'
import type { MemberEntry, Project, TeamMember, TeamMemberDashboard } from '../types'
import { ReportRef } from './dashboard-parts'

/**
 * What a member owes, the same words on the Team list and the member page (the 1:1 prep lists
 * the same open items): open talking points, and open tasks and follow-ups counting both those
 * assigned in reports and the standalone ones, with how many are in reports.
 */
export function memberCounts(m: TeamMember) {
  const part = (label: string, inReports: number, standalone: number) =>
    `${label} ${inReports + standalone}${inReports ? ` (${inReports} in reports)` : ''}`
  return [
    `Talking Points ${m.talking_points_count}`,
    part('Tasks', m.report_tasks_count, m.standalone_tasks_count),
    part('Follow-ups', m.report_followups_count, m.standalone_followups_count),
  ].join(' · ')
}

export type TeamOverviewViewProps = {
  members: TeamMember[]
  onAddMember: () => void
  loading?: boolean
  /** Team roll-up: where the team's sent reports are read (shown once someone is linked). */
  teamUpdatesHref?: string
}

export function TeamOverviewView({
  members,
  onAddMember,
  loading,
  teamUpdatesHref,
}: TeamOverviewViewProps) {
  if (loading) return <PageSkeleton />
  const tasks = members.reduce((s, m) => s + m.report_tasks_count + m.standalone_tasks_count, 0)
  const fus = members.reduce(
    (s, m) => s + m.report_followups_count + m.standalone_followups_count,
    0,
  )
  return (
    <div className="cad-screen">
      <div className="cad-screen__head">
        <h1 className="cad-screen__title">Team</h1>
        <div className="cad-screen__actions">
          {teamUpdatesHref && members.some((m) => m.linked_user_email) ? (
            <Button asChild>
              <Link href={teamUpdatesHref}>Team updates</Link>
            </Button>
          ) : null}
          <Button variant="primary" onClick={onAddMember}>
            Add Team Member
          </Button>
        </div>
      </div>
      <div className="cad-screen__stats">
        <StatCard label="Team Members" value={members.length} />
        <StatCard label="Active Tasks" value={tasks} />
        <StatCard label="Follow-ups" value={fus} />
      </div>
      {members.length === 0 ? (
        <EmptyState
          title="No Team Members"
          description="Add the people you work with to assign them items and prepare your 1:1s."
          action={
            // The same dialog as the header's button. Focused on click (not every browser does),
            // so the dialog gives focus back to it; once it adds someone this button is gone and
            // focus goes to the new member's link.
            <Button
              size="sm"
              data-focus-fallback="[data-slot='team-list'] a"
              onClick={(e) => {
                e.currentTarget.focus()
                onAddMember()
              }}
            >
              Add your first team member
            </Button>
          }
        />
      ) : (
        <ul className="cad-screen__list" data-slot="team-list">
          {members.map((m) => (
            <li key={m.uuid} className="cad-screen__row">
              <div>
                <Link href={paths.teamMember(m.uuid)}>{m.name}</Link>
                {m.title ? <small className="cad-screen__muted"> · {m.title}</small> : null}
                {m.linked_user_email ? (
                  <Badge tone="success" className="cad-team__linked">
                    Linked
                  </Badge>
                ) : null}
              </div>
              <small className="cad-screen__muted cad-screen__num cad-team__counts">
                {memberCounts(m)}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export type MemberEntryKind = 'talking-points' | 'tasks' | 'followups'

export type TeamMemberViewProps = {
  data: TeamMemberDashboard | null
  /** While the member is being fetched: the page skeleton instead of 'Team member not found'. */
  loading?: boolean
  projects: Project[]
  onAdd: (kind: MemberEntryKind, content: string, projectId: number | null) => void
  onToggle: (kind: MemberEntryKind, entry: MemberEntry, completed: boolean) => void
  onDelete: (kind: MemberEntryKind, entry: MemberEntry) => void
  /** 'Prepare 1:1' as a button calling back; `prepareOneOnOneHref` makes it a link instead. */
  onPrepareOneOnOne?: () => void
  /** The member's 1:1 prep page (e.g. `/team-members/{uuid}/prep`); wins over the callback. */
  prepareOneOnOneHref?: string
  /** Team roll-up: the member's Cadence account (MemberLink), under the heading. */
  link?: React.ReactNode
  /** Team roll-up: a linked member's sent reports (MemberUpdates), as a 'Sent reports' tab. */
  updates?: React.ReactNode
  /** A linked member's update this week and 'Nudge' (MemberNudge), under the link. */
  nudge?: React.ReactNode
}

/** Radix Select has no empty value: the 'No project' choice. */
const NO_PROJECT = 'none'

const PLACEHOLDERS: Record<MemberEntryKind, string> = {
  'talking-points': 'Add a talking point...',
  tasks: 'Add a task...',
  followups: 'Add a follow-up...',
}

const LABELS: Record<MemberEntryKind, [string, string]> = {
  'talking-points': ['covered', 'pending'],
  tasks: ['completed', 'pending'],
  followups: ['addressed', 'pending'],
}

function EntryTab(props: {
  kind: MemberEntryKind
  entries: MemberEntry[]
  projects: Project[]
  p: TeamMemberViewProps
}) {
  const { kind, entries, projects, p } = props
  const [content, setContent] = React.useState('')
  const [pid, setPid] = React.useState('')
  const [done, pending] = LABELS[kind]
  return (
    <div className="cad-screen__block">
      <form
        className="cad-screen__inline"
        onSubmit={(e) => {
          e.preventDefault()
          if (!content.trim()) return
          p.onAdd(kind, content.trim(), pid ? Number(pid) : null)
          setContent('')
        }}
      >
        <input
          className="cad-screen__input"
          aria-label="Content"
          placeholder={PLACEHOLDERS[kind]}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        <Select
          aria-label="Project"
          value={pid || NO_PROJECT}
          options={[
            { value: NO_PROJECT, label: 'No project' },
            ...projects.map((pr) => ({ value: String(pr.id), label: pr.name })),
          ]}
          onValueChange={(v) => setPid(v === NO_PROJECT ? '' : v)}
        />
        <Button type="submit" variant="primary">
          Add
        </Button>
      </form>
      <ul className="cad-screen__list">
        {entries.map((en) => (
          <li key={en.id} className="cad-screen__row">
            <Checkbox
              checked={en.is_completed}
              aria-label={`Toggle ${en.content}`}
              onCheckedChange={(v) => p.onToggle(kind, en, v === true)}
            />
            <span className="cad-screen__grow">{en.content}</span>
            <small className="cad-screen__muted">{en.is_completed ? done : pending}</small>
            <Button size="sm" variant="ghost" onClick={() => p.onDelete(kind, en)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}

type Assigned = TeamMemberDashboard['assignedTasks'][number]

/**
 * What is assigned to the member in reports (the newest copy of each carried item): open first,
 * oldest first among them, each with its age and the report it sits in.
 */
function InReports({ items }: { items: Assigned[] }) {
  const open = items.filter((i) => !i.is_completed).length
  const sorted = [...items].sort(
    (a, b) => Number(a.is_completed) - Number(b.is_completed) || b.open_weeks - a.open_weeks,
  )
  return (
    <section className="cad-team__in-reports" aria-labelledby="member-in-reports">
      <h2 id="member-in-reports" className="cad-screen__subtitle">
        Assigned in reports <span className="cad-screen__muted">({open} open)</span>
      </h2>
      {items.length === 0 ? (
        <p className="cad-screen__muted">Nothing assigned in reports</p>
      ) : (
        <ul className="cad-screen__list">
          {sorted.map((it) => (
            <li key={it.id} className="cad-screen__row">
              <span
                className={it.is_completed ? 'cad-dash__done cad-screen__grow' : 'cad-screen__grow'}
              >
                {it.content}
              </span>
              <small className="cad-screen__muted">
                {it.item_type === 'followup' ? 'Follow-up' : 'Task'}
                {it.is_completed ? ' · completed' : ''}
              </small>
              {it.is_completed ? null : <AgeChip weeks={it.open_weeks} stalled={it.is_stalled} />}
              <ReportRef
                title={it.report_title}
                week={it.report_week_start_date}
                uuid={it.report_uuid}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function TeamMemberView(p: TeamMemberViewProps) {
  if (p.loading) return <PageSkeleton />
  if (!p.data) return <EmptyState title="Team member not found" />
  const { teamMember: m, talkingPoints, standaloneTasks, standaloneFollowups } = p.data
  return (
    <div className="cad-screen">
      <div className="cad-screen__head">
        <div>
          <h1 className="cad-screen__title">{m.name}</h1>
          <p className="cad-screen__muted">
            {m.title ? `${m.title} · ` : ''}
            {m.email}
          </p>
        </div>
        {p.prepareOneOnOneHref ? (
          <Button asChild>
            <Link href={p.prepareOneOnOneHref}>Prepare 1:1</Link>
          </Button>
        ) : p.onPrepareOneOnOne ? (
          <Button onClick={p.onPrepareOneOnOne}>Prepare 1:1</Button>
        ) : null}
      </div>
      {p.link}
      {p.nudge}
      <p className="cad-screen__muted cad-screen__num">Open: {memberCounts(m)}</p>
      <InReports items={[...p.data.assignedTasks, ...p.data.assignedFollowups]} />
      <Tabs defaultValue="talking-points">
        <TabsList className="cad-team__tabs">
          <TabsTrigger value="talking-points">Talking Points ({talkingPoints.length})</TabsTrigger>
          <TabsTrigger value="tasks">Tasks ({standaloneTasks.length})</TabsTrigger>
          <TabsTrigger value="followups">Follow-ups ({standaloneFollowups.length})</TabsTrigger>
          {p.updates ? <TabsTrigger value="reports">Sent reports</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="talking-points">
          <EntryTab kind="talking-points" entries={talkingPoints} projects={p.projects} p={p} />
        </TabsContent>
        <TabsContent value="tasks">
          <EntryTab kind="tasks" entries={standaloneTasks} projects={p.projects} p={p} />
        </TabsContent>
        <TabsContent value="followups">
          <EntryTab kind="followups" entries={standaloneFollowups} projects={p.projects} p={p} />
        </TabsContent>
        {p.updates ? <TabsContent value="reports">{p.updates}</TabsContent> : null}
      </Tabs>
    </div>
  )
}
