import type { SavedSearch, SearchFilters, SearchResult } from '@cadence/ui'
import { proxy, subscribe, useSnapshot } from 'valtio'
import { api, call, request } from '../api/client'
import { cache } from './cache'
import { loadReport, reportState } from './reports'
import { assignedState, loadAssigned } from './roll-up'
import { loadTeamMember, teamMemberState } from './team'
import { toast } from './toasts'

const DEBOUNCE_MS = 300
const MIN_QUERY = 2
const HISTORY_LIMIT = 10
const SHOWN_LIMIT = 5
const HISTORY_KEY = 'cadence.search.history'
const SAVED_KEY = 'cadence.search.saved'

type SearchState = {
  open: boolean
  query: string
  results: SearchResult[]
  loading: boolean
  /** True when the last search failed: the dialog shows its error state. */
  failed: boolean
  history: SavedSearch[]
  saved: SavedSearch[]
  filters: SearchFilters
}

function readList(key: string): SavedSearch[] {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    const list = raw ? (JSON.parse(raw) as unknown) : []
    return Array.isArray(list)
      ? list
          .filter((e): e is SavedSearch => !!e && typeof e.query === 'string')
          .slice(0, HISTORY_LIMIT)
      : []
  } catch {
    return []
  }
}

const searchState = proxy<SearchState>({
  open: false,
  query: '',
  results: [],
  loading: false,
  failed: false,
  history: readList(HISTORY_KEY),
  saved: readList(SAVED_KEY),
  filters: { status: 'all', types: [] },
})

// Persistence: recent and saved searches live in browser storage.
subscribe(searchState, () => {
  try {
    globalThis.localStorage?.setItem(HISTORY_KEY, JSON.stringify(searchState.history))
    globalThis.localStorage?.setItem(SAVED_KEY, JSON.stringify(searchState.saved))
  } catch {}
})

let timer: ReturnType<typeof setTimeout> | null = null
let latest = 0

const isSearchable = (query: string) => query.trim().length >= MIN_QUERY

/**
 * The dialog's filters in the server's query syntax (`type:tasks status:completed`), so the server
 * filters before it ranks and caps at 50: filtering only what came back would hide matches.
 */
function withFilters(query: string, filters: SearchFilters): string {
  const tokens = filters.types.map((type) => `type:${type}`)
  if (filters.status !== 'all') tokens.push(`status:${filters.status}`)
  return [query.trim(), ...tokens].join(' ')
}

/** GET /api/search; short or blank queries give no results without calling the server. */
async function fetchResults(
  query: string,
  filters: SearchFilters = { status: 'all', types: [] },
): Promise<SearchResult[]> {
  if (!isSearchable(query)) return []
  const body = await call(api.api.search.get({ query: { query: withFilters(query, filters) } }))
  // Typed by the server's own answer: a field the ui's SearchResult lacks fails to compile here.
  const results: SearchResult[] = body?.results ?? []
  return results
}

/**
 * 'Mark completed' on a task or follow-up result, on what the result really is: a report item
 * (PUT /api/section-items/{id}), a team member's own task or follow-up (PUT
 * /api/team-members/tasks|followups/{id}) or an item assigned to me (PUT /api/assigned-to-me/{id}).
 * Their ids overlap, so the source decides, never the id. A teammate's report is read-only.
 */
async function completeResult(result: SearchResult) {
  if (result.type !== 'task' && result.type !== 'followup') throw new Error('Not a task')
  if (result.source === 'team_member') {
    const kind = result.type === 'task' ? 'tasks' : 'followups'
    await request('PUT', `/api/team-members/${kind}/${result.id}`, { is_completed: true })
  } else if (result.source === 'report') {
    await call(api.api['section-items']({ id: result.id }).put({ is_completed: true }))
  } else if (result.source === 'assigned') {
    // Someone else's item assigned to me: the one change a linked member may make to it.
    await call(api.api['assigned-to-me']({ id: result.id }).put({ is_completed: true }))
    if (assignedState.loaded) await loadAssigned()
    return
  } else {
    throw new Error('Unknown result source')
  }
  cache.dashboard.invalidate()
  // The page behind the dialog shows the change too when it is where the item lives.
  const member = teamMemberState.dashboard?.teamMember.uuid
  if (result.source === 'team_member' && member && member === result.team_member_uuid)
    await loadTeamMember(member)
  const report = reportState.current?.uuid
  if (result.source === 'report' && report && report === result.report_uuid)
    await loadReport(report)
}

