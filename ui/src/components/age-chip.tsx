import {
  CornerDownRight as LucideCornerDownRight,
  Hourglass as LucideHourglass,
} from 'lucide-react'
import { type AgeState, ageingSentence, showsAgeing } from '../lib/ageing'
import { icon } from '../primitives/icon'
import type { SectionItem } from '../types'

const CornerDownRight = /* @__PURE__ */ icon(LucideCornerDownRight)
const Hourglass = /* @__PURE__ */ icon(LucideHourglass)

type AgeChipProps = {
  /** Whole weeks open; without it only the chip's icon shows. */
  weeks?: number | null
  /** Amber, with an hourglass. */
  stalled?: boolean
  /** Came from an earlier report: a '↳' before the age. */
  carried?: boolean
  /** The long text of the tooltip and screen readers; 'open 3 weeks, stalled' by default. */
  label?: string
  /** Item rows: the status as an icon too (hourglass when stalled, '↳' when carried). */
  icon?: boolean
}

function defaultLabel(weeks: number | null, stalled: boolean) {
  const long =
    weeks === null
      ? 'open'
      : weeks === 0
        ? 'open less than a week'
        : `open ${weeks} week${weeks === 1 ? '' : 's'}`
  return stalled ? `${long}, stalled` : long
}

/**
 * A short age: '3w', or 'new' under a week; stalled in the warning colour (and, with `icon`, an
 * hourglass; carried, '↳'). The long text is the tooltip (title) and what screen readers read.
 */
function AgeChip({ weeks, stalled = false, carried = false, label, icon = false }: AgeChipProps) {
  const w = weeks === undefined || weeks === null ? null : Math.max(0, Math.floor(weeks))
  const long = label ?? defaultLabel(w, stalled)
  return (
    <span
      data-slot="age-chip"
      className="cad-age-chip"
      data-stalled={stalled ? 'true' : undefined}
      data-carried={carried ? 'true' : undefined}
      title={long}
    >
      <span className="cad-age-chip__short" aria-hidden="true">
        {icon && carried ? <CornerDownRight size={11} strokeWidth={2.25} /> : null}
        {icon && stalled ? <Hourglass size={11} strokeWidth={2.25} /> : null}
        {w === null ? null : w === 0 ? 'new' : `${w}w`}
      </span>
      <span className="cad-sr-only">{long}</span>
    </span>
  )
}

type ItemAgeChipProps = {
  item: Pick<SectionItem, 'item_type' | 'is_completed'> & AgeState
}

/**
 * How long an open task or follow-up has been open, as an AgeChip: '3w' amber when stalled, '↳'
 * when carried from an earlier report, the whole sentence ('Stalled, open 3 weeks, since the
 * report of Nov 2, …') in the tooltip and for screen readers. Nothing for standard or completed
 * items, or without ageing.
 */
function ItemAgeChip({ item }: ItemAgeChipProps) {
  if (!showsAgeing(item)) return null
  const sentence = ageingSentence(item)
  if (!sentence) return null
  return (
    <AgeChip
      weeks={item.open_weeks}
      stalled={Boolean(item.is_stalled)}
      carried={item.carried_from_item_id !== undefined && item.carried_from_item_id !== null}
      label={sentence}
      icon
    />
  )
}

export type { AgeChipProps, ItemAgeChipProps }
export { AgeChip, ItemAgeChip }
