import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { createResource, type Resource, useResource } from './resource'
import { toast } from './toasts'

const adminApi = api.api.admin

/** The admin panel's five panels, each loaded on its own: a failed one is logged and left as it was. */
const admin = {
  stats: createResource(() => call(adminApi.stats.get())),
  users: createResource(() => call(adminApi.users.get({ query: {} }))),
  analytics: createResource(() => call(adminApi['onboarding-analytics'].get())),
  settings: createResource(() => call(adminApi['system-settings'].get())),
  activity: createResource(() => call(adminApi['activity-log'].get({ query: {} }))),
}

const panels = (): Pick<Resource<unknown>, 'reload' | 'reset'>[] => Object.values(admin)

/** Loads (or refreshes) every panel; resolves when all have answered. */
async function loadAdmin() {
  await Promise.all(panels().map((panel) => panel.reload().catch((error) => console.error(error))))
}

/** PUT /api/admin/system-settings/{key} with the value as a string ('true'/'false' for booleans). */
async function updateSystemSetting(key: string, value: string | number | boolean) {
  const settingValue = String(value)
  const setting = admin.settings.state.data?.find((s) => s.setting_key === key)
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

/** POST /api/admin/users/{id}/sessions/end: the user is signed out on every device. */
async function endUserSessions(user: { id: number; email: string }) {
  try {
    const { ended } = await call(api.api.admin.users({ id: user.id }).sessions.end.post())
    toast.success(`Ended ${ended} session${ended === 1 ? '' : 's'} of ${user.email}`)
  } catch {
    toast.error(`Failed to end the sessions of ${user.email}`)
  }
}

onCacheReset(() => {
  for (const panel of panels()) panel.reset()
})

/** The panels as the page shows them: each one's data (empty until it answers) and `loading`. */
function useAdmin() {
  const stats = useResource(admin.stats)
  const users = useResource(admin.users)
  const analytics = useResource(admin.analytics)
  const settings = useResource(admin.settings)
  const activity = useResource(admin.activity)
  return {
    loading: [stats, users, analytics, settings, activity].some((panel) => panel.loading),
    stats: stats.data,
    users: users.data ?? [],
    analytics: analytics.data,
    settings: settings.data ?? [],
    activity: activity.data ?? [],
  }
}

export { admin, endUserSessions, loadAdmin, updateSystemSetting, useAdmin }
