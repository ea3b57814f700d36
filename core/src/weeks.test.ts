import { afterAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  addDays,
  addLocalDays,
  addLocalWeeks,
  addWeeks,
  currentWeekWindow,
  dayParts,
  isIsoDate,
  localWeekStart,
  parseIsoDate,
  toIsoDate,
  WEEKDAYS,
  type Weekday,
  weekdayIndex,
  weekEnd,
  weekStart,
  weeksBetween,
} from './weeks'

// The oracle: a day is its number of days since 1970-01-01, formatted by toISOString (which pads
// 4-digit years) and read back by Date.UTC; neither goes through the code under test.
const DAY_MS = 86_400_000
const dayNumber = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return Date.UTC(y, m - 1, d) / DAY_MS
}
const isoOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)
const weekdayOf = (iso: string) => new Date(dayNumber(iso) * DAY_MS).getUTCDay()

// Days from 1100 to 9900 and shifts of up to 98 years, so that every result stays within 4-digit
// years (the 'YYYY-MM-DD' form).
const day = fc.integer({ min: dayNumber('1100-01-01'), max: dayNumber('9900-12-31') }).map(isoOf)
const shiftBy = fc.integer({ min: -36_000, max: 36_000 })
const halfShift = fc.integer({ min: -18_000, max: 18_000 })
const weekday = fc.constantFrom(...WEEKDAYS)
const runs = { numRuns: 2_000 }

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
const monthLength = (y: number, m: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

describe('weekdays', () => {
  test('sunday is 0 and saturday 6; anything else throws', () => {
    expect(WEEKDAYS).toHaveLength(7)
    for (const [i, d] of WEEKDAYS.entries()) expect(weekdayIndex(d)).toBe(i)
    expect(() => weekdayIndex('funday' as Weekday)).toThrow('Unknown weekday: funday')
  })
})

describe('isIsoDate', () => {
  test('takes every real day', () => {
    fc.assert(
      fc.property(day, (d) => isIsoDate(d)),
      runs,
    )
  })

  test('knows the length of every month of every year, leap days included', () => {
    for (let y = 1000; y <= 9999; y += y < 1600 || y > 2400 ? 37 : 1) {
      for (let m = 1; m <= 12; m++) {
        const last = monthLength(y, m)
        expect(isIsoDate(`${y}-${pad(m)}-${pad(last)}`)).toBe(true)
        for (let d = last + 1; d <= 31; d++)
          expect(isIsoDate(`${y}-${pad(m)}-${pad(d)}`)).toBe(false)
        expect(isIsoDate(`${y}-${pad(m)}-00`)).toBe(false)
      }
      expect(isIsoDate(`${y}-00-01`)).toBe(false)
      expect(isIsoDate(`${y}-13-01`)).toBe(false)
    }
  })

  test('rejects what is not exactly YYYY-MM-DD', () => {
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-1-1',
      '26-11-23',
      '16/11/2026',
      '2026-11-23T00:00',
      '2026-11-23 ',
      ' 2026-11-23',
      'x2026-11-23',
      '+002026-11-23',
      '0999-12-31',
      '',
      'next week',
    ])
      expect(isIsoDate(bad)).toBe(false)
    for (const good of ['2024-02-29', '2000-02-29', '1000-01-01', '9999-12-31'])
      expect(isIsoDate(good)).toBe(true)
  })
})

