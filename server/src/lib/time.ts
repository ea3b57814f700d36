export const nowIso = () => new Date().toISOString()

/**
 * The calendar date as YYYY-MM-DD, in UTC: the server's "today" (a week's window, an item's age,
 * a report's sent date) never depends on the machine's time zone, so instances whose TZ differs
 * agree, and the weekly reminders (due from 09:00 UTC) agree with them.
 */
export function isoDate(d: Date = new Date()): string {
  return d.toISOString().slice(0, 10)
}

export const daysAgoIso = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
