// A project's health as pages show it: the badge, the words, the brief's table and the project's
// timeline. The report page's control that sets it (with a Select) is ./project-health-panel.
import {
  CircleCheck as LucideCircleCheck,
  CircleDashed as LucideCircleDashed,
  OctagonX as LucideOctagonX,
  TriangleAlert as LucideTriangleAlert,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { formatDate } from '../lib/dates'
import { Badge } from '../primitives/badge'
import { icon } from '../primitives/icon'
import type { Health, ProjectHealth, ProjectHealthWeek } from '../types'

const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const CircleDashed = /* @__PURE__ */ icon(LucideCircleDashed)
const OctagonX = /* @__PURE__ */ icon(LucideOctagonX)
const TriangleAlert = /* @__PURE__ */ icon(LucideTriangleAlert)

/** Word, icon and tone of each health: the word and the icon carry it, never colour alone. */
const HEALTH_META = {
  on_track: { label: 'On track', tone: 'success', Icon: CircleCheck },
  at_risk: { label: 'At risk', tone: 'warning', Icon: TriangleAlert },
  off_track: { label: 'Off track', tone: 'danger', Icon: OctagonX },
} as const
const UNSET = { label: 'Not set', tone: 'neutral', Icon: CircleDashed } as const

export const HEALTH_VALUES: Health[] = ['on_track', 'at_risk', 'off_track']
export const healthLabel = (health: Health | null) => (health ? HEALTH_META[health] : UNSET).label

/** On track, At risk, Off track (or Not set) with its icon and colour. */
function HealthBadge({ health, className }: { health: Health | null; className?: string }) {
  const { label, tone, Icon } = health ? HEALTH_META[health] : UNSET
  return (
    <Badge tone={tone} className={cn('cad-health', className)} data-health={health ?? 'unset'}>
      <Icon size={12} aria-hidden />
      {label}
    </Badge>
  )
}

const RANK: Record<Health, number> = { on_track: 0, at_risk: 1, off_track: 2 }

/** 'Since last week', in words: New, No change, Better (was At risk), Worse (was On track). */
export function healthChange(row: Pick<ProjectHealth, 'health' | 'previous_health'>) {
  const { health, previous_health: before } = row
  if (!before) return health ? 'New' : '—'
  if (!health || health === before) return 'No change'
  return `${RANK[health] < RANK[before] ? 'Better' : 'Worse'} (was ${healthLabel(before)})`
}

type ProjectHealthTableProps = {
  rows: ProjectHealth[]
  /** The heading's level where the table sits (the draft and the shared page differ). */
  headingLevel?: 2 | 3
  className?: string
}

/**
 * The table a brief opens with: one row per project with items this week. Nothing at all when the
 * report has no projects. Reads on paper: no colour is needed to tell the rows apart.
 */
function ProjectHealthTable({ rows, headingLevel = 2, className }: ProjectHealthTableProps) {
  const id = React.useId()
  if (rows.length === 0) return null
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={cn('cad-health-table', className)}>
      <H id={id} className="cad-health-table__title">
        Project health
      </H>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <section className="cad-health-table__scroll" aria-labelledby={id} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Health</th>
              <th scope="col">Why</th>
              <th scope="col" className="cad-health-table__num">
                Open
              </th>
              <th scope="col" className="cad-health-table__num">
                Completed
              </th>
              <th scope="col">Since last week</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.project_uuid}>
                <th scope="row" className="cad-break">
                  {row.project_name}
                  {row.open_count + row.completed_count === 0 ? (
                    // Kept because it was in trouble: its health is carried (issue 46).
                    <span className="cad-health-table__quiet">No items this week</span>
                  ) : null}
                </th>
                <td>
                  <HealthBadge health={row.health} />
                </td>
                <td className="cad-break">{row.note || '—'}</td>
                <td className="cad-health-table__num">{row.open_count}</td>
                <td className="cad-health-table__num">{row.completed_count}</td>
                <td>{healthChange(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}

/** Week by week on the project page: a small timeline with each week's health and why. */
function HealthTimeline({
  weeks,
  formatWeek,
}: {
  weeks: ProjectHealthWeek[]
  formatWeek: (weekStartDate: string) => string
}) {
  const id = React.useId()
  return (
    <section className="cad-health-timeline" aria-labelledby={id}>
      <h2 id={id} className="cad-health-timeline__title">
        Health by week
      </h2>
      {weeks.length === 0 ? (
        <p className="cad-screen__muted">No health set yet. Set it on a report's Project health.</p>
      ) : (
        <ol className="cad-health-timeline__weeks">
          {weeks.map((w) => (
            <li key={w.week_start_date} className="cad-health-timeline__week">
              <span className="cad-health-timeline__date">{formatWeek(w.week_start_date)}</span>
              <HealthBadge health={w.health} />
              {w.note ? (
                <span className="cad-health-timeline__note cad-break">{w.note}</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export type { ProjectHealthTableProps }
export { HealthBadge, HealthTimeline, ProjectHealthTable }

/**
 * The last weeks' health as small squares, oldest first; the words are for screen readers
 * (the portfolio and 'Needs you'). `empty` stands in when there is no week yet.
 */
export function HealthTrend({
  trend,
  empty = null,
}: {
  trend: ReadonlyArray<{ week_start_date: string; health: Health }>
  empty?: React.ReactNode
}) {
  if (trend.length === 0) return empty
  const words = trend
    .map((t) => `${formatDate(t.week_start_date)}: ${healthLabel(t.health)}`)
    .join(', ')
  return (
    <span className="cad-portfolio__trend" title={words}>
      {trend.map((t) => (
        <span
          key={t.week_start_date}
          className="cad-portfolio__dot"
          data-health={t.health}
          aria-hidden
        />
      ))}
      <span className="cad-sr-only">Trend: {words}</span>
    </span>
  )
}