describe('addDays', () => {
  test('is the day n days later', () => {
    fc.assert(
      fc.property(day, shiftBy, (d, n) => addDays(d, n) === isoOf(dayNumber(d) + n)),
      runs,
    )
  })

  test('adding and taking back the same number of days gives the day back', () => {
    fc.assert(
      fc.property(day, shiftBy, (d, n) => addDays(addDays(d, n), -n) === d),
      runs,
    )
  })

  test('composes: n days then m days is n + m days', () => {
    fc.assert(
      fc.property(
        day,
        halfShift,
        halfShift,
        (d, n, m) => addDays(addDays(d, n), m) === addDays(d, n + m),
      ),
      runs,
    )
  })

  test('a week is 7 days', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -5_000, max: 5_000 }), (d, w) => {
        return addWeeks(d, w) === addDays(d, 7 * w) && weekdayOf(addWeeks(d, w)) === weekdayOf(d)
      }),
      runs,
    )
  })

  test('walks one day at a time through every day of 1896-2104', () => {
    let d = '1896-01-01'
    for (let n = dayNumber(d); n <= dayNumber('2104-12-31'); n++) {
      if (d !== isoOf(n)) expect(d).toBe(isoOf(n))
      d = addDays(d, 1)
    }
  })

  test('crosses month, year and leap-day boundaries', () => {
    const table: [string, number, string][] = [
      ['2024-02-28', 1, '2024-02-29'],
      ['2024-02-29', 1, '2024-03-01'],
      ['2023-02-28', 1, '2023-03-01'],
      ['2100-02-28', 1, '2100-03-01'],
      ['2000-02-28', 1, '2000-02-29'],
      ['2024-03-01', -1, '2024-02-29'],
      ['2026-12-31', 1, '2027-01-01'],
      ['2027-01-01', -1, '2026-12-31'],
      ['2026-01-31', 1, '2026-02-01'],
      ['2024-02-29', 365, '2025-02-28'],
      ['2024-02-29', 366, '2025-03-01'],
      ['2026-03-28', 2, '2026-03-30'], // over a spring DST change in Europe
      ['2026-10-24', 2, '2026-10-26'], // over an autumn one
    ]
    for (const [from, n, to] of table) expect(addDays(from, n)).toBe(to)
  })
})

describe('weekStart', () => {
  test('is a startDay, on or before the day and less than a week before it', () => {
    fc.assert(
      fc.property(day, weekday, (d, s) => {
        const start = weekStart(d, s)
        const back = dayNumber(d) - dayNumber(start)
        return weekdayOf(start) === weekdayIndex(s) && back >= 0 && back < 7
      }),
      runs,
    )
  })

  test('is the same for every day of the week, and a week start is its own', () => {
    fc.assert(
      fc.property(day, weekday, fc.integer({ min: 0, max: 6 }), (d, s, k) => {
        const start = weekStart(d, s)
        return weekStart(start, s) === start && weekStart(addDays(start, k), s) === start
      }),
      runs,
    )
  })

  test('follows the configured start day', () => {
    // 2026-11-22 is a Sunday.
    expect(weekStart('2026-11-22', 'monday')).toBe('2026-11-16')
    expect(weekStart('2026-11-22', 'sunday')).toBe('2026-11-22')
    expect(weekStart('2026-11-23', 'monday')).toBe('2026-11-23')
    expect(weekStart('2026-11-20', 'saturday')).toBe('2026-11-14')
    expect(weekStart('2027-01-01', 'monday')).toBe('2026-12-28')
    expect(weekStart('2024-03-01', 'thursday')).toBe('2024-02-29')
    expect(() => weekStart('2026-11-22', 'funday' as Weekday)).toThrow()
  })
})

describe('weekEnd', () => {
  test('is the end day, on or after the week start and less than a week after it', () => {
    fc.assert(
      fc.property(day, weekday, weekday, (d, s, e) => {
        const start = weekStart(d, s)
        const end = weekEnd(start, s, e)
        const span = dayNumber(end) - dayNumber(start)
        return weekdayOf(end) === weekdayIndex(e) && span >= 0 && span < 7
      }),
      runs,
    )
  })

  test('is the start itself only when the week ends on its start day', () => {
    fc.assert(
      fc.property(day, weekday, weekday, (d, s, e) => {
        const start = weekStart(d, s)
        return (weekEnd(start, s, e) === start) === (s === e)
      }),
      runs,
    )
  })

  test('follows the end day, into the next week and the next year', () => {
    expect(weekEnd('2026-11-16', 'monday', 'friday')).toBe('2026-11-20')
    expect(weekEnd('2026-11-19', 'thursday', 'tuesday')).toBe('2026-11-24')
    expect(weekEnd('2026-12-28', 'monday', 'sunday')).toBe('2027-01-03')
    expect(weekEnd('2024-02-26', 'monday', 'thursday')).toBe('2024-02-29')
    expect(() => weekEnd('2026-11-16', 'monday', 'funday' as Weekday)).toThrow()
  })
})