async function runSearch(query: string) {
  const mine = ++latest
  if (!isSearchable(query)) {
    searchState.results = []
    searchState.loading = false
    searchState.failed = false
    return
  }
  searchState.loading = true
  searchState.failed = false
  try {
    const results = await fetchResults(query, searchState.filters)
    if (mine !== latest) return
    searchState.results = results
    addToHistory(query, results.length)
  } catch (error) {
    console.error(error)
    if (mine !== latest) return
    // A failed search is an empty result set plus the dialog's error state.
    searchState.results = []
    searchState.failed = true
  } finally {
    if (mine === latest) searchState.loading = false
  }
}

/** Input handler: debounced 300 ms. */
function setQuery(query: string) {
  searchState.query = query
  if (timer) clearTimeout(timer)
  if (!isSearchable(query)) {
    latest++
    searchState.results = []
    searchState.loading = false
    searchState.failed = false
    return
  }
  // Pending from the first keystroke: while the debounce runs the dialog shows 'Searching...',
  // not 'No results found' for a query that was never sent.
  searchState.loading = true
  searchState.failed = false
  timer = setTimeout(() => {
    timer = null
    void runSearch(query)
  }, DEBOUNCE_MS)
}

function entry(query: string, resultCount: number): SavedSearch {
  return {
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    query: query.trim(),
    timestamp: Date.now(),
    resultCount,
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Recent searches: newest first, a repeated query moves to the top, 10 kept. */
function addToHistory(query: string, resultCount: number) {
  if (!isSearchable(query)) return
  const rest = searchState.history.filter((e) => !same(e.query, query))
  searchState.history = [entry(query, resultCount), ...rest].slice(0, HISTORY_LIMIT)
}

/** Saves a search; a query already saved (case-insensitive) is refused with 'Search already saved'. */
function saveSearch(query = searchState.query, resultCount = searchState.results.length): boolean {
  if (!isSearchable(query)) return false
  if (searchState.saved.some((e) => same(e.query, query))) {
    toast.info('Search already saved')
    return false
  }
  try {
    searchState.saved = [entry(query, resultCount), ...searchState.saved].slice(0, HISTORY_LIMIT)
    toast.success('Search saved')
    return true
  } catch {
    toast.error('Failed to save search')
    return false
  }
}

function removeSavedSearch(id: string) {
  searchState.saved = searchState.saved.filter((e) => e.id !== id)
}

function clearHistory() {
  searchState.history = []
}

/** New filters ask the server again at once (no debounce: a click, not typing). */
function setFilters(filters: SearchFilters) {
  searchState.filters = filters
  if (isSearchable(searchState.query)) void runSearch(searchState.query)
}

function openSearch() {
  searchState.open = true
}

function closeSearch() {
  searchState.open = false
}

function setSearchOpen(open: boolean) {
  searchState.open = open
}

/** Re-runs the current query now (after a quick action changed a result). */
function rerunSearch() {
  return runSearch(searchState.query)
}

/** Only the open flag, for the shell (it decides when to load the dialog). */
function useSearchOpen() {
  return useSnapshot(searchState).open
}

function useSearch() {
  const snap = useSnapshot(searchState) as SearchState
  return {
    ...snap,
    recentShown: snap.history.slice(0, SHOWN_LIMIT),
    savedShown: snap.saved.slice(0, SHOWN_LIMIT),
    status: (!isSearchable(snap.query)
      ? 'idle'
      : snap.loading
        ? 'loading'
        : snap.failed
          ? 'error'
          : 'done') as 'idle' | 'loading' | 'error' | 'done',
  }
}

export type { SearchState }
export {
  addToHistory,
  clearHistory,
  closeSearch,
  completeResult,
  DEBOUNCE_MS,
  fetchResults,
  HISTORY_KEY,
  HISTORY_LIMIT,
  openSearch,
  removeSavedSearch,
  rerunSearch,
  runSearch,
  SAVED_KEY,
  SHOWN_LIMIT,
  saveSearch,
  searchState,
  setFilters,
  setQuery,
  setSearchOpen,
  useSearch,
  useSearchOpen,
  withFilters,
}
