import { proxy, useSnapshot } from 'valtio'
import { messageOf } from '../api/client'

/** Cached data older than this, or missing, is refetched. */
const FRESH_MS = 300_000

type ResourceState<T> = {
  data: T | null
  loading: boolean
  error: string | null
  /** Epoch ms of the last successful fetch; null when never fetched or invalidated. */
  lastFetched: number | null
}

type Resource<T> = {
  state: ResourceState<T>
  /** Returns fresh cached data, or fetches; `force` bypasses freshness. In-flight fetches are shared. */
  load: (options?: { force?: boolean }) => Promise<T>
  /** Marks the data stale so the next load refetches (data stays visible meanwhile). */
  invalidate: () => void
  /** Replaces the data locally (optimistic updates); returns the previous value for rollback. */
  mutate: (update: (current: T | null) => T | null) => T | null
  reset: () => void
}

/** One generic cached resource: every cache slot (projects, dashboard, …) is one of these. */
function createResource<T>(fetcher: () => Promise<T>): Resource<T> {
  const state = proxy<ResourceState<T>>({
    data: null,
    loading: false,
    error: null,
    lastFetched: null,
  })
  let inFlight: Promise<T> | null = null
  // A fetch started before an invalidate/reset must not overwrite newer truth with stale data.
  let generation = 0

  const isFresh = () =>
    state.data !== null && state.lastFetched !== null && Date.now() - state.lastFetched < FRESH_MS

  function load({ force = false }: { force?: boolean } = {}): Promise<T> {
    if (!force && isFresh()) return Promise.resolve(state.data as T)
    if (inFlight) return inFlight
    const mine = ++generation
    state.loading = true
    state.error = null
    const pending = fetcher().then(
      (data) => {
        if (mine === generation) {
          state.data = data
          state.lastFetched = Date.now()
        }
        return data
      },
      (error: unknown) => {
        if (mine === generation) state.error = messageOf(error)
        throw error
      },
    )
    inFlight = pending
    pending
      .finally(() => {
        if (inFlight === pending) {
          inFlight = null
          state.loading = false
        }
      })
      .catch(() => {})
    return pending
  }

  return {
    state,
    load,
    invalidate() {
      state.lastFetched = null
    },
    mutate(update) {
      const previous = state.data
      state.data = update(previous) as T | null
      return previous as T | null
    },
    reset() {
      generation++
      inFlight = null
      state.data = null
      state.loading = false
      state.error = null
      state.lastFetched = null
    },
  }
}

/** Read hook: a snapshot of one resource's data and flags. */
function useResource<T>(resource: Resource<T>) {
  return useSnapshot(resource.state) as ResourceState<T>
}

export type { Resource, ResourceState }
export { createResource, FRESH_MS, useResource }