describe('dayParts', () => {
  test('are the numbers the day is written with, and the day they name', () => {
    fc.assert(
      fc.property(day, (d) => {
        const p = dayParts(d)
        return (
          `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` === d &&
          Date.UTC(p.year, p.month - 1, p.day) / DAY_MS === dayNumber(d)
        )
      }),
      runs,
    )
  })

  test('read the ends of the range and a leap day', () => {
    expect(dayParts('1000-01-01')).toEqual({ year: 1000, month: 1, day: 1 })
    expect(dayParts('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 })
    expect(dayParts('9999-12-31')).toEqual({ year: 9999, month: 12, day: 31 })
  })
})

describe('weeksBetween and the current-week window', () => {
  test('counts whole weeks between the two week starts, never below 0', () => {
    fc.assert(
      fc.property(day, day, weekday, (a, b, s) => {
        const weeks = (dayNumber(weekStart(b, s)) - dayNumber(weekStart(a, s))) / 7
        return Number.isInteger(weeks) && weeksBetween(a, b, s) === Math.max(0, weeks)
      }),
      runs,
    )
  })

  test('a day w weeks later is w weeks away', () => {
    fc.assert(
      fc.property(day, weekday, fc.integer({ min: -500, max: 500 }), (d, s, w) => {
        return weeksBetween(d, addWeeks(d, w), s) === Math.max(0, w)
      }),
      runs,
    )
  })

  test('the window is the week start and 3 days either side', () => {
    fc.assert(
      fc.property(day, weekday, (d, s) => {
        const { start, from, to } = currentWeekWindow(d, s)
        return (
          start === weekStart(d, s) &&
          dayNumber(start) - dayNumber(from) === 3 &&
          dayNumber(to) - dayNumber(start) === 3
        )
      }),
      runs,
    )
    expect(currentWeekWindow('2026-11-25', 'monday')).toEqual({
      start: '2026-11-23',
      from: '2026-11-20',
      to: '2026-11-26',
    })
  })
})

describe('local dates', () => {
  // Time zones with a DST change at midnight (Santiago, São Paulo until 2019), half-hour DST
  // (Lord Howe), an odd offset (Kathmandu), and the runner's own. None of them skipped a day.
  const zones = [
    'UTC',
    'America/Santiago',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
  ]
  const runnerZone = process.env.TZ
  afterAll(() => {
    if (runnerZone === undefined) delete process.env.TZ
    else process.env.TZ = runnerZone
  })
  // Any instant from 1900 to 2100: a day and a time of day in whatever zone runs the test.
  const instant = fc
    .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((t) => new Date(t))
  const atMidnight = (date: Date) => date.getTime() === parseIsoDate(toIsoDate(date)).getTime()

  for (const zone of zones) {
    test(`in ${zone}, the local day moves like its ISO day and lands on local midnight`, () => {
      process.env.TZ = zone
      fc.assert(
        fc.property(instant, fc.integer({ min: -3_000, max: 3_000 }), weekday, (date, n, s) => {
          const iso = toIsoDate(date)
          const later = addLocalDays(date, n)
          const start = localWeekStart(date, s)
          return (
            toIsoDate(later) === addDays(iso, n) &&
            atMidnight(later) &&
            toIsoDate(addLocalWeeks(date, n)) === addWeeks(iso, n) &&
            toIsoDate(start) === weekStart(iso, s) &&
            atMidnight(start) &&
            start.getDay() === weekdayIndex(s)
          )
        }),
        { numRuns: 500 },
      )
    })

    test(`in ${zone}, parseIsoDate and toIsoDate round-trip every day`, () => {
      process.env.TZ = zone
      fc.assert(
        fc.property(day, (d) => toIsoDate(parseIsoDate(d)) === d),
        { numRuns: 500 },
      )
    })
  }

  test('parseIsoDate reads the date part of a timestamp and rejects text', () => {
    expect(toIsoDate(parseIsoDate('2026-11-16T23:59:00Z'))).toBe('2026-11-16')
    expect(() => parseIsoDate('next week')).toThrow('Not an ISO date: next week')
  })

  test('an invalid Date stays invalid', () => {
    expect(addLocalDays(new Date(Number.NaN), 1).getTime()).toBeNaN()
    expect(localWeekStart(new Date(Number.NaN), 'monday').getTime()).toBeNaN()
  })
})
