import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { SectionTemplate } from '@cadence/ui'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { userSettings } from '../test/fixtures'
import { cache, resetCache } from './cache'
import {
  reorderPayload,
  reorderSections,
  reportPreferencesPayload,
  savePreferences,
  saveWeekOverWeek,
  updateSection,
} from './settings'
import { clearToasts, toastState } from './toasts'

const template = (id: number, name: string, sort_order: number): SectionTemplate => ({
  id,
  user_id: 1,
  name,
  type: 'standard',
  sort_order,
  created_at: '',
  updated_at: '',
})

beforeEach(() => {
  resetCache()
  clearToasts()
  cache.sectionTemplates.mutate(() => [
    template(1, 'Wins', 0),
    template(2, 'Tasks', 1),
    template(3, 'Risks', 2),
  ])
})
afterEach(restoreFetch)

describe('section templates', () => {
  test('reordering sends each position from 0 as sort_order', async () => {
    const calls = stubFetch(() => json({}))
    const [a, b, c] = cache.sectionTemplates.state.data!
    await reorderSections([c, a, b])
    expect(reorderPayload([c, a, b])).toEqual({
      sections: [
        { id: 3, sort_order: 0 },
        { id: 1, sort_order: 1 },
        { id: 2, sort_order: 2 },
      ],
    })
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/section-templates/reorder' })
    expect(calls[0].body).toEqual(reorderPayload([c, a, b]))
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Sections reordered successfully'])
  })

  test('a failed reorder restores the order', async () => {
    stubFetch(() => json({ error: 'busy' }, 500))
    const [a, b, c] = cache.sectionTemplates.state.data!
    await reorderSections([c, b, a])
    expect(cache.sectionTemplates.state.data?.map((s) => s.id)).toEqual([1, 2, 3])
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Failed to reorder sections: busy'])
  })

  test('an edit saves only a non-empty changed name or a changed type', async () => {
    const calls = stubFetch(() => json({}))
    expect(await updateSection(1, { name: '  Wins ' })).toBe(false)
    expect(await updateSection(1, { name: '   ' })).toBe(false)
    expect(calls).toHaveLength(0)
    expect(await updateSection(1, { name: 'Highlights', type: 'standard' })).toBe(true)
    expect(calls[0].body).toEqual({ name: 'Highlights' })
    expect(await updateSection(2, { type: 'tasks' })).toBe(true)
    expect(calls[1].body).toEqual({ type: 'tasks' })
  })
})

describe('report preferences (carry-over, reminder, recipients)', () => {
  const settings = userSettings()

  test('the PUT carries only the given fields, recipients trimmed without empty lines', () => {
    expect(reportPreferencesPayload({ carry_over: false })).toEqual({ carry_over: false })
    expect(
      reportPreferencesPayload({
        reminder_enabled: false,
        report_recipients: [' a@example.com ', '', '  ', 'b@example.com'],
      }),
    ).toEqual({ reminder_enabled: false, report_recipients: ['a@example.com', 'b@example.com'] })
    expect(reportPreferencesPayload({ report_recipients: [] })).toEqual({ report_recipients: [] })
  })

  test('saving PUTs /api/user-settings and keeps what the server answers', async () => {
    cache.settings.mutate(() => settings)
    const calls = stubFetch(() =>
      json({ ...settings, carry_over: false, report_recipients: ['a@example.com'] }),
    )
    expect(
      await savePreferences({
        carry_over: false,
        report_recipients: ['a@example.com', 'A@example.com '],
      }),
    ).toBe(true)
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/user-settings',
      body: { carry_over: false, report_recipients: ['a@example.com', 'A@example.com'] },
    })
    expect(cache.settings.state.data?.report_recipients).toEqual(['a@example.com'])
    expect(cache.settings.state.data?.carry_over).toBe(false)
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Settings saved successfully!'])
  })

  test("a refused address is the error toast 'Failed to save settings: …' and nothing changes", async () => {
    cache.settings.mutate(() => settings)
    stubFetch(() => json({ error: 'Valid email is required' }, 400))
    expect(await savePreferences({ report_recipients: ['not-an-address'] })).toBe(false)
    expect(cache.settings.state.data?.report_recipients).toEqual([])
    expect(toastState.toasts.map((t) => `${t.type}: ${t.message}`)).toEqual([
      'error: Failed to save settings: Valid email is required',
    ])
  })

  test('a carry-over or reminder switch shows at once and keeps the server answer', async () => {
    cache.settings.mutate(() => settings)
    const gate = deferred<Response>()
    const calls = stubFetch(() => gate.promise)
    const pending = saveWeekOverWeek({ carry_over: false })
    expect(cache.settings.state.data?.carry_over).toBe(false)
    gate.resolve(json({ ...settings, carry_over: false }))
    expect(await pending).toBeNull()
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { carry_over: false } })
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Settings saved successfully!'])
  })

  test('a refused change comes back, with the toast and the reason for the form', async () => {
    cache.settings.mutate(() => ({ ...settings, report_recipients: ['a@example.com'] }))
    stubFetch(() => json({ error: 'At most 20 recipients' }, 400))
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`)
    expect(await saveWeekOverWeek({ report_recipients: many })).toBe('At most 20 recipients')
    expect(cache.settings.state.data?.report_recipients).toEqual(['a@example.com'])
    expect(toastState.toasts.map((t) => `${t.type}: ${t.message}`)).toEqual([
      'error: Failed to save settings: At most 20 recipients',
    ])
  })
})
