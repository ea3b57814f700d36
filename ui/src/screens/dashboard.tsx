import { paths } from '@cadence/core/paths'
import * as React from 'react'
import { ItemAgeChip } from '../components/age-chip'
import { NeedsYouPanel } from '../components/needs-you'
import type { AgeOptional } from '../lib/ageing'
import { formatDate, toIsoDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { Card, CardContent, CardHeader, CardTitle } from '../primitives/card'
import { Checkbox } from '../primitives/checkbox'
import { EmptyState } from '../primitives/empty-state'
import { Link } from '../primitives/link'
import { SegmentedControl } from '../primitives/segmented-control'
import { PageSkeleton } from '../primitives/skeleton'
import type { DashboardData, Report, SectionItem, SectionItemWithReport } from '../types'
import { HealthStrip, Person, ReportRef, WaitingOn } from './dashboard-parts'

type Who = Pick<
  DashboardData['activeTasks'][number],
  'assignee_uuid' | 'assignee_name' | 'project_uuid' | 'project_name'
>

/**
 * An open task or follow-up of the dashboard, with the report it sits in and, where the answer
 * has them, its assignee and project.
 */
export type DashboardItem = AgeOptional<SectionItemWithReport> & Partial<Who>

/**
 * GET /api/dashboard as the view takes it (its items' ageing optional: AgeOptional; the health
 * strip and 'Waiting on' drawn when given).
 */
export type DashboardViewData = Omit<
  DashboardData,
  | 'activeTasks'
  | 'activeFollowups'
  | 'activeTasksTotal'
  | 'activeFollowupsTotal'
  | 'projectHealth'
  | 'waitingOn'
  | 'needsYou'
> & {
  activeTasks: DashboardItem[]
  activeFollowups: DashboardItem[]
  /** How many open items there are when the lists hold only the first of them. */
  activeTasksTotal?: number
  activeFollowupsTotal?: number
  projectHealth?: DashboardData['projectHealth']
  waitingOn?: DashboardData['waitingOn']
  /** 'Needs you', drawn first when given. */
  needsYou?: DashboardData['needsYou']
}

export type DashboardViewProps = {
  data: DashboardViewData
  onToggleItem: (item: DashboardItem, completed: boolean) => void
  onCreateReport: () => void
  /** ?sidebar=reports|projects|team: the Sidebar list view, rendered full-width instead. */
  listSlot?: React.ReactNode
  loading?: boolean
  /**
   * Order of Active Tasks and Follow-ups by age (open_weeks): 'newest' first or 'oldest' first
   * (stalled items first). Controlled when given; otherwise the view keeps it ('oldest' at first).
   */
  sort?: AgeSort
  onSortChange?: (sort: AgeSort) => void
  /** Team roll-up: 'Assigned to me' (AssignedToMe), above the user's own open items. */
  assigned?: React.ReactNode
  /** 'Needs you': marks readers' answers seen; dismisses a reader's question. */
  onAnswersSeen?: (ids: number[]) => void
  onDismissQuestion?: (id: number) => void
  /** The rest of a list the answer holds the first items of ('+N more'). */
  onShowRest?: (kind: 'task' | 'followup') => void
  /** Today ('YYYY-MM-DD'); the local date when not given. */
  today?: string
}

export type AgeSort = 'newest' | 'oldest'

const AGE_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest first' },
] as const

/** Stable: items of the same age keep the server's order. */
export function sortByAge<T extends Partial<Pick<SectionItem, 'open_weeks'>>>(
  items: T[],
  sort: AgeSort,
): T[] {
  const dir = sort === 'oldest' ? -1 : 1
  return [...items].sort((a, b) => dir * ((a.open_weeks ?? 0) - (b.open_weeks ?? 0)))
}

/** The spec: the dashboard lists show five items each by default; '+N more' shows them all. */
const VISIBLE_ITEMS = 5

function ItemList({
  items,
  total = items.length,
  empty,
  onToggle,
  onShowRest,
}: {
  items: DashboardItem[]
  /** How many there are; the answer may hold fewer (the rest: `onShowRest`). */
  total?: number
  empty: string
  onToggle: DashboardViewProps['onToggleItem']
  onShowRest?: () => void
}) {
  const [expanded, setExpanded] = React.useState(false)
  if (items.length === 0) return <EmptyState title={empty} />
  const shown = expanded ? items : items.slice(0, VISIBLE_ITEMS)
  const count = Math.max(total, items.length)
  return (
    <ul className="cad-screen__list">
      {shown.map((it) => (
        <li key={it.id} className="cad-screen__row">
          <Checkbox
            checked={it.is_completed}
            aria-label={`Complete ${it.content}`}
            onCheckedChange={(v) => onToggle(it, v === true)}
          />
          <div className="cad-screen__grow">
            <div className={it.is_completed ? 'cad-dash__done' : undefined}>{it.content}</div>
            <div className="cad-dash__meta">
              {it.assignee_name ? (
                <Person
                  name={it.assignee_name}
                  href={it.assignee_uuid ? paths.teamMember(it.assignee_uuid) : undefined}
                />
              ) : null}
              {it.project_name && it.project_uuid ? (
                <Link href={paths.project(it.project_uuid)} className="cad-dash__project">
                  {it.project_name}
                </Link>
              ) : null}
              <ItemAgeChip item={it} />
              <ReportRef
                title={it.report_title}
                week={it.report_week_start_date}
                uuid={it.report_uuid}
              />
            </div>
          </div>
        </li>
      ))}
      {count > VISIBLE_ITEMS ? (
        <li>
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              if (!expanded && count > items.length) onShowRest?.()
              setExpanded(!expanded)
            }}
          >
            {expanded ? 'Show fewer' : `+${count - VISIBLE_ITEMS} more`}
          </Button>
        </li>
      ) : null}
    </ul>
  )
}

