// Week arithmetic for the app state: @cadence/core's, the one implementation the server shares,
// applied to the browser's local "today", so the client and the dashboard agree on which report
// is "this week's".
import { addWeeks, currentWeekWindow, toIsoDate, weekEnd, weekStart } from '@cadence/core'
import type { Weekday } from '@cadence/ui'

const WEEK_OFFSET_LIMIT = 52

/** The first day of the week containing `today`, for weeks starting on `startDay`. */
function weekStartOf(today: Date, startDay: Weekday): string {
  return weekStart(toIsoDate(today), startDay)
}

/** Week start `offset` weeks from the current one (the week selector's -52..+52). */
function weekStartForOffset(today: Date, startDay: Weekday, offset: number): string {
  const clamped = Math.max(-WEEK_OFFSET_LIMIT, Math.min(WEEK_OFFSET_LIMIT, Math.trunc(offset)))
  return addWeeks(weekStartOf(today, startDay), clamped)
}

function isCurrentWeek(weekStartDate: string, today: Date, startDay: Weekday): boolean {
  const { from, to } = currentWeekWindow(toIsoDate(today), startDay)
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

/** The last day of a week starting on `weekStartDate` (or a timestamp that day), by the end day. */
function weekEndDate(weekStartDate: string, startDay: Weekday, endDay: Weekday): string {
  return weekEnd(weekStartDate.slice(0, 10), startDay, endDay)
}

export {
  findCurrentWeekReport,
  isCurrentWeek,
  toIsoDate,
  WEEK_OFFSET_LIMIT,
  weekEndDate,
  weekStartForOffset,
  weekStartOf,
}
