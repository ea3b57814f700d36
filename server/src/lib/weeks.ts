// Week arithmetic on 'YYYY-MM-DD' days: @cadence/core's (shared with ui and app), under the
// server's names. The ageing policy below is the server's own.
import * as core from '@cadence/core'
import { WEEKDAYS, type Weekday } from '@cadence/core'

export {
  addDays,
  currentWeekWindow,
  isIsoDate as isValidIsoDate,
  WEEKDAYS,
  type Weekday,
} from '@cadence/core'

// A start day that is not a weekday (the API stores only weekdays, but the column is plain text)
// has always counted here as Saturday (indexOf gave -1, that is 6 modulo 7), where core throws:
// kept, so no answer of the server changes.
const known = (day: Weekday): Weekday => (WEEKDAYS.includes(day) ? day : 'saturday')

/** A stored day (plain text in the database) as a weekday, or `fallback` when it is none. */
export const asWeekday = (day: string | null | undefined, fallback: Weekday): Weekday =>
  (WEEKDAYS as readonly string[]).includes(day ?? '') ? (day as Weekday) : fallback

/** The start of the week containing `date` (a YYYY-MM-DD day), for a week starting on `startDay`. */
export function weekStart(date: string, startDay: Weekday): string {
  return core.weekStart(date, known(startDay))
}

/** An open task or follow-up is stalled once it has been open this many whole weeks. */
export const STALLED_WEEKS = 3

/**
 * Whole weeks from the week containing `from` to the week containing `to`, both taken by the
 * user's start day (so a report created before the user changed their start day still counts
 * from its own week). Never below 0.
 */
export function weeksBetween(from: string, to: string, startDay: Weekday): number {
  return core.weeksBetween(from, to, known(startDay))
}

export type AgeingInput = {
  item_type: string
  is_completed: boolean
  /** A later copy of the item exists. */
  carried_forward: boolean
  /** Week start of the first report in the item's chain. */
  origin_week_start_date: string
  /** Week start of the item's own report. */
  report_week_start_date: string
}

/**
 * The ageing of one report item (docs/week-over-week.md): an open item that was not carried
 * forward is open until today; a completed one or one carried forward stopped ageing at its own
 * report's week. Only tasks and follow-ups are ever open, and so stalled.
 */
export function ageing(item: AgeingInput, today: string, startDay: Weekday) {
  const open = !item.is_completed && (item.item_type === 'task' || item.item_type === 'followup')
  const until = open && !item.carried_forward ? today : item.report_week_start_date
  const open_weeks = weeksBetween(item.origin_week_start_date, until, startDay)
  return { open_weeks, is_stalled: open && open_weeks >= STALLED_WEEKS }
}
