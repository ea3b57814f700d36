import { groupStalled } from '@cadence/core'
import type { AgeSort, DashboardData, SectionItem } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { cache } from './cache'
import { invalidateChanges } from './changes'
import { loadQuestionBadges } from './question-badges'
import { toast } from './toasts'

/**
 * The recently-completed set: an item completed on the dashboard stays in its list, checked,
 * for RECENTLY_COMPLETED_MS (time to take it back), then leaves the list. Timers by item id.
 */
const RECENTLY_COMPLETED_MS = 10_000
const dashboardTiming = { recentlyCompletedMs: RECENTLY_COMPLETED_MS }
const recentlyCompleted = new Map<number, ReturnType<typeof setTimeout>>()

function forgetRecentlyCompleted(id: number) {
  clearTimeout(recentlyCompleted.get(id))
  recentlyCompleted.delete(id)
}

function rememberRecentlyCompleted(id: number) {
  forgetRecentlyCompleted(id)
  const timer = setTimeout(() => {
    recentlyCompleted.delete(id)
    const keep = (i: SectionItem) => !(i.id === id && i.is_completed)
    cache.dashboard.mutate((d: DashboardData | null) =>
      d
        ? {
            ...d,
            activeTasks: d.activeTasks.filter(keep),
            activeFollowups: d.activeFollowups.filter(keep),
          }
        : d,
    )
  }, dashboardTiming.recentlyCompletedMs)
  ;(timer as { unref?: () => void }).unref?.()
  recentlyCompleted.set(id, timer)
}

/** Clears the set (sign-out, tests). */
function clearRecentlyCompleted() {
  for (const id of [...recentlyCompleted.keys()]) forgetRecentlyCompleted(id)
}

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
    forgetRecentlyCompleted(item.id)
    cache.dashboard.invalidate()
    void cache.dashboard.load({ force: true }).catch(() => {})
    toast.error('Failed to complete task')
    throw error
  }
  if (completed) {
    rememberRecentlyCompleted(item.id)
    toast.success('Task completed!')
  } else {
    forgetRecentlyCompleted(item.id)
    toast.success('Task marked as pending')
  }
  // The completion animation plays on the client; the list is refreshed after it.
  cache.dashboard.invalidate()
  invalidateChanges()
}

/** The dashboard list of each kind of open item, and its total. */
const LISTS = {
  task: { list: 'activeTasks', total: 'activeTasksTotal' },
  followup: { list: 'activeFollowups', total: 'activeFollowupsTotal' },
} as const
type ListKind = keyof typeof LISTS

/** A load of the rest of a list under way, so a second click waits for it. */
const loadingRest = new Map<ListKind, Promise<void>>()

/**
 * The rest of a dashboard list, on demand ('+N more'): GET /api/dashboard holds the first 25 of
 * each list and its total; the rest comes a page at a time (GET /api/dashboard/items, after the
 * last item held), appended to the cached answer. A failure is said and leaves what was held.
 */
function loadRestOfDashboardList(kind: ListKind): Promise<void> {
  const running = loadingRest.get(kind)
  if (running) return running
  const { list, total } = LISTS[kind]
  const load = async () => {
    for (;;) {
      const data = cache.dashboard.state.data as DashboardData | null | undefined
      const held = data?.[list] ?? []
      const last = held.at(-1)
      if (!data || !last || held.length >= (data[total] ?? 0)) return
      const page = await call(
        api.api.dashboard.items.get({ query: { type: kind, after: last.id } }),
      )
      cache.dashboard.mutate((d: DashboardData | null) => {
        if (!d) return d
        const known = new Set(d[list].map((i) => i.id))
        return { ...d, [list]: [...d[list], ...page.items.filter((i) => !known.has(i.id))] }
      })
      if (page.next === null || page.items.length === 0) return
    }
  }
  const promise = load()
    .catch((error) => {
      toast.error('Could not load the rest of the list')
      throw error
    })
    .finally(() => loadingRest.delete(kind))
  loadingRest.set(kind, promise)
  return promise
}

/**
 * The lists whose answer holds fewer items than their total. Both age orders of the dashboard
 * ('Oldest first', 'Newest first') sort a whole list, while the answer is in the server's order
 * (newest week first): the page loads these lists' rest right after its first paint, so no older
 * item is left out of the sort.
 */
