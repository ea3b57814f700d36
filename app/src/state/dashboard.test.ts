import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { DashboardData, SectionItem } from '@cadence/ui'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { cache, resetCache } from './cache'
import {
  dashboardSortState,
  restoreDashboardSort,
  SORT_KEY,
  setDashboardItemCompleted,
  setDashboardSort,
  sortByAge,
  sortDashboard,
} from './dashboard'
import { clearToasts, toastState } from './toasts'

const task: SectionItem = {
  id: 5,
  section_id: 1,
  project_id: null,
  content: 'Send board deck',
  is_completed: false,
  item_type: 'task',
  assigned_to_team_member_id: null,
  created_at: '',
}

const data = (): DashboardData => ({
  currentWeekReport: null,
  activeTasks: [task],
  activeFollowups: [],
  recentReports: [],
})

beforeEach(() => {
  resetCache()
  clearToasts()
  cache.dashboard.mutate(data)
  cache.dashboard.state.lastFetched = Date.now()
})
afterEach(restoreFetch)

describe('dashboard task completion', () => {
  test('the task is marked completed before the server answers', async () => {
    const gate = deferred<Response>()
    stubFetch(() => gate.promise)
    const pending = setDashboardItemCompleted(task, true)
    expect(cache.dashboard.state.data?.activeTasks[0].is_completed).toBe(true)
    gate.resolve(json({ ...task, is_completed: true }))
    await pending
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Task completed!'])
  })

  test('a failure invalidates the dashboard, reports it and rethrows', async () => {
    const calls = stubFetch(({ method }) =>
      method === 'PUT' ? json({ error: 'nope' }, 500) : json(data()),
    )
    await expect(setDashboardItemCompleted(task, true)).rejects.toThrow('nope')
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Failed to complete task'])
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/dashboard')).toBe(true)
  })
})

describe('sort by age', () => {
  const aged = (id: number, open_weeks: number, origin: string): SectionItem => ({
    ...task,
    id,
    open_weeks,
    origin_week_start_date: origin,
  })

  test('oldest first; equal ages keep the order they came in', () => {
    const items = [
      aged(1, 0, '2026-11-16'),
      aged(2, 3, '2026-10-26'),
      aged(3, 1, '2026-11-09'),
      aged(4, 3, '2026-10-26'),
      { ...task, id: 5 },
    ]
    expect(sortByAge(items).map((i) => i.id)).toEqual([2, 4, 3, 1, 5])
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5])
  })

  test('only the age order reorders the active lists', () => {
    const d = { ...data(), activeFollowups: [aged(7, 0, '2026-11-16'), aged(8, 2, '2026-11-02')] }
    expect(sortDashboard(d, 'default')).toBe(d)
    expect(sortDashboard(d, 'age').activeFollowups.map((i) => i.id)).toEqual([8, 7])
  })

  test('the choice is kept in localStorage across page loads', () => {
    const saved = globalThis.localStorage
    const store = new Map<string, string>()
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage
    restoreDashboardSort()
    expect(dashboardSortState.sort).toBe('default')
    setDashboardSort('age')
    expect(localStorage.getItem(SORT_KEY)).toBe('age')
    dashboardSortState.sort = 'default'
    restoreDashboardSort()
    expect(dashboardSortState.sort as string).toBe('age')
    setDashboardSort('default')
    restoreDashboardSort()
    expect(dashboardSortState.sort).toBe('default')
    globalThis.localStorage = saved
  })
})
