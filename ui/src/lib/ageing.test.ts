import { describe, expect, test } from 'bun:test'
import { ageingLabel, ageingSentence, showsAgeing } from './ageing'

describe('ageingLabel', () => {
  test('an item opened this week is new this week', () => {
    expect(ageingLabel({ open_weeks: 0, origin_week_start_date: '2026-11-16' })).toBe(
      'new this week',
    )
  })
  test('one week reads singular, with the origin report', () => {
    expect(ageingLabel({ open_weeks: 1, origin_week_start_date: '2026-11-09' })).toBe(
      'open 1 week, since the report of Nov 9',
    )
  })
  test('several weeks read plural', () => {
    expect(ageingLabel({ open_weeks: 3, origin_week_start_date: '2026-11-02' })).toBe(
      'open 3 weeks, since the report of Nov 2',
    )
  })
  test('an origin in an earlier year than the week it is seen in carries its year', () => {
    expect(ageingLabel({ open_weeks: 2, origin_week_start_date: '2025-12-22' })).toBe(
      'open 2 weeks, since the report of Dec 22, 2025',
    )
  })
  test('no ageing from the server shows nothing', () => {
    expect(ageingLabel({})).toBeNull()
  })
  test('negative weeks are clamped to new this week', () => {
    expect(ageingLabel({ open_weeks: -1, origin_week_start_date: '2026-11-16' })).toBe(
      'new this week',
    )
  })
})

describe('showsAgeing', () => {
  test('only open tasks and follow-ups age', () => {
    expect(showsAgeing({ item_type: 'task', is_completed: false })).toBe(true)
    expect(showsAgeing({ item_type: 'followup', is_completed: false })).toBe(true)
    expect(showsAgeing({ item_type: 'task', is_completed: true })).toBe(false)
    expect(showsAgeing({ item_type: 'standard', is_completed: false })).toBe(false)
  })
})

describe('ageingSentence', () => {
  test('a stalled, carried item says all three, starting with a capital', () => {
    expect(
      ageingSentence({
        open_weeks: 3,
        origin_week_start_date: '2026-11-02',
        is_stalled: true,
        carried_from_item_id: 7,
      }),
    ).toBe('Stalled, open 3 weeks, since the report of Nov 2, carried over from an earlier report')
  })
  test('an item opened this week is new this week', () => {
    expect(ageingSentence({ open_weeks: 0, origin_week_start_date: '2026-11-16' })).toBe(
      'New this week',
    )
  })
  test('nothing to say is null', () => {
    expect(ageingSentence({})).toBeNull()
    expect(ageingSentence({ is_stalled: false, carried_from_item_id: null })).toBeNull()
  })
})
