import { paths } from '@cadence/core/paths'
import {
  ChevronRight as LucideChevronRight,
  FileText as LucideFileText,
  FolderKanban as LucideFolderKanban,
  MessageCircleQuestion as LucideMessageCircleQuestion,
  Plus as LucidePlus,
  Users as LucideUsers,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { formatDate, formatWeekRange, groupReportsForSidebar } from '../lib/dates'
import { StatusBadge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import { Link } from '../primitives/link'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../primitives/tabs'
import type { Project, Report, TeamMember, Weekday } from '../types'
import { AddProjectDialog } from './add-project-dialog'

const ChevronRight = /* @__PURE__ */ icon(LucideChevronRight)
const FileText = /* @__PURE__ */ icon(LucideFileText)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const MessageCircleQuestion = /* @__PURE__ */ icon(LucideMessageCircleQuestion)
const Plus = /* @__PURE__ */ icon(LucidePlus)
const Users = /* @__PURE__ */ icon(LucideUsers)

type SidebarTab = 'reports' | 'projects' | 'team'

type SidebarProps = {
  tab: SidebarTab
  onTabChange: (tab: SidebarTab) => void
  reports: Report[]
  projects: Project[]
  members: TeamMember[]
  startDay?: Weekday
  endDay?: Weekday
  /** 'Today' for the this-week and recent groups; defaults to now. */
  today?: Date
  /** uuid of the report, project or member on screen, highlighted in its list. */
  activeUuid?: string
  onAddReport: () => void
  onAddTeamMember: () => void
  /** Creates a project from the 'Add New Project' modal. */
  onAddProject: (name: string) => void | Promise<void>
  /** Called after a link is followed, e.g. to close the mobile slide-over. */
  onNavigate?: () => void
  /** Report uuid → readers' questions not seen yet, shown on the report's entry. */
  newQuestions?: Readonly<Record<string, number>>
  className?: string
}

function byName<T extends { name: string }>(a: T, b: T) {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })
}

function ReportEntry({
  report,
  startDay,
  endDay,
  active,
  onNavigate,
  questions = 0,
}: {
  report: Report
  startDay: Weekday
  endDay: Weekday
  active: boolean
  onNavigate?: () => void
  /** Readers' questions not seen yet. */
  questions?: number
}) {
  return (
    <li>
      <Link
        href={paths.report(report.uuid)}
        className="cad-sidenav__entry"
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        <span className="cad-sidenav__entry-row">
          <span className="cad-sidenav__entry-title">
            {report.title?.trim() || 'Untitled Report'}
          </span>
          {questions > 0 ? (
            <span className="cad-sidenav__questions" title={`${questions} new questions`}>
              <MessageCircleQuestion size={12} aria-hidden />
              <span aria-hidden>{questions}</span>
              <span className="cad-sr-only">
                {questions === 1 ? '1 new question' : `${questions} new questions`}
              </span>
            </span>
          ) : null}
          <StatusBadge status={report.is_submitted ? 'submitted' : 'draft'} />
        </span>
        <span className="cad-sidenav__entry-sub cad-tabular">
          {formatWeekRange(report.week_start_date, startDay, endDay)}
        </span>
      </Link>
    </li>
  )
}

function Bucket({
  label,
  children,
  count,
}: {
  label: string
  count: number
  children: React.ReactNode
}) {
  const [open, setOpen] = React.useState(false)
  const id = React.useId()
  return (
    <div className="cad-sidenav__bucket" data-slot="sidebar-bucket">
      <button
        type="button"
        className="cad-sidenav__bucket-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <ChevronRight size={14} aria-hidden className="cad-sidenav__chevron" />
        <span>{label}</span>
        <span className="cad-sidenav__count cad-tabular">{count}</span>
      </button>
      {open && (
        <ul className="cad-sidenav__list" id={id}>
          {children}
        </ul>
      )}
    </div>
  )
}

/** What every list's entries need: which one is on screen, and what a followed link does. */
type Current = { activeUuid?: string; onNavigate?: () => void }

/** The Reports tab: this week's report, the recent ones, then older ones in closed buckets. */
function ReportsPanel({
  reports,
  weeks,
  current,
  newQuestions,
  onAddReport,
}: {
  reports: Report[]
  weeks: { startDay: Weekday; endDay: Weekday; today?: Date }
  current: Current
  newQuestions?: Readonly<Record<string, number>>
  onAddReport: () => void
}) {
  const groups = groupReportsForSidebar(reports, weeks.today ?? new Date(), weeks.startDay)
  const entry = (r: Report) => (
    <ReportEntry
      key={r.uuid}
      report={r}
      startDay={weeks.startDay}
      endDay={weeks.endDay}
      active={r.uuid === current.activeUuid}
      onNavigate={current.onNavigate}
      questions={newQuestions?.[r.uuid]}
    />
  )
  return (
    <TabsContent value="reports" className="cad-sidenav__panel">
      <Button variant="secondary" size="sm" className="cad-sidenav__add" onClick={onAddReport}>
        <Plus size={14} aria-hidden /> Add New Report
      </Button>
      {reports.length === 0 ? (
        <p className="cad-sidenav__empty">No reports yet</p>
      ) : (
        <>
          <h3 className="cad-sidenav__heading cad-sidenav__heading--this-week">This Week</h3>
          {groups.thisWeek ? (
            <ul className="cad-sidenav__list">{entry(groups.thisWeek)}</ul>
          ) : (
            <p className="cad-sidenav__note">No report for this week</p>
          )}
          {groups.recent.length > 0 && (
            <>
              <h3 className="cad-sidenav__heading">Recent Reports</h3>
              <ul className="cad-sidenav__list">{groups.recent.map(entry)}</ul>
            </>
          )}
          {groups.buckets.map((b) => (
            <Bucket key={b.label} label={b.label} count={b.reports.length}>
              {b.reports.map(entry)}
            </Bucket>
          ))}
        </>
      )}
    </TabsContent>
  )
}

