import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'

// Browser storage stub, installed before the module reads its saved lists.
const store = new Map<string, string>()
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage

const { json, restoreFetch, stubFetch } = await import('../test/fetch')
const search = await import('./search')
const { clearToasts, toastState } = await import('./toasts')

const flush = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  search.searchState.history = []
  search.searchState.saved = []
  search.searchState.query = ''
  search.searchResults.reset()
  search.searchState.filters = { status: 'all', types: [] }
  clearToasts()
})
// Failures in these tests are logged on purpose; keep the test output readable.
let quiet: ReturnType<typeof spyOn>
beforeEach(() => {
  quiet = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  quiet.mockRestore()
})

describe('search', () => {
  test('queries under two characters return nothing without calling the server', async () => {
    const calls = stubFetch(() => json({ results: [] }))
    expect(await search.fetchResults(' a ')).toEqual([])
    expect(await search.fetchResults('   ')).toEqual([])
    expect(calls).toHaveLength(0)
  })

  test('filters travel to the server as type: and status: tokens and re-run the search', async () => {
    const calls = stubFetch(() => json({ results: [] }))
    expect(search.withFilters(' apollo ', { status: 'all', types: [] })).toBe('apollo')
    search.searchState.query = 'apollo'
    search.setFilters({ status: 'completed', types: ['tasks', 'followups'] })
    await flush()
    expect(calls.map((c) => decodeURIComponent(c.path))).toEqual([
      '/api/search?query=apollo type:tasks type:followups status:completed',
    ])
    // The history keeps what the user typed, not the filter tokens.
    expect(search.searchState.history[0]?.query).toBe('apollo')
  })

  test('changing filters with a short query calls nothing', async () => {
    const calls = stubFetch(() => json({ results: [] }))
    search.searchState.query = 'a'
    search.setFilters({ status: 'draft', types: [] })
    await flush()
    expect(calls).toHaveLength(0)
  })

  test('input is debounced: only the last query of a burst is sent', async () => {
    const calls = stubFetch(() =>
      json({ results: [{ type: 'project', uuid: 'p', name: 'Apollo' }] }),
    )
    // The pause leaves room for a 5 ms answer and its render within 150 ms of the last key.
    expect(search.DEBOUNCE_MS).toBeLessThanOrEqual(60)
    search.setQuery('ap')
    search.setQuery('apo')
    search.setQuery('apol')
    await flush()
    expect(calls).toHaveLength(0)
    expect(search.searchStatus()).toBe('loading')
    await new Promise((r) => setTimeout(r, search.DEBOUNCE_MS + 20))
    await flush()
    expect(calls.map((c) => c.path)).toEqual(['/api/search?query=apol'])
    expect(search.shownResults()).toHaveLength(1)
    expect(search.searchState.history[0]).toMatchObject({ query: 'apol', resultCount: 1 })
  })

  test('the last results stay on screen while the next query is typed and asked', async () => {
    let answer: (r: Response) => void = () => {}
    let calls = 0
    stubFetch(() => {
      calls++
      if (calls === 1) return json({ results: [{ type: 'project', uuid: 'p', name: 'Apollo' }] })
      return new Promise<Response>((resolve) => {
        answer = resolve
      })
    })
    search.setQuery('apollo')
    await new Promise((r) => setTimeout(r, search.DEBOUNCE_MS + 20))
    await flush()
    expect(search.shownResults().map((r) => r.name)).toEqual(['Apollo'])
    search.setQuery('apollo l')
    // Typed, not yet sent: the old results stay, marked as loading.
    expect(search.shownResults().map((r) => r.name)).toEqual(['Apollo'])
    expect(search.searchStatus()).toBe('loading')
    await new Promise((r) => setTimeout(r, search.DEBOUNCE_MS + 20))
    // Sent, not yet answered: still the old results.
    expect(calls).toBe(2)
    expect(search.shownResults().map((r) => r.name)).toEqual(['Apollo'])
    answer(json({ results: [{ type: 'project', uuid: 'q', name: 'Apollo Launch' }] }) as Response)
    await flush()
    await flush()
    expect(search.shownResults().map((r) => r.name)).toEqual(['Apollo Launch'])
    expect(search.searchStatus()).toBe('done')
  })

  test('a failed search is an empty result set with the error state', async () => {
    stubFetch(() => json({ error: 'down' }, 500))
    search.searchState.query = 'apollo'
    await search.runSearch('apollo')
    expect(search.shownResults()).toEqual([])
    expect(search.searchStatus()).toBe('error')
  })

  test('history keeps 10 entries, newest first, a repeat moving to the top', () => {
    for (let i = 0; i < 12; i++) search.addToHistory(`query ${i}`, i)
    search.addToHistory('QUERY 5', 9)
    const queries = search.searchState.history.map((e) => e.query)
    expect(queries).toHaveLength(search.HISTORY_LIMIT)
    expect(queries[0]).toBe('QUERY 5')
    expect(queries.filter((q) => q.toLowerCase() === 'query 5')).toHaveLength(1)
    const entry = search.searchState.history[0]
    expect(Object.keys(entry).sort()).toEqual(['id', 'query', 'resultCount', 'timestamp'])
  })

  test('recent and saved searches are stored when they change, not on every key typed', async () => {
    const writes: string[] = []
    const setItem = spyOn(globalThis.localStorage, 'setItem').mockImplementation((k, v) => {
      writes.push(k)
      store.set(k, v)
    })
    try {
      await flush()
      writes.length = 0
      for (const query of ['a', 'ap', 'apo', 'apol']) search.searchState.query = query
      search.searchState.waiting = true
      await flush()
      expect(writes).toEqual([])
      search.addToHistory('apollo', 2)
      await flush()
      expect(writes).toEqual([search.HISTORY_KEY])
      expect(JSON.parse(store.get(search.HISTORY_KEY)!)[0].query).toBe('apollo')
      search.saveSearch('apollo', 2)
      await flush()
      expect(writes).toEqual([search.HISTORY_KEY, search.SAVED_KEY])
      expect(JSON.parse(store.get(search.SAVED_KEY)!)[0].query).toBe('apollo')
    } finally {
      setItem.mockRestore()
      search.searchState.waiting = false
    }
  })

  test('saving a query already saved, in any case, is refused with its toast', () => {
    expect(search.saveSearch('Apollo launch', 3)).toBe(true)
    expect(search.saveSearch('apollo LAUNCH', 3)).toBe(false)
    expect(search.searchState.saved).toHaveLength(1)
    expect(toastState.toasts.map((t) => t.message)).toEqual([
      'Search saved',
      'Search already saved',
    ])
  })

  test('saved searches are capped at 10 and five are shown', () => {
    for (let i = 0; i < 12; i++) search.saveSearch(`saved ${i}`, i)
    expect(search.searchState.saved).toHaveLength(10)
    expect(search.searchState.saved.slice(0, search.SHOWN_LIMIT).map((e) => e.query)).toEqual([
      'saved 11',
      'saved 10',
      'saved 9',
      'saved 8',
      'saved 7',
    ])
  })

  test('history and saved searches persist to browser storage', async () => {
    search.addToHistory('roadmap', 2)
    search.saveSearch('hiring', 1)
    await flush()
    expect(JSON.parse(store.get(search.HISTORY_KEY)!)[0].query).toBe('roadmap')
    expect(JSON.parse(store.get(search.SAVED_KEY)!)[0].query).toBe('hiring')
  })
})

