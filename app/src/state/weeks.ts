// Week arithmetic for the app state, on local calendar days ('YYYY-MM-DD'), built on ui's pure
// date helpers. Mirrors the server's lib/weeks.ts so the client and the dashboard agree on
// which report is "this week's".
import {
  addDays,
  addWeeks,
  parseIsoDate,
  startOfWeek,
  toIsoDate,
  type Weekday,
  weekdayIndex,
} from '@cadence/ui'

/** The margin either side of the week start within which a report counts as this week's. */
const WINDOW_DAYS = 3
const WEEK_OFFSET_LIMIT = 52

const shiftIso = (iso: string, days: number) => toIsoDate(addDays(parseIsoDate(iso), days))

/** The first day of the week containing `today`, for weeks starting on `startDay`. */
function weekStartOf(today: Date, startDay: Weekday): string {
  return toIsoDate(startOfWeek(today, startDay))
}

/** Week start `offset` weeks from the current one (the week selector's -52..+52). */
function weekStartForOffset(today: Date, startDay: Weekday, offset: number): string {
  const clamped = Math.max(-WEEK_OFFSET_LIMIT, Math.min(WEEK_OFFSET_LIMIT, Math.trunc(offset)))
  return toIsoDate(addWeeks(startOfWeek(today, startDay), clamped))
}

/** The current-week window: the week start ± 3 days. */
function currentWeekWindow(today: Date, startDay: Weekday) {
  const start = weekStartOf(today, startDay)
  return { start, from: shiftIso(start, -WINDOW_DAYS), to: shiftIso(start, WINDOW_DAYS) }
}

function isCurrentWeek(weekStartDate: string, today: Date, startDay: Weekday): boolean {
  const { from, to } = currentWeekWindow(today, startDay)
  const day = weekStartDate.slice(0, 10)
  return day >= from && day <= to
}

/** This week's report among `reports` (the latest if several fall in the window), or null. */
function findCurrentWeekReport<T extends { week_start_date: string }>(
  reports: readonly T[],
  today: Date,
  startDay: Weekday,
): T | null {
  const matches = reports.filter((r) => isCurrentWeek(r.week_start_date, today, startDay))
  matches.sort((a, b) => b.week_start_date.localeCompare(a.week_start_date))
  return matches[0] ?? null
}

/** The last day of a week starting on `weekStartDate`, by the user's end day. */
function weekEndDate(weekStartDate: string, startDay: Weekday, endDay: Weekday): string {
  const span = (weekdayIndex(endDay) - weekdayIndex(startDay) + 7) % 7
  return shiftIso(weekStartDate, span)
}

export {
  currentWeekWindow,
  findCurrentWeekReport,
  isCurrentWeek,
  toIsoDate,
  WEEK_OFFSET_LIMIT,
  weekEndDate,
  weekStartForOffset,
  weekStartOf,
}
