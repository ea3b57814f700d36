import { TriangleAlert as LucideTriangleAlert } from 'lucide-react'
import { cn } from '../lib/cn'
import { icon } from '../primitives/icon'
import type { Health, ProjectHealth } from '../types'

const TriangleAlert = /* @__PURE__ */ icon(LucideTriangleAlert)

/** One linked member's worse health of a project (the contract's TeamSignal). */
export type TeamSignal = NonNullable<ProjectHealth['team_signals']>[number]

type TeamSignalsProps = {
  /** A project's `team_signals`: linked members whose sent report calls it worse. */
  signals: TeamSignal[] | undefined
  /** A health in words (project-health.tsx's healthLabel, passed in: no import cycle). */
  label: (health: Health) => string
  className?: string
}

/** "Tom: At risk — 'vendor slipped'": one line a member, in words (never colour alone). */
export function teamSignalText(signal: TeamSignal, label: (health: Health) => string) {
  const note = signal.note?.trim()
  return `${signal.team_member_name}: ${label(signal.health)}${note ? ` — '${note}'` : ''}`
}

/**
 * Mismatched health on the executive's own health table: where a linked team member's sent report
 * of this week calls the project worse than the executive does. Nothing when no one does.
 */
function TeamSignals({ signals, label, className }: TeamSignalsProps) {
  if (!signals?.length) return null
  return (
    <ul className={cn('cad-team-signals', className)} aria-label="Your team calls this worse">
      {signals.map((s) => (
        <li
          key={`${s.team_member_name}-${s.health}`}
          className="cad-team-signals__item cad-break"
          data-health={s.health}
        >
          <TriangleAlert size={12} aria-hidden className="cad-team-signals__icon" />
          <span>{teamSignalText(s, label)}</span>
        </li>
      ))}
    </ul>
  )
}

export type { TeamSignalsProps }
export { TeamSignals }
