import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { type DashboardData, NO_NEEDS_YOU } from '@cadence/ui'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { itemWithReport } from '../test/fixtures'
import { cache, resetCache } from './cache'
import {
  clearRecentlyCompleted,
  dashboardSortState,
  dashboardTiming,
  dismissQuestion,
  incompleteDashboardLists,
  loadRestOfDashboardList,
  loadRestOfStalled,
  markAnswersSeen,
  RECENTLY_COMPLETED_MS,
  restoreDashboardSort,
  SORT_KEY,
  setDashboardItemCompleted,
  setDashboardSort,
  stalledIncomplete,
} from './dashboard'
import { clearToasts, toastState } from './toasts'

const task = {
  ...itemWithReport({ id: 5, section_id: 1, content: 'Send board deck', created_at: '' }),
  assignee_uuid: null,
  assignee_name: null,
  project_uuid: null,
  project_name: null,
}

const data = (): DashboardData => ({
  currentWeekReport: null,
  activeTasks: [task],
  activeFollowups: [],
  activeTasksTotal: 1,
  activeFollowupsTotal: 0,
  recentReports: [],
  projectHealth: [],
  waitingOn: [],
  needsYou: NO_NEEDS_YOU,
})

beforeEach(() => {
  resetCache()
  clearToasts()
  cache.dashboard.mutate(data)
  cache.dashboard.state.lastFetched = Date.now()
})
afterEach(() => {
  restoreFetch()
  clearRecentlyCompleted()
  dashboardTiming.recentlyCompletedMs = RECENTLY_COMPLETED_MS
})

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

describe('the recently-completed set', () => {
  test('recently completed: cleared after 10 s', () => {
    expect(RECENTLY_COMPLETED_MS).toBe(10_000)
  })

  test('a completed task stays in the list, checked, until the set is cleared; then it leaves', async () => {
    dashboardTiming.recentlyCompletedMs = 40
    stubFetch(() => json({ ...task, is_completed: true }))
    await setDashboardItemCompleted(task, true)
    expect(cache.dashboard.state.data?.activeTasks).toEqual([{ ...task, is_completed: true }])
    await Bun.sleep(80)
    expect(cache.dashboard.state.data?.activeTasks).toEqual([])
  })

  test('a task reopened within the window stays, open', async () => {
    dashboardTiming.recentlyCompletedMs = 40
    stubFetch(({ body }) => json({ ...task, ...(body as object) }))
    await setDashboardItemCompleted(task, true)
    await setDashboardItemCompleted(task, false)
    await Bun.sleep(80)
    expect(cache.dashboard.state.data?.activeTasks).toEqual([task])
  })
})

describe('sort by age', () => {
  test('the choice is kept in localStorage across page loads; stalled and oldest first by default', () => {
    const saved = globalThis.localStorage
    const store = new Map<string, string>()
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage
    try {
      restoreDashboardSort()
      expect(dashboardSortState.sort).toBe('oldest')
      setDashboardSort('newest')
      expect(store.get(SORT_KEY)).toBe('newest')
      dashboardSortState.sort = 'oldest'
      restoreDashboardSort()
      expect(dashboardSortState.sort as string).toBe('newest')
      setDashboardSort('oldest')
      restoreDashboardSort()
      expect(dashboardSortState.sort).toBe('oldest')
      // Anything else stored (an older value, tampering) falls back to the default.
      store.set(SORT_KEY, 'age')
      restoreDashboardSort()
      expect(dashboardSortState.sort).toBe('oldest')
    } finally {
      globalThis.localStorage = saved
    }
  })
})

describe('needs you', () => {
  const answer = {
    id: 7,
    report_uuid: 'r1',
    week_start_date: '2026-11-23',
    ask: 'Approve the budget',
    name: 'Rob',
    answer: 'approve' as const,
    text: null,
    created_at: '2026-11-24T10:00:00.000Z',
  }
  const question = {
    id: 3,
    report_uuid: 'r1',
    week_start_date: '2026-11-23',
    name: 'Lena',
    text: 'Why late?',
    item_content: null,
    created_at: '2026-11-24T10:00:00.000Z',
  }
  const withEntries = () => ({
    ...data(),
    needsYou: { ...NO_NEEDS_YOU, answers: [answer], questions: [question] },
  })

  test('an answer marked seen leaves at once and is posted by id', async () => {
    cache.dashboard.mutate(withEntries)
    const calls = stubFetch(() => json({ seen: 1 }))
    await markAnswersSeen([7])
    expect(cache.dashboard.state.data?.needsYou.answers).toEqual([])
    expect(calls[0]).toEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/dashboard/answers-seen',
        body: { ids: [7] },
      }),
    )
  })

  test('a question dismissed is marked seen; a failure brings it back and says so', async () => {
    cache.dashboard.mutate(withEntries)
    const calls = stubFetch(({ method }) =>
      method === 'PUT' ? json({ error: 'nope' }, 500) : json(withEntries()),
    )
    await expect(dismissQuestion(3)).rejects.toThrow('nope')
    expect(calls[0]).toEqual(
      expect.objectContaining({ method: 'PUT', path: '/api/questions/3', body: { seen: true } }),
    )
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Could not dismiss the question'])
    await Bun.sleep(10)
    expect(cache.dashboard.state.data?.needsYou.questions).toEqual([question])
  })
})