describe("'Mark completed' from search", () => {
  // One report item and one team member's own task in an account, both with id 1 (hardening,
  // item 0): completing the member task must never touch the report item, and the other way round.
  const reportItem = {
    type: 'task' as const,
    id: 1,
    content: 'Report item Walrus',
    is_completed: false,
    source: 'report' as const,
    report_uuid: 'r-1',
  }
  const memberTask = {
    type: 'task' as const,
    id: 1,
    content: 'Member task Narwhal',
    is_completed: false,
    source: 'team_member' as const,
    team_member_uuid: 'm-1',
    team_member_name: 'Tom',
  }
  const memberFollowup = { ...memberTask, type: 'followup' as const, id: 7 }

  test("completes a team member's own task through the member-task endpoint only", async () => {
    const calls = stubFetch(() => json({ success: true }))
    await search.completeResult(memberTask)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/team-members/tasks/1'])
    expect(calls[0].body).toEqual({ is_completed: true })
  })

  test('completes a report item through the section-item endpoint only', async () => {
    const calls = stubFetch(() => json({ success: true }))
    await search.completeResult(reportItem)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/section-items/1'])
  })

  test("a member's follow-up goes to the follow-up endpoint; a result without a source is refused", async () => {
    const calls = stubFetch(() => json({ success: true }))
    await search.completeResult(memberFollowup)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/team-members/followups/7'])
    const { source: _, ...unknown } = reportItem
    await expect(search.completeResult(unknown)).rejects.toThrow('Unknown result source')
    expect(calls).toHaveLength(1)
  })

  test('an item assigned to me goes to PUT /api/assigned-to-me; a teammate’s report item is refused', async () => {
    const calls = stubFetch(() => json({ id: 1, is_completed: true }))
    await search.completeResult({ ...reportItem, source: 'assigned', assigned_by_name: 'Ada' })
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/assigned-to-me/1'])
    expect(calls[0].body).toEqual({ is_completed: true })
    await expect(
      search.completeResult({ ...reportItem, source: 'team_update', team_member_name: 'Tom' }),
    ).rejects.toThrow('Unknown result source')
    expect(calls).toHaveLength(1)
  })
})
