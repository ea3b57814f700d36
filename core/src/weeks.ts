// Week and date arithmetic, the one implementation ui, app and server share. Days are calendar
// days: 'YYYY-MM-DD' strings, or (for the browser's "today") Dates read in the local time zone.
// Every computation runs on one representation, the day as a Date at UTC midnight, so no time
// zone or daylight-saving change moves a day. Pure: no DOM, no Node APIs.

/** Sunday is 0, as in JavaScript's Date.getDay(). */
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

/** Sunday is 0 (as Date.getDay()). Throws on a name that is not a weekday. */
export function weekdayIndex(day: Weekday): number {
  const i = WEEKDAYS.indexOf(day)
  if (i < 0) throw new Error(`Unknown weekday: ${day}`)
  return i
}

const DAY_MS = 86_400_000

// The day as a Date at UTC midnight. An impossible day of the month (Feb 30) rolls over the way
// the runtime parses it; anything else that is not a date gives an invalid Date ('NaN-NaN-NaN').
const fromIso = (iso: string) => new Date(`${iso}T00:00:00Z`)
const pad = (n: number) => String(n).padStart(2, '0')
const toIso = (day: Date) =>
  `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`

/** The day `days` after `day` (both at UTC midnight). */
function shift(day: Date, days: number): Date {
  const d = new Date(day.getTime())
  d.setUTCDate(d.getUTCDate() + days)
  return d
}

/** The most recent `startDay` on or before `day` (at UTC midnight). */
function startOf(day: Date, startDay: Weekday): Date {
  return shift(day, -((day.getUTCDay() - weekdayIndex(startDay) + 7) % 7))
}

// ---- 'YYYY-MM-DD' strings -------------------------------------------------------------------

/** Whether `text` is exactly a real calendar day 'YYYY-MM-DD' (a 4-digit year, 1000–9999). */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && toIso(fromIso(text)) === text
}

/** The day `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return toIso(shift(fromIso(date), days))
}

export function addWeeks(date: string, weeks: number): string {
  return addDays(date, weeks * 7)
}

/** The start of the week containing `date`: the most recent `startDay` on or before it. */
export function weekStart(date: string, startDay: Weekday): string {
  return toIso(startOf(fromIso(date), startDay))
}

/**
 * The last day of the week that starts on `start`, by the user's `endDay`: 0 to 6 days after the
 * start (an end day before the start day is in the following calendar week).
 */
export function weekEnd(start: string, startDay: Weekday, endDay: Weekday): string {
  return addDays(start, (weekdayIndex(endDay) - weekdayIndex(startDay) + 7) % 7)
}

/** The year, month (1–12) and day of the month of a 'YYYY-MM-DD' day, as numbers. */
export function dayParts(date: string): { year: number; month: number; day: number } {
  const d = fromIso(date)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/**
 * Whole weeks from the week containing `from` to the week containing `to`, both taken by
 * `startDay`. Never below 0.
 */
export function weeksBetween(from: string, to: string, startDay: Weekday): number {
  const a = startOf(fromIso(from), startDay).getTime()
  const b = startOf(fromIso(to), startDay).getTime()
  return Math.max(0, Math.round((b - a) / (7 * DAY_MS)))
}

/** The margin either side of the week start within which a report counts as this week's. */
export const CURRENT_WEEK_MARGIN_DAYS = 3

/**
 * The current-week window: a report is this week's when its week_start_date lies within 3 days
 * either side of the start of the current week (by the user's start day). The margin tolerates a
 * report created before the user changed their start day.
 */
export function currentWeekWindow(today: string, startDay: Weekday) {
  const start = weekStart(today, startDay)
  return {
    start,
    from: addDays(start, -CURRENT_WEEK_MARGIN_DAYS),
    to: addDays(start, CURRENT_WEEK_MARGIN_DAYS),
  }
}

// ---- local calendar days (Dates read in the runtime's time zone) -----------------------------

// The local calendar day of `date` at UTC midnight, and back to local midnight. setUTCFullYear
// takes years 0–99 as they are (Date.UTC would read them as 1900–1999).
function fromLocal(date: Date): Date {
  const d = new Date(0)
  d.setUTCFullYear(date.getFullYear(), date.getMonth(), date.getDate())
  return d
}
const toLocal = (day: Date) => new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())

/** A local date as 'YYYY-MM-DD' (its calendar day in the local time zone). */
export function toIsoDate(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0')
  const d = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${m}-${d}`
}

/** 'YYYY-MM-DD' (or the date part of an ISO timestamp) as a local date at midnight. */
export function parseIsoDate(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!m) throw new Error(`Not an ISO date: ${iso}`)
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
}

/** A new date `days` later than the local day of `date`, at local midnight. */
export function addLocalDays(date: Date, days: number): Date {
  return toLocal(shift(fromLocal(date), days))
}

export function addLocalWeeks(date: Date, weeks: number): Date {
  return addLocalDays(date, weeks * 7)
}

/** The most recent `startDay` on or before the local day of `date`, at local midnight. */
export function localWeekStart(date: Date, startDay: Weekday): Date {
  return toLocal(startOf(fromLocal(date), startDay))
}
