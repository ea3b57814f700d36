import type { DashboardData, SectionItem } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { cache } from './cache'
import { invalidateChanges } from './changes'
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
  invalidateChanges()
}

/** How the dashboard orders active tasks and follow-ups: as the server sends them, or by age. */
type DashboardSort = 'default' | 'age'

const SORT_KEY = 'cadence.dashboard.sort'

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function storedSort(): DashboardSort {
  return storage()?.getItem(SORT_KEY) === 'age' ? 'age' : 'default'
}

const dashboardSortState = proxy<{ sort: DashboardSort }>({ sort: storedSort() })

/** Changes the order and remembers it in localStorage for the next visit. */
function setDashboardSort(sort: DashboardSort) {
  dashboardSortState.sort = sort
  try {
    storage()?.setItem(SORT_KEY, sort)
  } catch {}
}

/** Re-reads the remembered order (a new page load, or tests). */
function restoreDashboardSort() {
  dashboardSortState.sort = storedSort()
}

/**
 * docs/week-over-week.md: by age, oldest first (most `open_weeks`, then earliest origin week);
 * equal ages keep the server's order.
 */
function sortByAge<T extends Pick<SectionItem, 'open_weeks' | 'origin_week_start_date'>>(
  items: readonly T[],
): T[] {
  // 'YYYY-MM-DD' strings order as dates; an item without an origin week goes after the dated ones.
  const origin = (item: T) => item.origin_week_start_date ?? '9999-12-31'
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const weeks = (b.item.open_weeks ?? 0) - (a.item.open_weeks ?? 0)
      if (weeks !== 0) return weeks
      if (origin(a.item) !== origin(b.item)) return origin(a.item) < origin(b.item) ? -1 : 1
      return a.index - b.index
    })
    .map(({ item }) => item)
}

/** The dashboard data in the chosen order (only the active lists are reordered). */
function sortDashboard(data: DashboardData, sort: DashboardSort): DashboardData {
  if (sort !== 'age') return data
  return {
    ...data,
    activeTasks: sortByAge(data.activeTasks),
    activeFollowups: sortByAge(data.activeFollowups),
  }
}

function useDashboardSort() {
  return useSnapshot(dashboardSortState).sort as DashboardSort
}

export type { DashboardSort }
export {
  dashboardSortState,
  restoreDashboardSort,
  SORT_KEY,
  setDashboardItemCompleted,
  setDashboardSort,
  sortByAge,
  sortDashboard,
  useDashboardSort,
}
