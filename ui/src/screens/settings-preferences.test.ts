import { describe, expect, test } from 'bun:test'
import type { UserSettings } from '../types'
import { preferenceChanges, savedPreferences } from './settings-preferences'

const settings = {
  weekly_start_day: 'monday',
  weekly_end_day: 'friday',
  report_frequency: 'weekly',
  carry_over: true,
  reminder_enabled: true,
  team_reminder_enabled: false,
  report_recipients: ['board@example.com'],
} as UserSettings

describe('Report Preferences form', () => {
  test('holds the preferences, not the recipients (a list saved per row)', () => {
    expect(Object.keys(savedPreferences(settings)).sort()).toEqual([
      'carry_over',
      'reminder_enabled',
      'report_frequency',
      'team_reminder_enabled',
      'weekly_end_day',
      'weekly_start_day',
    ])
  })
  test('sends only what differs from the saved settings', () => {
    const saved = savedPreferences(settings)
    expect(preferenceChanges(saved, {})).toEqual({})
    // Changed back to the saved value: nothing to save.
    expect(preferenceChanges(saved, { carry_over: true, weekly_end_day: 'friday' })).toEqual({})
    expect(
      preferenceChanges(saved, {
        carry_over: false,
        weekly_start_day: 'monday',
        report_frequency: 'monthly',
      }),
    ).toEqual({ carry_over: false, report_frequency: 'monthly' })
  })
})
