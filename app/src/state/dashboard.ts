import type { DashboardData, SectionItem } from '@cadence/ui'
import { api, call } from '../api/client'
import { cache } from './cache'
import { toast } from './toasts'

/**
 * Completes (or reopens) a task or follow-up from the dashboard: the lists change at once; on
 * failure the dashboard cache is invalidated, the error reported and rethrown.
 */
async function setDashboardItemCompleted(
  item: Pick<SectionItem, 'id' | 'item_type'>,
  completed: boolean,
) {
  const key = item.item_type === 'followup' ? 'activeFollowups' : 'activeTasks'
  cache.dashboard.mutate((d: DashboardData | null) =>
    d
      ? {
          ...d,
          [key]: d[key].map((i) => (i.id === item.id ? { ...i, is_completed: completed } : i)),
        }
      : d,
  )
  try {
    await call(api.api['section-items']({ id: item.id }).put({ is_completed: completed }))
  } catch (error) {
    cache.dashboard.invalidate()
    void cache.dashboard.load({ force: true }).catch(() => {})
    toast.error('Failed to complete task')
    throw error
  }
  if (completed) toast.success('Task completed!')
  else toast.success('Task marked as pending')
  // The completion animation plays on the client; the list is refreshed after it.
  cache.dashboard.invalidate()
}

export { setDashboardItemCompleted }
