import { Gavel as LucideGavel } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { formatDate } from '../lib/dates'
import { icon } from '../primitives/icon'
import type { BriefDecision } from '../types'

const Gavel = /* @__PURE__ */ icon(LucideGavel)

type DecisionsThisWeekProps = {
  /** The brief's decisions dated in its week; nothing is drawn without any. */
  decisions?: BriefDecision[] | null
  /** The heading's level: 3 under a report title, else 2. */
  headingLevel?: 2 | 3
  className?: string
}

/**
 * 'Decided this week' of the brief (memo, shared page, frozen edition): what was decided, by whom,
 * on which day, the why and the date it will be revisited.
 */
function DecisionsThisWeek({ decisions, headingLevel = 2, className }: DecisionsThisWeekProps) {
  const id = React.useId()
  if (!decisions?.length) return null
  const H = headingLevel === 3 ? 'h3' : 'h2'
  return (
    <section
      className={cn('cad-brief-panel cad-decided', className)}
      aria-labelledby={id}
      data-slot="decisions-this-week"
    >
      <H id={id} className="cad-brief-panel__title">
        <Gavel size={16} aria-hidden className="cad-brief-panel__icon" /> Decided this week
      </H>
      <ul className="cad-brief-panel__list">
        {decisions.map((d) => (
          <li key={d.id} className="cad-brief-panel__item">
            <p className="cad-brief-panel__text cad-break">{d.title}</p>
            <p className="cad-decided__meta">
              {[
                d.decided_by_name,
                formatDate(d.decided_on),
                d.project_name,
                d.revisit_on ? `Revisit ${formatDate(d.revisit_on)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {d.rationale ? <p className="cad-decided__why cad-break">{d.rationale}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

export type { DecisionsThisWeekProps }
export { DecisionsThisWeek }
