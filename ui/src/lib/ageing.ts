import type { ItemType, SectionItem } from '../types'
import { addDays, MONTHS, parseIsoDate } from './dates'

/** How long an item has been open: what the ageing line is drawn from. */
type AgeKey = 'open_weeks' | 'origin_week_start_date'

type Ageing = Partial<Pick<SectionItem, AgeKey>>

/**
 * An item as the views that draw the ageing line take it (dashboard, report, 1:1 prep): the
 * contract's type with how long it has been open optional. The server always sends it; without
 * it (the stories' plain fixtures) no ageing is drawn.
 */
type AgeOptional<T extends Pick<SectionItem, AgeKey>> = Omit<T, AgeKey> & Partial<Pick<T, AgeKey>>

/** 'Nov 2', or 'Dec 29, 2025' when the origin lies in another year than the week it is seen in. */
function originLabel(originIso: string, openWeeks: number): string {
  const origin = parseIsoDate(originIso)
  const seen = addDays(origin, openWeeks * 7)
  const day = `${MONTHS[origin.getMonth()]} ${origin.getDate()}`
  return origin.getFullYear() === seen.getFullYear() ? day : `${day}, ${origin.getFullYear()}`
}

/**
 * How long an open task or follow-up has been open: 'new this week', 'open 1 week, since the
 * report of Nov 2', 'open 3 weeks, since the report of Nov 2'. Null for an item drawn without
 * its ageing (AgeOptional).
 */
function ageingLabel({ open_weeks, origin_week_start_date }: Ageing): string | null {
  if (open_weeks === undefined || open_weeks === null) return null
  const weeks = Math.max(0, Math.floor(open_weeks))
  if (weeks === 0) return 'new this week'
  const unit = weeks === 1 ? 'week' : 'weeks'
  if (!origin_week_start_date) return `open ${weeks} ${unit}`
  return `open ${weeks} ${unit}, since the report of ${originLabel(origin_week_start_date, weeks)}`
}

type AgeState = Ageing & Partial<Pick<SectionItem, 'is_stalled' | 'carried_from_item_id'>>

/**
 * Everything an item's age chip stands for, as one sentence for its tooltip and screen readers:
 * 'Stalled, open 3 weeks, since the report of Nov 2, carried over from an earlier report'. Null
 * when there is nothing to say.
 */
function ageingSentence(item: AgeState): string | null {
  const carried = item.carried_from_item_id !== undefined && item.carried_from_item_id !== null
  const parts = [
    item.is_stalled ? 'stalled' : null,
    ageingLabel(item),
    carried ? 'carried over from an earlier report' : null,
  ].filter((p): p is string => p !== null)
  if (parts.length === 0) return null
  const text = parts.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Ageing is shown for open tasks and follow-ups only. */
function showsAgeing(item: { item_type: ItemType; is_completed: boolean }): boolean {
  return item.item_type !== 'standard' && !item.is_completed
}

export type { AgeKey, AgeOptional, AgeState }
export { ageingLabel, ageingSentence, showsAgeing }
