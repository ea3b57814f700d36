import { describe, expect, test } from 'bun:test'
import type { ActivityEntry } from '../types'
import { activitySentence } from './activity'

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  user_id: 1,
  action: 'sign_in',
  entity_type: 'user',
  entity_id: '1',
  details: null,
  created_at: '2026-11-20T10:00:00Z',
  user_email: 'ada@example.com',
  user_name: 'Ada Lovelace',
  ...over,
})

describe('activity sentences', () => {
  test('the codes the server records read as sentences naming the person', () => {
    expect(
      activitySentence(
        entry({ action: 'settings_updated', entity_type: 'user_settings', details: 'carry_over' }),
      ),
    ).toBe('Ada Lovelace updated their settings (carry over)')
    expect(activitySentence(entry({ action: 'report_submitted' }))).toBe(
      'Ada Lovelace sent a report',
    )
    expect(
      activitySentence(
        entry({
          action: 'system_setting_updated',
          entity_id: 'maintenance_mode',
          details: 'false → true',
        }),
      ),
    ).toBe('Ada Lovelace changed the system setting maintenance_mode (false → true)')
    expect(activitySentence(entry({ action: 'question_received' }))).toBe(
      'A reader asked Ada Lovelace a question',
    )
  })

  test('without a name the e-mail, without a user Someone; unknown codes still read as words', () => {
    expect(activitySentence(entry({ user_name: null }))).toBe('ada@example.com signed in')
    expect(activitySentence(entry({ user_name: '  ', user_email: null }))).toBe('Someone signed in')
    expect(activitySentence(entry({ action: 'report.update', entity_type: 'report' }))).toBe(
      'Ada Lovelace: report update (report)',
    )
  })
})
