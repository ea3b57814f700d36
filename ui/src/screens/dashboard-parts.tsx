import { paths } from '@cadence/core/paths'
import * as React from 'react'
import { AgeChip } from '../components/age-chip'
import { HealthBadge } from '../components/project-health'
import { formatDate } from '../lib/dates'
import { Avatar } from '../primitives/avatar'
import { Card, CardContent, CardHeader, CardTitle } from '../primitives/card'
import { Link } from '../primitives/link'
import type { DashboardData, Health } from '../types'

// Parts of DashboardView (dashboard.tsx): the project health strip, 'Waiting on', and the
// assignee, project and report of an open item.

type HealthRow = DashboardData['projectHealth'][number]
type WaitingGroup = DashboardData['waitingOn'][number]

/** A person's initials in a circle beside their name (the name is the accessible text). */
function Person({ name, href }: { name: string; href?: string }) {
  return (
    <span className="cad-dash__person" data-slot="assignee">
      <Avatar name={name} />
      {href ? <Link href={href}>{name}</Link> : <span>{name}</span>}
    </span>
  )
}

const HEALTHS: Health[] = ['off_track', 'at_risk', 'on_track']

/**
 * The current report's project health as three counts (Off track, At risk, On track); each opens
 * the list of the projects it counts, each a link to its page.
 */
function HealthStrip({ rows }: { rows: HealthRow[] }) {
  const [open, setOpen] = React.useState<Health | null>(null)
  const id = React.useId()
  if (rows.length === 0) return null
  const shown = open ? rows.filter((r) => r.health === open) : []
  return (
    <section className="cad-dash__health" aria-label="Project health" data-slot="health-strip">
      <div className="cad-dash__health-counts">
        {HEALTHS.map((health) => {
          const count = rows.filter((r) => r.health === health).length
          return (
            <button
              key={health}
              type="button"
              className="cad-dash__health-count"
              data-health={health}
              aria-expanded={open === health}
              aria-controls={open === health ? id : undefined}
              disabled={count === 0}
              onClick={() => setOpen(open === health ? null : health)}
            >
              <HealthBadge health={health} />
              <span className="cad-tabular cad-dash__health-n">{count}</span>
              <span className="cad-sr-only">{count === 1 ? 'project' : 'projects'}</span>
            </button>
          )
        })}
      </div>
      {open ? (
        <ul id={id} className="cad-dash__health-list">
          {shown.map((r) => (
            <li key={r.project_uuid}>
              <Link href={paths.project(r.project_uuid)}>{r.project_name}</Link>
              {r.note ? <span className="cad-screen__muted"> — {r.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

type WaitingItem = {
  id: number
  content: string
  open_weeks?: number
  is_stalled?: boolean
  is_completed: boolean
}

/** 'Waiting on': open items assigned to others, grouped by person, with their age. */
function WaitingOn({ groups, items }: { groups: WaitingGroup[]; items: WaitingItem[] }) {
  const byId = new Map(items.map((i) => [i.id, i]))
  const live = groups
    .map((g) => ({ ...g, rows: g.item_ids.flatMap((id) => byId.get(id) ?? []) }))
    .filter((g) => g.rows.length > 0)
  if (live.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Waiting on</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="cad-dash__waiting">
          {live.map((g) => (
            <li key={g.team_member_uuid} className="cad-dash__waiting-person">
              <div className="cad-dash__waiting-head">
                <Person name={g.name} href={paths.teamMember(g.team_member_uuid)} />
                <small className="cad-screen__muted">{`${g.rows.length} open`}</small>
              </div>
              <ul className="cad-dash__waiting-items">
                {g.rows.map((it) => (
                  <li key={it.id} className="cad-dash__waiting-item">
                    <span className={it.is_completed ? 'cad-dash__done' : undefined}>
                      {it.content}
                    </span>
                    <AgeChip weeks={it.open_weeks ?? 0} stalled={it.is_stalled} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/** The report an item sits in, quietly: its week as a link, the title in the tooltip. */
function ReportRef({ title, week, uuid }: { title: string | null; week: string; uuid: string }) {
  const full = `${title ?? 'Weekly Report'} · week of ${formatDate(week)}`
  return (
    <Link href={paths.report(uuid)} className="cad-dash__report" title={full} aria-label={full}>
      {formatDate(week).replace(/, \d{4}$/, '')}
    </Link>
  )
}

export { HealthStrip, Person, ReportRef, WaitingOn }
