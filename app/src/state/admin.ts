import type {
  ActivityEntry,
  AdminStats,
  AdminUser,
  OnboardingAnalytics,
  SystemSetting,
} from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { toast } from './toasts'

type AdminState = {
  loading: boolean
  stats: AdminStats | null
  users: AdminUser[]
  analytics: OnboardingAnalytics | null
  settings: SystemSetting[]
  activity: ActivityEntry[]
}

const adminState = proxy<AdminState>({
  loading: false,
  stats: null,
  users: [],
  analytics: null,
  settings: [],
  activity: [],
})

async function loadAdmin() {
  adminState.loading = true
  // Each panel loads on its own: a failed one is logged and left empty.
  const get = <T, F>(pending: Promise<T>, fallback: F): Promise<T | F> =>
    pending.catch((error) => {
      console.error(error)
      return fallback
    })
  const admin = api.api.admin
  const [stats, users, analytics, settings, activity] = await Promise.all([
    get(call(admin.stats.get()), null),
    get(call(admin.users.get({ query: {} })), []),
    get(call(admin['onboarding-analytics'].get()), null),
    get(call(admin['system-settings'].get()), []),
    get(call(admin['activity-log'].get({ query: {} })), []),
  ])
  const loaded: AdminState = { stats, users, analytics, settings, activity, loading: false }
  Object.assign(adminState, loaded)
}

/** PUT /api/admin/system-settings/{key} with the value as a string ('true'/'false' for booleans). */
async function updateSystemSetting(key: string, value: string | number | boolean) {
  const settingValue = String(value)
  const setting = adminState.settings.find((s) => s.setting_key === key)
  const previous = setting?.setting_value
  if (setting) setting.setting_value = settingValue
  try {
    await call(api.api.admin['system-settings']({ key }).put({ setting_value: settingValue }))
    toast.success('Setting updated successfully')
  } catch {
    if (setting && previous !== undefined) setting.setting_value = previous
    toast.error('Failed to update setting')
  }
}

function useAdmin() {
  return useSnapshot(adminState) as AdminState
}

export type { AdminState }
export { adminState, loadAdmin, updateSystemSetting, useAdmin }
