import { describe, expect, test } from 'bun:test'
import { currentWeekWindow, isValidIsoDate, weekStart } from './weeks'

describe('week math', () => {
  test('the week start follows the configured start day', () => {
    // 2026-11-22 is a Sunday.
    expect(weekStart('2026-11-22', 'monday')).toBe('2026-11-16')
    expect(weekStart('2026-11-22', 'sunday')).toBe('2026-11-22')
    expect(weekStart('2026-11-23', 'monday')).toBe('2026-11-23')
    expect(weekStart('2026-11-20', 'saturday')).toBe('2026-11-14')
    expect(weekStart('2027-01-01', 'monday')).toBe('2026-12-28')
  })

  test('the current-week window is 3 days either side of the week start', () => {
    expect(currentWeekWindow('2026-11-25', 'monday')).toEqual({
      start: '2026-11-23',
      from: '2026-11-20',
      to: '2026-11-26',
    })
  })

  test('only real calendar dates are valid', () => {
    expect(isValidIsoDate('2026-11-16')).toBe(true)
    expect(isValidIsoDate('2026-02-30')).toBe(false)
    expect(isValidIsoDate('16/11/2026')).toBe(false)
    expect(isValidIsoDate('2026-1-1')).toBe(false)
  })
})