export function DashboardView({
  data,
  onToggleItem,
  onCreateReport,
  listSlot,
  loading,
  assigned,
  sort,
  onSortChange,
  onAnswersSeen,
  onDismissQuestion,
  onShowRest,
  today,
}: DashboardViewProps) {
  const [ownSort, setOwnSort] = React.useState<AgeSort>('oldest')
  if (loading) return <PageSkeleton />
  if (listSlot) return <div className="cad-screen">{listSlot}</div>
  const cur = data.currentWeekReport
  const order = sort ?? ownSort
  const setOrder = (next: AgeSort) => {
    if (sort === undefined) setOwnSort(next)
    onSortChange?.(next)
  }
  const hasOpen = data.activeTasks.length + data.activeFollowups.length > 0
  return (
    <div className="cad-screen">
      <div className="cad-screen__head">
        <h1 className="cad-screen__title">Dashboard</h1>
        {hasOpen ? (
          <SegmentedControl
            label="Sort open items"
            value={order}
            onValueChange={setOrder}
            options={AGE_SORT_OPTIONS}
          />
        ) : null}
      </div>
      {data.needsYou ? (
        <NeedsYouPanel
          data={data.needsYou}
          today={today ?? toIsoDate(new Date())}
          onCreateReport={onCreateReport}
          onAnswersSeen={onAnswersSeen}
          onDismissQuestion={onDismissQuestion}
        />
      ) : null}
      <HealthStrip rows={data.projectHealth ?? []} />
      {assigned}
      <WaitingOn
        groups={data.waitingOn ?? []}
        items={[...data.activeTasks, ...data.activeFollowups]}
      />
      <div className="cad-screen__grid2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Active Tasks</CardTitle>
          </CardHeader>
          <CardContent>
            <ItemList
              items={sortByAge(data.activeTasks, order)}
              total={data.activeTasksTotal}
              empty="No Active Tasks"
              onToggle={onToggleItem}
              onShowRest={onShowRest && (() => onShowRest('task'))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Follow-ups</CardTitle>
          </CardHeader>
          <CardContent>
            <ItemList
              items={sortByAge(data.activeFollowups, order)}
              total={data.activeFollowupsTotal}
              empty="No Pending Follow-ups"
              onToggle={onToggleItem}
              onShowRest={onShowRest && (() => onShowRest('followup'))}
            />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">This Week's Report</CardTitle>
        </CardHeader>
        <CardContent>
          {cur ? (
            <Link href={paths.report(cur.uuid)}>
              {cur.title || `Week of ${formatDate(cur.week_start_date)}`}
            </Link>
          ) : (
            <Button variant="primary" onClick={onCreateReport}>
              Create This Week's Report
            </Button>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Recent Reports</CardTitle>
        </CardHeader>
        <CardContent>
          <ReportLinks reports={data.recentReports} onCreateReport={onCreateReport} />
        </CardContent>
      </Card>
    </div>
  )
}

/**
 * Recent reports as links. Empty, 'No reports yet' with the next step: create one (when
 * `onCreateReport` is given).
 */
export function ReportLinks({
  reports,
  onCreateReport,
}: {
  reports: Report[]
  onCreateReport?: () => void
}) {
  if (reports.length === 0) {
    if (!onCreateReport) return <p className="cad-screen__muted">No reports yet</p>
    return (
      <EmptyState
        title="No reports yet"
        description="Each week's report is listed here once you create it."
        action={
          <Button size="sm" onClick={onCreateReport}>
            Create your first report
          </Button>
        }
      />
    )
  }
  return (
    <ul className="cad-screen__list">
      {reports.map((r) => (
        <li key={r.uuid} className="cad-screen__row">
          <Link href={paths.report(r.uuid)} className="cad-screen__grow">
            {r.title || `Week of ${formatDate(r.week_start_date)}`}
          </Link>
          <small className="cad-screen__muted cad-screen__num">
            {/* an untitled report already shows its week in the link */}
            {r.title ? `${formatDate(r.week_start_date)} · ` : ''}
            {r.is_submitted ? 'Sent' : 'Draft'}
          </small>
        </li>
      ))}
    </ul>
  )
}

export type ReportsOverviewViewProps = {
  onCreateReport: () => void
  recentReports?: Report[]
  loading?: boolean
}

export function ReportsOverviewView({
  onCreateReport,
  recentReports,
  loading,
}: ReportsOverviewViewProps) {
  if (loading) return <PageSkeleton />
  return (
    <div className="cad-screen">
      <h1 className="cad-screen__title">Reports</h1>
      <EmptyState
        title="No Current Week Report"
        action={
          <Button variant="primary" onClick={onCreateReport}>
            Create This Week's Report
          </Button>
        }
      />
      {recentReports?.length ? (
        <section className="cad-screen__block" aria-labelledby="reports-recent">
          <h2 id="reports-recent" className="cad-screen__subtitle">
            Recent Reports
          </h2>
          <ReportLinks reports={recentReports} />
        </section>
      ) : null}
    </div>
  )
}