describe('the rest of a list on demand', () => {
  const more = (id: number) => ({ ...task, id, content: `Task ${id}` })
  test('pages after the last item held until the total, appended to the cached answer', async () => {
    cache.dashboard.mutate(() => ({ ...data(), activeTasksTotal: 4 }))
    const calls = stubFetch(({ path }) => {
      const after = Number(new URL(`http://x${path}`).searchParams.get('after'))
      return after === 5
        ? json({ items: [more(6), more(7)], next: 7 })
        : json({ items: [more(8)], next: null })
    })
    await loadRestOfDashboardList('task')
    expect(cache.dashboard.state.data?.activeTasks.map((i) => i.id)).toEqual([5, 6, 7, 8])
    expect(calls.map((c) => c.path)).toEqual([
      '/api/dashboard/items?type=task&after=5',
      '/api/dashboard/items?type=task&after=7',
    ])
    // Everything is held: nothing more is asked.
    await loadRestOfDashboardList('task')
    expect(calls).toHaveLength(2)
  })

  test('a list holding fewer than its total is incomplete, so the page loads its rest', () => {
    expect(incompleteDashboardLists({ ...data(), activeTasksTotal: 1 })).toEqual([])
    expect(incompleteDashboardLists({ ...data(), activeTasksTotal: 30 })).toEqual(['task'])
    expect(
      incompleteDashboardLists({ ...data(), activeTasksTotal: 30, activeFollowupsTotal: 2 }),
    ).toEqual(['task', 'followup'])
  })

  test('a failure is said and keeps what was held', async () => {
    cache.dashboard.mutate(() => ({ ...data(), activeTasksTotal: 30 }))
    stubFetch(() => json({ error: 'nope' }, 500))
    await expect(loadRestOfDashboardList('task')).rejects.toThrow('nope')
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Could not load the rest of the list'])
    expect(cache.dashboard.state.data?.activeTasks.map((i) => i.id)).toEqual([5])
  })
})

describe("the rest of 'Needs you' stalled on demand", () => {
  const stalledItem = (id: number, open_weeks: number, who: 'elena' | null) => ({
    ...task,
    id,
    content: `Stalled ${id}`,
    open_weeks,
    is_stalled: true,
    report_uuid: 'r1',
    assignee_uuid: who ? 'u-elena' : null,
    assignee_name: who ? 'Elena' : null,
  })
  const withStalled = (): DashboardData => ({
    ...data(),
    needsYou: {
      ...NO_NEEDS_YOU,
      stalled: [
        {
          team_member_uuid: null,
          name: null,
          items: [{ id: 10, content: 'Stalled 10', open_weeks: 9, report_uuid: 'r1' }],
        },
      ],
      stalledTotal: 4,
      stalledNext: 10,
    },
  })

  test('pages after stalledNext until none is left, merged into the groups by person, oldest first', async () => {
    cache.dashboard.mutate(withStalled)
    expect(stalledIncomplete(withStalled())).toBe(true)
    const calls = stubFetch(({ path }) => {
      const after = Number(new URL(`http://x${path}`).searchParams.get('after'))
      return after === 10
        ? json({ items: [stalledItem(11, 12, null), stalledItem(12, 5, 'elena')], next: 13 })
        : json({ items: [stalledItem(14, 7, 'elena'), stalledItem(10, 9, null)], next: null })
    })
    await loadRestOfStalled()
    expect(calls.map((c) => c.path)).toEqual([
      '/api/dashboard/items?type=stalled&after=10',
      '/api/dashboard/items?type=stalled&after=13',
    ])
    const stalled = cache.dashboard.state.data?.needsYou.stalled ?? []
    // Elena's group before her own; in each the oldest first; item 10 held once.
    expect(stalled.map((g) => g.name)).toEqual(['Elena', null])
    expect(stalled.map((g) => g.items.map((i) => i.id))).toEqual([
      [14, 12],
      [11, 10],
    ])
    expect(cache.dashboard.state.data?.needsYou.stalledNext).toBeNull()
    expect(stalledIncomplete(cache.dashboard.state.data as DashboardData)).toBe(false)
    // Nothing left to read: nothing more is asked.
    await loadRestOfStalled()
    expect(calls).toHaveLength(2)
  })

  test('complete when every stalled item is held, or the server gave no cursor', () => {
    expect(stalledIncomplete(data())).toBe(false)
    const held = withStalled()
    expect(stalledIncomplete({ ...held, needsYou: { ...held.needsYou, stalledTotal: 1 } })).toBe(
      false,
    )
    expect(stalledIncomplete({ ...held, needsYou: { ...held.needsYou, stalledNext: null } })).toBe(
      false,
    )
  })

  test('a failure is said and keeps what was held', async () => {
    cache.dashboard.mutate(withStalled)
    stubFetch(() => json({ error: 'nope' }, 500))
    await expect(loadRestOfStalled()).rejects.toThrow('nope')
    expect(toastState.toasts.map((t) => t.message)).toEqual([
      'Could not load the rest of the stalled items',
    ])
    expect(cache.dashboard.state.data?.needsYou.stalled[0].items.map((i) => i.id)).toEqual([10])
  })
})