/** The Projects tab: active projects by name, and the 'Add New Project' modal. */
function ProjectsPanel({
  projects,
  current,
  onAddProject,
}: {
  projects: Project[]
  current: Current
  onAddProject: (name: string) => void | Promise<void>
}) {
  const [addingProject, setAddingProject] = React.useState(false)
  const activeProjects = projects.filter((p) => p.status === 'active').sort(byName)
  return (
    <TabsContent value="projects" className="cad-sidenav__panel">
      <Button
        variant="secondary"
        size="sm"
        className="cad-sidenav__add"
        onClick={() => setAddingProject(true)}
      >
        <Plus size={14} aria-hidden /> Add New Project
      </Button>
      {activeProjects.length === 0 ? (
        <p className="cad-sidenav__empty">No active projects</p>
      ) : (
        <ul className="cad-sidenav__list">
          {activeProjects.map((p) => (
            <li key={p.uuid}>
              <Link
                href={paths.project(p.uuid)}
                className="cad-sidenav__entry"
                aria-current={p.uuid === current.activeUuid ? 'page' : undefined}
                onClick={current.onNavigate}
              >
                <span className="cad-sidenav__entry-title">{p.name}</span>
                <span className="cad-sidenav__entry-sub cad-tabular">
                  Updated {formatDate(p.updated_at)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AddProjectDialog
        open={addingProject}
        onOpenChange={setAddingProject}
        onSubmit={onAddProject}
      />
    </TabsContent>
  )
}

/** The Team tab: team members by name. */
function TeamPanel({
  members,
  current,
  onAddTeamMember,
}: {
  members: TeamMember[]
  current: Current
  onAddTeamMember: () => void
}) {
  const sortedMembers = [...members].sort(byName)
  return (
    <TabsContent value="team" className="cad-sidenav__panel">
      <Button variant="secondary" size="sm" className="cad-sidenav__add" onClick={onAddTeamMember}>
        <Plus size={14} aria-hidden /> Add New Team Member
      </Button>
      {sortedMembers.length === 0 ? (
        <p className="cad-sidenav__empty">No team members yet</p>
      ) : (
        <ul className="cad-sidenav__list">
          {sortedMembers.map((m) => (
            <li key={m.uuid}>
              <Link
                href={paths.teamMember(m.uuid)}
                className="cad-sidenav__entry"
                aria-current={m.uuid === current.activeUuid ? 'page' : undefined}
                onClick={current.onNavigate}
              >
                <span className="cad-sidenav__entry-title">{m.name}</span>
                {m.title && <span className="cad-sidenav__entry-sub">{m.title}</span>}
                {m.email ? <span className="cad-sidenav__entry-sub">{m.email}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </TabsContent>
  )
}

function Sidebar({
  tab,
  onTabChange,
  reports,
  projects,
  members,
  startDay = 'monday',
  endDay = 'friday',
  today,
  activeUuid,
  onAddReport,
  onAddTeamMember,
  onAddProject,
  onNavigate,
  newQuestions,
  className,
}: SidebarProps) {
  const current = { activeUuid, onNavigate }
  return (
    <Tabs
      value={tab}
      onValueChange={(v) => onTabChange(v as SidebarTab)}
      className={cn('cad-sidenav', className)}
      data-slot="sidebar"
    >
      <TabsList className="cad-sidenav__tabs" aria-label="Sidebar lists">
        <TabsTrigger value="reports">
          <FileText size={14} aria-hidden /> Reports
        </TabsTrigger>
        <TabsTrigger value="projects">
          <FolderKanban size={14} aria-hidden /> Projects
        </TabsTrigger>
        <TabsTrigger value="team">
          <Users size={14} aria-hidden /> Team
        </TabsTrigger>
      </TabsList>
      <ReportsPanel
        reports={reports}
        weeks={{ startDay, endDay, today }}
        current={current}
        newQuestions={newQuestions}
        onAddReport={onAddReport}
      />
      <ProjectsPanel projects={projects} current={current} onAddProject={onAddProject} />
      <TeamPanel members={members} current={current} onAddTeamMember={onAddTeamMember} />
    </Tabs>
  )
}

export type { SidebarProps, SidebarTab }
export { Sidebar }
