import { describe, expect, test } from 'bun:test'
import { ageing, currentWeekWindow, isValidIsoDate, weekStart, weeksBetween } from './weeks'

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

describe('ageing', () => {
  const open = (origin: string, own = origin) => ({
    item_type: 'task',
    is_completed: false,
    carried_forward: false,
    origin_week_start_date: origin,
    report_week_start_date: own,
  })

  test('whole weeks count week starts by the start day, never below 0', () => {
    expect(weeksBetween('2026-11-16', '2026-11-16', 'monday')).toBe(0)
    expect(weeksBetween('2026-11-16', '2026-11-22', 'monday')).toBe(0)
    expect(weeksBetween('2026-11-16', '2026-11-23', 'monday')).toBe(1)
    expect(weeksBetween('2026-11-23', '2026-11-16', 'monday')).toBe(0)
    // Across a year end and a DST change in any local zone: still whole weeks.
    expect(weeksBetween('2026-12-28', '2027-01-18', 'monday')).toBe(3)
    expect(weeksBetween('2026-03-02', '2026-04-06', 'monday')).toBe(5)
  })

  test('monday weeks: stalled from the Monday three weeks after the origin week', () => {
    // Origin: the report of Monday Nov 2.
    expect(ageing(open('2026-11-02'), '2026-11-22', 'monday')).toEqual({
      open_weeks: 2,
      is_stalled: false,
    })
    expect(ageing(open('2026-11-02'), '2026-11-23', 'monday')).toEqual({
      open_weeks: 3,
      is_stalled: true,
    })
  })

  test('sunday weeks: the same Sunday is already the third week', () => {
    // A report of Sunday Nov 1: Sunday Nov 22 starts the third week after it.
    expect(ageing(open('2026-11-01'), '2026-11-21', 'sunday')).toEqual({
      open_weeks: 2,
      is_stalled: false,
    })
    expect(ageing(open('2026-11-01'), '2026-11-22', 'sunday')).toEqual({
      open_weeks: 3,
      is_stalled: true,
    })
    // The same dates, read by a Monday user, are a week younger on that Sunday.
    expect(ageing(open('2026-11-02'), '2026-11-22', 'sunday').open_weeks).toBe(3)
    expect(ageing(open('2026-11-02'), '2026-11-22', 'monday').open_weeks).toBe(2)
  })

  test('saturday weeks: the Friday before is two weeks, the Saturday three', () => {
    expect(ageing(open('2026-10-31'), '2026-11-20', 'saturday')).toEqual({
      open_weeks: 2,
      is_stalled: false,
    })
    expect(ageing(open('2026-10-31'), '2026-11-21', 'saturday')).toEqual({
      open_weeks: 3,
      is_stalled: true,
    })
  })

  test('a completed or carried-forward item stops ageing at its own report week', () => {
    const today = '2026-12-14'
    const completed = { ...open('2026-11-02', '2026-11-09'), is_completed: true }
    expect(ageing(completed, today, 'monday')).toEqual({ open_weeks: 1, is_stalled: false })
    const carried = { ...open('2026-11-02', '2026-11-16'), carried_forward: true }
    expect(ageing(carried, today, 'monday')).toEqual({ open_weeks: 2, is_stalled: false })
    const old = { ...open('2026-11-02', '2026-11-23'), carried_forward: true }
    expect(ageing(old, today, 'monday')).toEqual({ open_weeks: 3, is_stalled: true })
  })

  test('standard items are never stalled; a future report is 0 weeks', () => {
    const standard = { ...open('2026-11-02'), item_type: 'standard' }
    expect(ageing(standard, '2026-12-14', 'monday').is_stalled).toBe(false)
    expect(ageing(open('2026-12-21'), '2026-12-14', 'monday')).toEqual({
      open_weeks: 0,
      is_stalled: false,
    })
  })
})
