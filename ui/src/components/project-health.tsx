import { CircleCheck, CircleDashed, OctagonX, TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { Badge } from '../primitives/badge'
import { Select } from '../primitives/select'
import type { Health, ProjectHealth, ProjectHealthWeek } from '../types'
import { TeamSignals } from './project-health-signals'

/** The longest 'why' a health may carry. */
export const HEALTH_NOTE_MAX = 280

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

type ProjectHealthPanelProps = {
  rows: ProjectHealth[]
  /** Sets a project's health and why; a rejection keeps what the user typed and says why. */
  onChange: (projectUuid: string, next: { health: Health; note: string | null }) => Promise<void>
  disabled?: boolean
}

/** One project's compact control on the report page: the health and one line of why. */
function HealthRow({
  row,
  onChange,
  disabled,
}: {
  row: ProjectHealth
  onChange: ProjectHealthPanelProps['onChange']
  disabled?: boolean
}) {
  const [note, setNote] = React.useState(row.note ?? '')
  const [error, setError] = React.useState<string | null>(null)
  React.useEffect(() => setNote(row.note ?? ''), [row.note])
  const save = async (health: Health | null, text: string) => {
    if (!health) return
    setError(null)
    try {
      await onChange(row.project_uuid, { health, note: text.trim() ? text.trim() : null })
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to save')
    }
  }
  const tooLong = note.length > HEALTH_NOTE_MAX
  return (
    <li className="cad-health-panel__row" data-health={row.health ?? 'unset'}>
      <span className="cad-health-panel__name cad-break">{row.project_name}</span>
      <Select
        aria-label={`Health of ${row.project_name}`}
        value={row.health ?? ''}
        placeholder="Set health"
        disabled={disabled}
        onValueChange={(value) => void save(value as Health, note)}
        options={HEALTH_VALUES.map((h) => ({ value: h, label: healthLabel(h) }))}
        className="cad-health-panel__select"
      />
      <input
        className="cad-input cad-health-panel__note"
        aria-label={`Why, for ${row.project_name}`}
        placeholder={row.health ? 'Why? (optional)' : 'Set a health first'}
        value={note}
        disabled={disabled || !row.health}
        maxLength={HEALTH_NOTE_MAX + 1}
        aria-invalid={tooLong || undefined}
        onChange={(e) => setNote(e.target.value)}
        onBlur={() => {
          if (!tooLong && note.trim() !== (row.note ?? '')) void save(row.health, note)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur()
          if (e.key === 'Escape') setNote(row.note ?? '')
        }}
      />
      <TeamSignals
        signals={row.team_signals}
        label={healthLabel}
        className="cad-health-panel__signals"
      />
      {tooLong ? (
        <p className="cad-form__error" role="alert">
          At most {HEALTH_NOTE_MAX} characters ({note.length} now).
        </p>
      ) : error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/**
 * The report page's health of every project with items this week: a health each (carried from
 * last week as the starting value) and an optional why. Hidden when the report has no projects.
 */
function ProjectHealthPanel({ rows, onChange, disabled }: ProjectHealthPanelProps) {
  const id = React.useId()
  if (rows.length === 0) return null
  return (
    <section className="cad-card cad-health-panel" aria-labelledby={id}>
      <h2 id={id} className="cad-health-panel__title">
        Project health
      </h2>
      <ul className="cad-health-panel__rows">
        {rows.map((row) => (
          <HealthRow key={row.project_uuid} row={row} onChange={onChange} disabled={disabled} />
        ))}
      </ul>
    </section>
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

export type { ProjectHealthPanelProps, ProjectHealthTableProps }
export { HealthBadge, HealthTimeline, ProjectHealthPanel, ProjectHealthTable }
