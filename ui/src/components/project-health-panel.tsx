// The report page's control for each project's health and its why (a Select per project): apart
// from ./project-health so pages that only show a health do not load the Select.
import * as React from 'react'
import { Select } from '../primitives/select'
import type { Health, ProjectHealth } from '../types'
import { HEALTH_VALUES, healthLabel } from './project-health'
import { TeamSignals } from './project-health-signals'

/** The longest 'why' a health may carry. */
export const HEALTH_NOTE_MAX = 280

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

export type { ProjectHealthPanelProps }
export { ProjectHealthPanel }
