import { HealthTimeline } from '../components/project-health'
import { WeekChangeCounts } from '../components/since-last-week'
import { formatDate } from '../lib/dates'
import { StatCard } from '../primitives/card'
import { EmptyState } from '../primitives/empty-state'
import { Link } from '../primitives/link'
import { PageSkeleton } from '../primitives/skeleton'
import type {
  Project,
  ProjectAnalytics,
  ProjectHealthWeek,
  ProjectUpdate,
  ProjectWeekChanges,
} from '../types'

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
            <Link href={`/reports/${list[0]?.report_uuid ?? list[0]?.report_id}`}>View Report</Link>
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
  analytics: ProjectAnalytics
  projects: Project[]
  loading?: boolean
}

export function ProjectsOverviewView({ analytics, projects, loading }: ProjectsOverviewViewProps) {
  if (loading) return <PageSkeleton />
  const active = projects.filter((p) => p.status === 'active')
  const n = analytics.total_active_projects
  return (
    <div className="cad-screen">
      <h1 className="cad-screen__title">Projects</h1>
      <div className="cad-screen__stats">
        <StatCard label="Active Projects" value={n} />
        <StatCard label="Updates (30 days)" value={analytics.total_recent_activity} />
        <StatCard label="Tasks (30 days)" value={analytics.total_tasks_last_30_days} />
        <StatCard
          label="Avg per Project"
          value={n ? Math.round(analytics.total_recent_activity / n) : 0}
        />
      </div>
      {active.length === 0 ? (
        <EmptyState title="No Active Projects" />
      ) : (
        <ul className="cad-screen__list">
          {active.map((p) => (
            <li key={p.uuid} className="cad-screen__row">
              <Link href={`/projects/${p.uuid}`}>{p.name}</Link>
              <small className="cad-screen__muted">{p.total_references} updates</small>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
