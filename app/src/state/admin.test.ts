import { afterEach, expect, spyOn, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { adminState, loadAdmin, toSystemSetting, updateSystemSetting } from './admin'
import { clearToasts, toastState } from './toasts'

afterEach(() => {
  restoreFetch()
  clearToasts()
})

const serverRows = [
  {
    key: 'maintenance_mode',
    setting_value: 'false',
    setting_type: 'boolean',
    description: 'Show a maintenance notice to users',
    updated_at: '2026-11-23T08:00:00Z',
  },
  { key: 'support_email', setting_value: 'a@example.com', setting_type: 'text', description: null },
]

test("the server's `key` rows become settings with a setting_key and a distinct id", () => {
  expect(serverRows.map(toSystemSetting)).toEqual([
    {
      id: 1,
      setting_key: 'maintenance_mode',
      setting_type: 'boolean',
      setting_value: 'false',
      description: 'Show a maintenance notice to users',
    },
    {
      id: 2,
      setting_key: 'support_email',
      setting_type: 'text',
      setting_value: 'a@example.com',
      description: null,
    },
  ])
  // Rows already in the API's shape are kept as they are.
  expect(
    toSystemSetting(
      { id: 7, setting_key: 'x', setting_type: 'number', setting_value: '3', description: 'd' },
      0,
    ),
  ).toEqual({
    id: 7,
    setting_key: 'x',
    setting_type: 'number',
    setting_value: '3',
    description: 'd',
  })
})

test('a loaded setting is saved under its key', async () => {
  const quiet = spyOn(console, 'error').mockImplementation(() => {})
  const calls = stubFetch(({ path }) => {
    if (path === '/api/admin/system-settings') return json(serverRows)
    if (path === '/api/admin/system-settings/maintenance_mode') return json({ ok: true })
    return json([])
  })
  await loadAdmin()
  expect(adminState.settings.map((s) => s.setting_key)).toEqual([
    'maintenance_mode',
    'support_email',
  ])
  await updateSystemSetting(adminState.settings[0].setting_key, true)
  expect(calls.at(-1)).toEqual({
    method: 'PUT',
    path: '/api/admin/system-settings/maintenance_mode',
    body: { setting_value: 'true' },
  })
  expect(adminState.settings[0].setting_value).toBe('true')
  expect(toastState.toasts.map((t) => t.message)).toEqual(['Setting updated successfully'])
  quiet.mockRestore()
})
