import { paths } from '@cadence/core/paths'
import { HealthTimeline } from '../components/project-health'
import { WeekChangeCounts } from '../components/since-last-week'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { StatCard } from '../primitives/card'
import { EmptyState } from '../primitives/empty-state'
import { Link } from '../primitives/link'
import { PageSkeleton } from '../primitives/skeleton'
import type {
  PortfolioProject,
  Project,
  ProjectAnalytics,
  ProjectHealthWeek,
  ProjectUpdate,
  ProjectWeekChanges,
} from '../types'
import { PortfolioRow } from './projects-portfolio'

export type ProjectViewProps = {
  project: Project | null
  updates: ProjectUpdate[]
  /** While the project is being fetched: the page skeleton instead of 'Project not found'. */
  loading?: boolean
  /** Counts per report week (GET /api/projects/{uuid}/changes), shown in each week group. */
  weekChanges?: ProjectWeekChanges[]
  /** The health set on each report (GET /api/projects/{uuid}/health), newest first. */
  health?: ProjectHealthWeek[]
}

export function ProjectView({ project, updates, loading, weekChanges, health }: ProjectViewProps) {
  if (loading) return <PageSkeleton />
  if (!project) return <EmptyState title="Project not found" />
  const weeks = new Map<string, ProjectUpdate[]>()
  for (const u of [...updates].sort((a, b) => b.week_start_date.localeCompare(a.week_start_date))) {
    weeks.set(u.week_start_date, [...(weeks.get(u.week_start_date) ?? []), u])
  }
  const countsByWeek = new Map((weekChanges ?? []).map((w) => [w.week_start_date, w]))
  return (
    <div className="cad-screen">
      <h1 className="cad-screen__title">{project.name}</h1>
      <p className="cad-screen__muted">
        Created {formatDate(project.created_at)} · Updated {formatDate(project.updated_at)}
      </p>
      {health?.length ? (
        <HealthTimeline weeks={health} formatWeek={(week) => `Week of ${formatDate(week)}`} />
      ) : null}
      <h2>Project Updates Timeline</h2>
      {weeks.size === 0 ? <EmptyState title="No Updates Yet" /> : null}
      {[...weeks].map(([week, list]) => (
        <section key={week} className="cad-screen__block">
          <div className="cad-screen__head">
            <h3>Week of {formatDate(week)}</h3>
            <Link href={paths.report(list[0]?.report_uuid ?? list[0]?.report_id)}>View Report</Link>
          </div>
          <WeekChangeCounts counts={countsByWeek.get(week)} />
          <ul className="cad-screen__list">
            {list.map((u) => (
              <li key={u.id} className="cad-screen__row">
                <span>{u.content}</span>
                {u.item_type === 'task' ? (
                  <small className="cad-screen__muted">
                    {u.is_completed ? 'Completed' : 'In Progress'}
                  </small>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export type ProjectsOverviewViewProps = {
  /** GET /api/projects/portfolio: active projects, worst health first. */
  portfolio: PortfolioProject[]
  /** GET /api/projects/analytics: the four activity cards, after the portfolio (absent while loading). */
  analytics?: ProjectAnalytics
  loading?: boolean
  /** The empty state's next step: opens 'Add New Project'. */
  onAddProject?: () => void
}

/**
 * The projects overview as a portfolio: each active project's health with its why and trend,
 * its owner, its last update and its items, off track, at risk and stalled first.
 */
export function ProjectsOverviewView({
  portfolio,
  analytics,
  loading,
  onAddProject,
}: ProjectsOverviewViewProps) {
  if (loading) return <PageSkeleton />
  const count = (f: (p: PortfolioProject) => boolean) => portfolio.filter(f).length
  const summary = [
    [count((p) => p.health === 'off_track'), 'off track'],
    [count((p) => p.health === 'at_risk'), 'at risk'],
    [count((p) => p.stalled), 'without an update for 3 weeks or more'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`)
  return (
    <div className="cad-screen">
      <h1 className="cad-screen__title">Projects</h1>
      {portfolio.length === 0 ? (
        <EmptyState
          title="No Active Projects"
          description="Projects group report items so their health can be followed week by week."
          action={
            onAddProject ? (
              <Button variant="primary" onClick={onAddProject}>
                Add New Project
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <p className="cad-screen__muted cad-portfolio__summary">
            {portfolio.length} active {portfolio.length === 1 ? 'project' : 'projects'}
            {summary.length ? ` · ${summary.join(' · ')}` : ' · none at risk'}
          </p>
          <ul className="cad-portfolio" aria-label="Active projects, worst first">
            {portfolio.map((p) => (
              <PortfolioRow key={p.uuid} p={p} />
            ))}
          </ul>
        </>
      )}
      {analytics ? <ActivityCards analytics={analytics} /> : null}
    </div>
  )
}

/**
 * The overview's four activity cards: kept (the product names them) but after the portfolio and
 * quiet, since health, not the number of updates, is what an executive reads first.
 */
function ActivityCards({ analytics }: { analytics: ProjectAnalytics }) {
  const n = analytics.total_active_projects
  return (
    <section className="cad-portfolio__activity" aria-labelledby="cad-portfolio-activity">
      <h2 id="cad-portfolio-activity" className="cad-portfolio__activity-title">
        Activity
      </h2>
      <div className="cad-screen__stats">
        <StatCard label="Active Projects" value={n} />
        <StatCard label="Updates (30 days)" value={analytics.total_recent_activity} />
        <StatCard label="Tasks (30 days)" value={analytics.total_tasks_last_30_days} />
        <StatCard
          label="Avg per Project"
          value={n ? Math.round(analytics.total_recent_activity / n) : 0}
        />
      </div>
    </section>
  )
}
