export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

const pad = (n: number) => String(n).padStart(2, '0')
const toIso = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
const fromIso = (iso: string) => new Date(`${iso}T00:00:00Z`)

export function isValidIsoDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  return toIso(fromIso(value)) === value
}

/** The start of the week containing `date` (a YYYY-MM-DD day), for a week starting on `startDay`. */
export function weekStart(date: string, startDay: Weekday): string {
  const d = fromIso(date)
  const back = (d.getUTCDay() - WEEKDAYS.indexOf(startDay) + 7) % 7
  d.setUTCDate(d.getUTCDate() - back)
  return toIso(d)
}

export function addDays(date: string, days: number): string {
  const d = fromIso(date)
  d.setUTCDate(d.getUTCDate() + days)
  return toIso(d)
}

/**
 * The current-week window: a report is this week's when its week_start_date lies within 3 days
 * either side of the start of the current week (by the user's start day). The margin tolerates a
 * report created before the user changed their start day.
 */
export function currentWeekWindow(today: string, startDay: Weekday) {
  const start = weekStart(today, startDay)
  return { start, from: addDays(start, -3), to: addDays(start, 3) }
}

/** An open task or follow-up is stalled once it has been open this many whole weeks. */
export const STALLED_WEEKS = 3

const DAY_MS = 86_400_000

/**
 * Whole weeks from the week containing `from` to the week containing `to`, both taken by the
 * user's start day (so a report created before the user changed their start day still counts
 * from its own week). Never below 0.
 */
export function weeksBetween(from: string, to: string, startDay: Weekday): number {
  const a = fromIso(weekStart(from, startDay)).getTime()
  const b = fromIso(weekStart(to, startDay)).getTime()
  return Math.max(0, Math.round((b - a) / (7 * DAY_MS)))
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
