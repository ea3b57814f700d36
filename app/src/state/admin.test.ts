import { afterEach, beforeEach, expect, spyOn, test } from 'bun:test'
import type { SystemSetting } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { admin, loadAdmin, updateSystemSetting } from './admin'
import { clearToasts, toastState } from './toasts'

beforeEach(clearToasts)
afterEach(() => {
  restoreFetch()
  clearToasts()
})

const serverRows: SystemSetting[] = [
  {
    id: 1,
    setting_key: 'maintenance_mode',
    key: 'maintenance_mode',
    setting_value: 'false',
    setting_type: 'boolean',
    description: 'Show a maintenance notice to users',
    updated_at: '2026-11-23T08:00:00Z',
  },
  {
    id: 2,
    setting_key: 'support_email',
    key: 'support_email',
    setting_value: 'a@example.com',
    setting_type: 'text',
    description: null,
    updated_at: '2026-11-23T08:00:00Z',
  },
]

test('a loaded setting is saved under its key', async () => {
  const quiet = spyOn(console, 'error').mockImplementation(() => {})
  const calls = stubFetch(({ path }) => {
    if (path === '/api/admin/system-settings') return json(serverRows)
    if (path === '/api/admin/system-settings/maintenance_mode') return json({ ok: true })
    return json([])
  })
  await loadAdmin()
  expect(admin.settings.state.data?.map((s) => s.setting_key)).toEqual([
    'maintenance_mode',
    'support_email',
  ])
  await updateSystemSetting(admin.settings.state.data?.[0].setting_key ?? '', true)
  expect(calls.at(-1)).toEqual({
    method: 'PUT',
    path: '/api/admin/system-settings/maintenance_mode',
    body: { setting_value: 'true' },
  })
  expect(admin.settings.state.data?.[0].setting_value).toBe('true')
  expect(toastState.toasts.map((t) => t.message)).toEqual(['Setting updated successfully'])
  quiet.mockRestore()
})
