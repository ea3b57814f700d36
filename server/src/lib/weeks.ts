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
