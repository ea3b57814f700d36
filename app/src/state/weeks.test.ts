import { describe, expect, test } from 'bun:test'
import { currentWeekWindow } from '@cadence/core'
import {
  findCurrentWeekReport,
  isCurrentWeek,
  toIsoDate,
  weekEndDate,
  weekStartForOffset,
} from './weeks'

// Wednesday 18 November 2026, local time.
const wednesday = new Date(2026, 10, 18, 15, 30)

describe('current week', () => {
  test("the window of the browser's local day: its week start, plus or minus three days", () => {
    expect(currentWeekWindow(toIsoDate(wednesday), 'monday')).toEqual({
      start: '2026-11-16',
      from: '2026-11-13',
      to: '2026-11-19',
    })
    expect(currentWeekWindow(toIsoDate(wednesday), 'sunday').start).toBe('2026-11-15')
    expect(currentWeekWindow(toIsoDate(wednesday), 'thursday').start).toBe('2026-11-12')
  })

  test('a report whose week starts inside the window is the current one, the latest first', () => {
    const reports = [
      { uuid: 'last', week_start_date: '2026-11-09' },
      { uuid: 'sun', week_start_date: '2026-11-15' },
      { uuid: 'mon', week_start_date: '2026-11-16' },
    ]
    expect(findCurrentWeekReport(reports, wednesday, 'monday')?.uuid).toBe('mon')
    expect(isCurrentWeek('2026-11-09', wednesday, 'monday')).toBe(false)
    expect(findCurrentWeekReport(reports.slice(0, 1), wednesday, 'monday')).toBeNull()
  })

  test('week offsets move by whole weeks and stop at 52 either way', () => {
    expect(weekStartForOffset(wednesday, 'monday', -1)).toBe('2026-11-09')
    expect(weekStartForOffset(wednesday, 'monday', 2)).toBe('2026-11-30')
    expect(weekStartForOffset(wednesday, 'monday', 99)).toBe(
      weekStartForOffset(wednesday, 'monday', 52),
    )
    expect(weekStartForOffset(wednesday, 'monday', -99)).toBe('2025-11-17')
  })

  test('the week ends on the user end day, wrapping into the next week', () => {
    expect(weekEndDate('2026-11-16', 'monday', 'friday')).toBe('2026-11-20')
    expect(weekEndDate('2026-11-19', 'thursday', 'tuesday')).toBe('2026-11-24')
  })
})
