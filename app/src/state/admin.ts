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

/**
 * A system setting as the views take it (id, setting_key, setting_type, …). The server's rows
 * are keyed by `key` and carry no id, so both are filled in from the key when missing.
 */
function toSystemSetting(row: unknown, index: number): SystemSetting {
  const r = row as Partial<SystemSetting> & { key?: string }
  const key = r.setting_key ?? r.key ?? ''
  return {
    id: typeof r.id === 'number' ? r.id : index + 1,
    setting_key: key,
    setting_type: r.setting_type ?? 'text',
    setting_value: r.setting_value ?? '',
    description: r.description ?? null,
  }
}

async function loadAdmin() {
  adminState.loading = true
  // Each panel loads on its own: a failed one is logged and left empty.
  const get = <T>(pending: Promise<unknown>, fallback: T): Promise<T> =>
    (pending as Promise<T>).catch((error) => {
      console.error(error)
      return fallback
    })
  const admin = api.api.admin
  const [stats, users, analytics, settings, activity] = await Promise.all([
    get<AdminStats | null>(call(admin.stats.get()), null),
    get<AdminUser[]>(call(admin.users.get({ query: {} })), []),
    get<OnboardingAnalytics | null>(call(admin['onboarding-analytics'].get()), null),
    get<SystemSetting[]>(call(admin['system-settings'].get()), []),
    get<ActivityEntry[]>(call(admin['activity-log'].get({ query: {} })), []),
  ])
  Object.assign(adminState, {
    stats,
    users,
    analytics,
    settings: settings.map(toSystemSetting),
    activity,
    loading: false,
  })
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
export { adminState, loadAdmin, toSystemSetting, updateSystemSetting, useAdmin }
