import { proxy, useSnapshot } from 'valtio'
import { ApiError, messageOf } from '../api/client'
import type { AnswerBatch } from './after-paint'

// The one way the app holds server data: every answer a page shows lives in a resource. A resource
// loads on demand, shares a load in flight, keeps its data on screen while it reloads
// (stale-while-revalidate), applies only the newest answer (one that arrives after a later
// request's answer, or after the resource moved to another key or was reset, is dropped), and is
// changed locally for optimistic edits with `mutate`.

/** Cached data older than this, or missing, is refetched. */
const FRESH_MS = 300_000

type ResourceState<T, K = undefined> = {
  /** What the data is of (a uuid, a token, a week, a query); undefined for a resource with no key. */
  key: K | undefined
  data: T | null
  /** True while the newest request is in flight (the data stays meanwhile). */
  loading: boolean
  /** The newest request's failure, cleared when another starts. */
  error: string | null
  /** True once an answer for this key arrived (its data may be null: 'nothing there'). */
  loaded: boolean
  /** Epoch ms of the last answer; null when never fetched or marked stale. */
  lastFetched: number | null
}

type LoadOptions<K> = {
  /**
   * Apply the answer with the other answers of this batch, in one go (answerBatch): the pages
   * that follow several resources render once for all of them, not once per answer.
   */
  batch?: AnswerBatch
  /** Load this key's data; another key's data is dropped at once. Defaults to the current key. */
  key?: K
  /** Fetch even when the data is fresh (a load in flight since the last invalidate is shared). */
  force?: boolean
  /** On a new key, keep showing the old key's data until the new answer (search as one types). */
  keepData?: boolean
}

type Resource<T, K = undefined, X extends object = object> = {
  state: ResourceState<T, K> & X
  /** Fresh data as it is, or a fetch (shared with an identical one in flight); resolves its answer. */
  load: (options?: LoadOptions<K>) => Promise<T>
  /**
   * Fetches the current key again after a change (never sharing a request made before it),
   * keeping the data on screen until the answer.
   */
  reload: (options?: { batch?: AnswerBatch }) => Promise<T>
  /** Marks the data stale: the next load refetches (the data stays visible meanwhile). */
  invalidate: () => void
  /** Replaces the data locally (optimistic updates); returns the previous value for rollback. */
  mutate: (update: (current: T | null) => T | null) => T | null
  /** Back to empty (sign-out): no answer of a request made before lands. */
  reset: () => void
}

type ResourceOptions<T, K, X> = {
  freshMs?: number
  /**
   * More fields on the state, usually getters naming the data as the page knows it
   * (`get current() { return this.data }`); `this` is the state.
   */
  state?: X & ThisType<ResourceState<T, K> & X>
}

// The extra fields of each resource's state, to build an empty state of the same shape.
const extrasOf = new WeakMap<object, PropertyDescriptorMap>()

/** A 404 answer means the thing is gone: its old data is dropped rather than kept as stale. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404

/** A resource's state before any load: empty, with the resource's extra fields (getters). */
function emptyState<T, K, X extends object>(extra: ResourceOptions<T, K, X>['state']) {
  const initial: ResourceState<T, K> = {
    key: undefined,
    data: null,
    loading: false,
    error: null,
    loaded: false,
    lastFetched: null,
  }
  const extras = extra ? Object.getOwnPropertyDescriptors(extra) : {}
  Object.defineProperties(initial, extras)
  const state = proxy(initial as ResourceState<T, K> & X)
  extrasOf.set(state, extras)
  return state
}

/**
 * One piece of server data. `fetcher(key)` asks the server; the key is the resource's identity
 * for pages that show one of many (a report's uuid), undefined otherwise.
 */