function incompleteDashboardLists(data: DashboardData): ListKind[] {
  return (Object.keys(LISTS) as ListKind[]).filter(
    (kind) => (data[LISTS[kind].total] ?? 0) > data[LISTS[kind].list].length,
  )
}

type NeedsYouData = DashboardData['needsYou']

/** 'Needs you' holds fewer stalled items than she has, and the server said where the rest start. */
function stalledIncomplete(data: DashboardData): boolean {
  const n = data.needsYou
  if (!n || n.stalledNext == null || n.stalledTotal === undefined) return false
  return n.stalledTotal > n.stalled.reduce((sum, g) => sum + g.items.length, 0)
}

let loadingStalled: Promise<void> | null = null

/**
 * The rest of 'Needs you' stalled (issue 45): GET /api/dashboard holds the stalled items among
 * her first 25 open items (oldest week first), `stalledTotal` and `stalledNext`; the rest comes a
 * page at a time (GET /api/dashboard/items?type=stalled), merged into the groups of the cached
 * answer. A failure is said and leaves what was held.
 */
function loadRestOfStalled(): Promise<void> {
  if (loadingStalled) return loadingStalled
  const load = async () => {
    for (;;) {
      const data = cache.dashboard.state.data as DashboardData | null | undefined
      const after = data?.needsYou?.stalledNext
      if (!data || after == null || !stalledIncomplete(data)) return
      const page = await call(api.api.dashboard.items.get({ query: { type: 'stalled', after } }))
      cache.dashboard.mutate((d: DashboardData | null) =>
        d?.needsYou
          ? {
              ...d,
              needsYou: {
                ...d.needsYou,
                stalled: groupStalled(d.needsYou.stalled, page.items),
                stalledNext: page.next,
              },
            }
          : d,
      )
    }
  }
  loadingStalled = load()
    .catch((error) => {
      toast.error('Could not load the rest of the stalled items')
      throw error
    })
    .finally(() => {
      loadingStalled = null
    })
  return loadingStalled
}

/** Takes entries off 'Needs you' at once (the next load agrees: the server no longer lists them). */
function dropFromNeedsYou(change: (n: NeedsYouData) => NeedsYouData) {
  cache.dashboard.mutate((d: DashboardData | null) =>
    d?.needsYou ? { ...d, needsYou: change(d.needsYou) } : d,
  )
}

/** On failure the dashboard is read again, so the entry comes back, and the error is said. */
async function needsYouWrite(request: Promise<unknown>, failed: string) {
  try {
    await request
  } catch (error) {
    cache.dashboard.invalidate()
    void cache.dashboard.load({ force: true }).catch(() => {})
    toast.error(failed)
    throw error
  }
  cache.dashboard.invalidate()
}

/** 'Needs you': readers' answers to asks seen (opened or marked), so they leave the list. */
async function markAnswersSeen(ids: number[]) {
  if (!ids.length) return
  const gone = new Set(ids)
  dropFromNeedsYou((n) => ({ ...n, answers: n.answers.filter((a) => !gone.has(a.id)) }))
  await needsYouWrite(
    call(api.api.dashboard['answers-seen'].post({ ids })),
    'Could not mark the answer seen',
  )
}

/** 'Needs you': a reader's question dismissed without an answer (marked seen). */
async function dismissQuestion(id: number) {
  dropFromNeedsYou((n) => ({ ...n, questions: n.questions.filter((q) => q.id !== id) }))
  await needsYouWrite(
    call(api.api.questions({ id }).put({ seen: true })),
    'Could not dismiss the question',
  )
  void loadQuestionBadges()
}

/**
 * How the dashboard orders active tasks and follow-ups by age (ui's DashboardView sorts them by
 * open_weeks): 'newest' first or 'oldest' first (the default: stalled and oldest items first).
 */
type DashboardSort = AgeSort

const SORT_KEY = 'cadence.dashboard.sort'
const DEFAULT_SORT: DashboardSort = 'oldest'

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function storedSort(): DashboardSort {
  const value = storage()?.getItem(SORT_KEY)
  return value === 'oldest' || value === 'newest' ? value : DEFAULT_SORT
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

function useDashboardSort() {
  return useSnapshot(dashboardSortState).sort as DashboardSort
}

export type { DashboardSort }
export {
  clearRecentlyCompleted,
  DEFAULT_SORT,
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
  useDashboardSort,
}
