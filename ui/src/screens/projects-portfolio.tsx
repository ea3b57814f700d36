import { paths } from '@cadence/core/paths'
import { AgeChip } from '../components/age-chip'
import { HealthBadge, HealthTrend } from '../components/project-health'
import { formatDate } from '../lib/dates'
import { Link } from '../primitives/link'
import type { PortfolioProject } from '../types'
import { Person } from './dashboard-parts'

// The projects overview as a portfolio (ProjectsOverviewView, projects.tsx): one row per active
// project, worst health first, as GET /api/projects/portfolio orders them.

/** When its latest report item was, and a stalled chip once it has gone quiet for weeks. */
function LastUpdate({ p }: { p: PortfolioProject }) {
  if (!p.last_update) return <span className="cad-portfolio__none">No updates yet</span>
  return (
    <span className="cad-portfolio__updated">
      <span>Week of {formatDate(p.last_update)}</span>
      {p.stalled && p.weeks_since_update !== null ? (
        <AgeChip weeks={p.weeks_since_update} stalled />
      ) : null}
    </span>
  )
}

export function PortfolioRow({ p }: { p: PortfolioProject }) {
  return (
    <li
      className="cad-portfolio__row"
      data-health={p.health ?? 'unset'}
      data-stalled={p.stalled || undefined}
    >
      <div className="cad-portfolio__main">
        <HealthBadge health={p.health} />
        <div className="cad-portfolio__what">
          <Link href={paths.project(p.uuid)} className="cad-portfolio__name">
            {p.name}
          </Link>
          {p.note ? <span className="cad-portfolio__why cad-break">{p.note}</span> : null}
        </div>
      </div>
      <dl className="cad-portfolio__facts">
        <div>
          <dt>Trend</dt>
          <dd>
            <HealthTrend
              trend={p.trend}
              empty={<span className="cad-portfolio__none">No health yet</span>}
            />
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>
            {p.owner ? (
              <span
                title={
                  p.owner.source === 'set'
                    ? `Owner, set in Settings › Projects; holds ${p.owner.open_count} of its open items`
                    : `No owner set: the first assignee of its open items (${p.owner.open_count})`
                }
              >
                <Person name={p.owner.name} href={paths.teamMember(p.owner.uuid)} />
              </span>
            ) : (
              <span className="cad-portfolio__none">No one assigned</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Last update</dt>
          <dd>
            <LastUpdate p={p} />
          </dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd className="cad-screen__num">
            {p.open_count} open · {p.completed_count} done
          </dd>
        </div>
      </dl>
    </li>
  )
}
