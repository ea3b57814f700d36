import {
  addLocalDays as addDays,
  addLocalWeeks as addWeeks,
  isIsoDate,
  parseIsoDate,
  localWeekStart as startOfWeek,
  toIsoDate,
  WEEKDAYS,
  weekdayIndex,
  weekEnd,
} from '@cadence/core'
import type { Report, Weekday } from '../types'

// Display helpers on local calendar dates; ISO dates are 'YYYY-MM-DD'. Labels are en-US short.
// The week and date arithmetic is @cadence/core's (shared with the server), re-exported here
// under ui's names.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAY_MS = 86_400_000

function monthDay(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`
}

/** 'Nov 16, 2026'. A full timestamp is shown in local time. */
function formatDate(iso: string): string {
  const date = iso.length > 10 && iso.includes('T') ? new Date(iso) : parseIsoDate(iso)
  return `${monthDay(date)}, ${date.getFullYear()}`
}

/** en-US short weekdays, Sunday first (Date#getDay). */
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/**
 * 'Tue': the short weekday of a timestamp in local time (or of a 'YYYY-MM-DD' date). Looked up,
 * not asked of toLocaleDateString: a page's first Intl call costs it tens of milliseconds at load
 * (the locale's data), and each call makes a formatter.
 */
function formatShortWeekday(iso: string): string {
  const date = iso.length > 10 && iso.includes('T') ? new Date(iso) : parseIsoDate(iso)
  return SHORT_WEEKDAYS[date.getDay()]
}

/**
 * The week from its start to the user's end day: 'Nov 16 - Nov 20, 2026'. The year appears on
 * both ends only when the week crosses New Year.
 */
function formatWeekRange(weekStartIso: string, startDay: Weekday, endDay: Weekday): string {
  const start = parseIsoDate(weekStartIso)
  const end = parseIsoDate(weekEnd(weekStartIso, startDay, endDay))
  if (start.getFullYear() !== end.getFullYear()) {
    return `${monthDay(start)}, ${start.getFullYear()} - ${monthDay(end)}, ${end.getFullYear()}`
  }
  return `${monthDay(start)} - ${monthDay(end)}, ${end.getFullYear()}`
}

/** The 3-month bucket of a date: 'Jan - Mar 2025'. */
function quarterBucket(iso: string): string {
  const date = parseIsoDate(iso)
  const q = Math.floor(date.getMonth() / 3)
  return `${MONTHS[q * 3]} - ${MONTHS[q * 3 + 2]} ${date.getFullYear()}`
}

type SidebarGroups<R extends Pick<Report, 'week_start_date'> = Report> = {
  thisWeek: R | null
  recent: R[]
  buckets: { label: string; reports: R[] }[]
}

/**
 * The sidebar's report groups, newest first: the current-week report (its week start within 3
 * days of this week's start, so a changed start day still finds it), reports whose week started
 * within the last month, and older ones in 3-month buckets.
 */
function groupReportsForSidebar<R extends Pick<Report, 'week_start_date'>>(
  reports: R[],
  today: Date,
  startDay: Weekday,
): SidebarGroups<R> {
  const sorted = [...reports].sort((a, b) => b.week_start_date.localeCompare(a.week_start_date))
  const currentStart = startOfWeek(today, startDay).getTime()
  const monthAgo = new Date(today.getFullYear(), today.getMonth() - 1, today.getDate()).getTime()
  let thisWeek: R | null = null
  const recent: R[] = []
  const buckets: SidebarGroups<R>['buckets'] = []
  for (const report of sorted) {
    const t = parseIsoDate(report.week_start_date).getTime()
    if (!thisWeek && Math.abs(t - currentStart) <= 3 * DAY_MS) {
      thisWeek = report
    } else if (t >= monthAgo) {
      recent.push(report)
    } else {
      const label = quarterBucket(report.week_start_date)
      const last = buckets[buckets.length - 1]
      if (last && last.label === label) last.reports.push(report)
      else buckets.push({ label, reports: [report] })
    }
  }
  return { thisWeek, recent, buckets }
}

/** 'This week', '2 weeks ago', 'In 1 week'. */
function relativeWeek(offset: number): string {
  if (offset === 0) return 'This week'
  const n = Math.abs(offset)
  const unit = n === 1 ? 'week' : 'weeks'
  return offset < 0 ? `${n} ${unit} ago` : `In ${n} ${unit}`
}

export type { SidebarGroups }
export {
  addDays,
  addWeeks,
  formatDate,
  formatShortWeekday,
  formatWeekRange,
  groupReportsForSidebar,
  isIsoDate,
  MONTHS,
  parseIsoDate,
  quarterBucket,
  relativeWeek,
  startOfWeek,
  toIsoDate,
  WEEKDAYS,
  weekdayIndex,
}
