import { describe, expect, test } from 'bun:test'
import {
  addWeeks,
  formatDate,
  formatShortWeekday,
  formatWeekRange,
  groupReportsForSidebar,
  isIsoDate,
  parseIsoDate,
  quarterBucket,
  startOfWeek,
  toIsoDate,
  WEEKDAYS,
  weekdayIndex,
} from './dates'

/** `run` with the process's time zone set to `zone` (Bun reads TZ again when it changes). */
function inZone<T>(zone: string, run: () => T): T {
  const before = process.env.TZ
  process.env.TZ = zone
  try {
    return run()
  } finally {
    if (before === undefined) delete process.env.TZ
    else process.env.TZ = before
  }
}

describe('weekdays', () => {
  test('number sunday as 0 and saturday as 6', () => {
    expect(WEEKDAYS[0]).toBe('sunday')
    expect(weekdayIndex('sunday')).toBe(0)
    expect(weekdayIndex('monday')).toBe(1)
    expect(weekdayIndex('saturday')).toBe(6)
  })
})

describe('startOfWeek', () => {
  test('goes back to the configured start day', () => {
    // Thursday 19 Nov 2026
    const thu = new Date(2026, 10, 19, 15, 30)
    expect(toIsoDate(startOfWeek(thu, 'monday'))).toBe('2026-11-16')
    expect(toIsoDate(startOfWeek(thu, 'sunday'))).toBe('2026-11-15')
    expect(toIsoDate(startOfWeek(thu, 'friday'))).toBe('2026-11-13')
  })

  test('returns the same day when today is the start day', () => {
    expect(toIsoDate(startOfWeek(new Date(2026, 10, 16), 'monday'))).toBe('2026-11-16')
  })
})

describe('ISO dates', () => {
  test('round-trip local dates without timezone drift', () => {
    expect(toIsoDate(parseIsoDate('2026-03-01'))).toBe('2026-03-01')
    expect(toIsoDate(parseIsoDate('2026-11-16T23:59:00Z'))).toBe('2026-11-16')
  })

  test('adding weeks crosses months and years', () => {
    expect(toIsoDate(addWeeks(parseIsoDate('2026-12-28'), 1))).toBe('2027-01-04')
    expect(toIsoDate(addWeeks(parseIsoDate('2026-03-02'), -1))).toBe('2026-02-23')
  })

  test('reject text that is not a date', () => {
    expect(() => parseIsoDate('next week')).toThrow()
  })

  test('isIsoDate takes exactly a real calendar day', () => {
    expect(isIsoDate('2026-11-23')).toBe(true)
    for (const bad of ['2026-02-30', '2026-11-23T00:00', '26-11-23', '', 'x2026-11-23'])
      expect(isIsoDate(bad)).toBe(false)
  })
})

describe('formatting (en-US short)', () => {
  test('formatDate gives month, day and year', () => {
    expect(formatDate('2026-11-16')).toBe('Nov 16, 2026')
  })

  test('formatShortWeekday names the day of a date, and of a timestamp its local day', () => {
    expect(formatShortWeekday('2026-11-24')).toBe('Tue')
    // Local noon of Tuesday 24 Nov 2026, in whatever zone the test runs in.
    expect(formatShortWeekday(new Date(2026, 10, 24, 12).toISOString())).toBe('Tue')
  })

  test('formatShortWeekday names an instant by the day it was where the reader is', () => {
    // Noon UTC on a Tuesday is already Wednesday in Auckland (UTC+13 in November) and Kiritimati
    // (UTC+14), still Tuesday in Pago Pago (UTC-11) and Los Angeles: zones run from UTC-12 to
    // UTC+14, so no one instant is the same day everywhere.
    const noonUtc = '2026-11-24T12:00:00.000Z'
    const days = Object.fromEntries(
      ['Pacific/Auckland', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles'].map(
        (zone) => [zone, inZone(zone, () => formatShortWeekday(noonUtc))],
      ),
    )
    expect(days).toEqual({
      'Pacific/Auckland': 'Wed',
      'Pacific/Kiritimati': 'Wed',
      'Pacific/Pago_Pago': 'Tue',
      'America/Los_Angeles': 'Tue',
    })
  })

  test("formatShortWeekday says what the browser's en-US short weekday says, every day of a year", () => {
    for (let d = 0; d < 366; d++) {
      const iso = new Date(Date.UTC(2027, 0, 1 + d)).toISOString().slice(0, 10)
      const [y, m, day] = iso.split('-').map(Number)
      const intl = new Date(y, m - 1, day).toLocaleDateString('en-US', { weekday: 'short' })
      expect(formatShortWeekday(iso)).toBe(intl)
    }
  })

  test('formatWeekRange spans the start to the end day', () => {
    expect(formatWeekRange('2026-11-16', 'monday', 'friday')).toBe('Nov 16 - Nov 20, 2026')
    expect(formatWeekRange('2026-11-15', 'sunday', 'saturday')).toBe('Nov 15 - Nov 21, 2026')
  })

  test('formatWeekRange wraps past the weekend when the end day comes before the start day', () => {
    expect(formatWeekRange('2026-11-18', 'wednesday', 'tuesday')).toBe('Nov 18 - Nov 24, 2026')
  })

  test('formatWeekRange repeats the year when the week crosses New Year', () => {
    expect(formatWeekRange('2026-12-28', 'monday', 'friday')).toBe('Dec 28, 2026 - Jan 1, 2027')
  })

  test('quarterBucket labels 3-month ranges', () => {
    expect(quarterBucket('2025-02-10')).toBe('Jan - Mar 2025')
    expect(quarterBucket('2025-06-30')).toBe('Apr - Jun 2025')
    expect(quarterBucket('2025-12-01')).toBe('Oct - Dec 2025')
  })
})

describe('groupReportsForSidebar', () => {
  const today = new Date(2026, 10, 19) // Thu 19 Nov 2026, week starts Mon 16 Nov
  const r = (week_start_date: string) => ({ week_start_date, uuid: week_start_date })

  test('splits this week, the last month and older quarters, newest first', () => {
    const groups = groupReportsForSidebar(
      [
        r('2026-03-02'),
        r('2026-11-16'),
        r('2026-11-02'),
        r('2026-11-09'),
        r('2026-08-03'),
        r('2026-02-02'),
      ],
      today,
      'monday',
    )
    expect(groups.thisWeek?.week_start_date).toBe('2026-11-16')
    expect(groups.recent.map((x) => x.week_start_date)).toEqual(['2026-11-09', '2026-11-02'])
    expect(groups.buckets).toEqual([
      { label: 'Jul - Sep 2026', reports: [r('2026-08-03')] },
      { label: 'Jan - Mar 2026', reports: [r('2026-03-02'), r('2026-02-02')] },
    ])
  })

  test('has no current report when none started this week', () => {
    const groups = groupReportsForSidebar([r('2026-11-09')], today, 'monday')
    expect(groups.thisWeek).toBeNull()
    expect(groups.recent).toHaveLength(1)
  })

  test('treats a report from the current week start day as this week', () => {
    const groups = groupReportsForSidebar([r('2026-11-15')], today, 'sunday')
    expect(groups.thisWeek?.week_start_date).toBe('2026-11-15')
  })
})