function createResource<T, K = undefined, X extends object = object>(
  fetcher: (key: K) => Promise<T>,
  { freshMs = FRESH_MS, state: extra }: ResourceOptions<T, K, X> = {},
): Resource<T, K, X> {
  const state = emptyState<T, K, X>(extra)

  // `epoch` changes when the key changes or on reset: answers of an older epoch are dropped.
  // Within an epoch requests are numbered: an answer older than one applied is dropped, and only
  // the newest request's end clears `loading` or sets `error`.
  let epoch = 0
  let started = 0
  let applied = 0
  // `version` counts invalidations: a load in flight from before one is not shared, and its
  // answer, applied if newest, is stale at once.
  let version = 0
  let inFlight: { promise: Promise<T>; version: number } | null = null

  // Only an answer sets lastFetched (a key change, invalidate, reset or 404 clears it).
  const isFresh = () => state.lastFetched !== null && Date.now() - state.lastFetched < freshMs

  function clear(key: K | undefined, keepData = false) {
    epoch++
    inFlight = null
    state.key = key
    state.loading = false
    state.error = null
    state.lastFetched = null
    if (keepData) return
    state.data = null
    state.loaded = false
  }

  function load(options: LoadOptions<K> = {}): Promise<T> {
    const key = 'key' in options ? (options.key as K) : (state.key as K)
    if (key !== state.key) clear(key, options.keepData)
    if (!options.force && isFresh()) return Promise.resolve(state.data as T)
    if (inFlight && inFlight.version === version) return inFlight.promise
    const mine = { epoch, seq: ++started, version }
    const current = () => mine.epoch === epoch
    state.loading = true
    state.error = null
    const answer = fetcher(key)
    const promise = (options.batch ? options.batch.add(answer) : answer).then(
      (data) => {
        if (current() && mine.seq > applied) {
          applied = mine.seq
          state.data = data
          state.loaded = true
          state.lastFetched = mine.version === version ? Date.now() : null
        }
        return data
      },
      (error: unknown) => {
        if (current() && mine.seq === started) {
          state.error = messageOf(error)
          if (isGone(error)) {
            state.data = null
            state.loaded = false
            state.lastFetched = null
          }
        }
        throw error
      },
    )
    inFlight = { promise, version }
    promise
      .finally(() => {
        if (current() && mine.seq === started) {
          inFlight = null
          state.loading = false
        }
      })
      .catch(() => {})
    return promise
  }

  function invalidate() {
    version++
    state.lastFetched = null
  }

  return {
    state,
    load,
    reload(options = {}) {
      invalidate()
      return load({ force: true, batch: options.batch })
    },
    invalidate,
    mutate(update) {
      const previous = state.data
      state.data = update(previous as T | null) as T | null
      return previous as T | null
    },
    reset() {
      clear(undefined)
      applied = started
    },
  }
}

type ResourceFamily<T, K> = {
  /** The resource of `key`, made on first use; each keeps its own data, flags and order. */
  get: (key: K) => Resource<T>
  /** Every resource made so far, with its key. */
  entries: () => IterableIterator<[K, Resource<T>]>
  /** Resets and forgets them all (sign-out). */
  reset: () => void
}

/**
 * One resource per key, for data a page keeps several of at once (each report's 'Since last
 * week', each week of Team updates): going back to a key shows its data while it reloads.
 */
function createResourceFamily<T, K>(
  fetcher: (key: K) => Promise<T>,
  options: { freshMs?: number } = {},
): ResourceFamily<T, K> {
  const members = new Map<K, Resource<T>>()
  return {
    get(key) {
      let resource = members.get(key)
      if (!resource) {
        resource = createResource<T>(() => fetcher(key), options)
        members.set(key, resource)
      }
      return resource
    },
    entries: () => members.entries(),
    reset() {
      for (const resource of members.values()) resource.reset()
      members.clear()
    },
  }
}

/** Read hook: a snapshot of one resource's data and flags. */
function useResource<T, K, X extends object>(resource: Resource<T, K, X>) {
  return useSnapshot(resource.state) as ResourceState<T, K> & X
}

/**
 * Read hook for a resource with a key: its state when it holds `key`, else empty and loading
 * (the page asked for `key`, whose load starts in its effect), never another key's data.
 */
function useResourceFor<T, K, X extends object>(resource: Resource<T, K, X>, key: K) {
  const snap = useResource(resource)
  if (snap.key === key) return snap
  const empty: ResourceState<T, K> = {
    key,
    data: null,
    loading: true,
    error: null,
    loaded: false,
    lastFetched: null,
  }
  return Object.defineProperties(empty, extrasOf.get(resource.state) ?? {}) as typeof snap
}

export type { LoadOptions, Resource, ResourceFamily, ResourceState }
export { createResource, createResourceFamily, FRESH_MS, useResource, useResourceFor }
