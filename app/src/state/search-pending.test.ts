import { afterEach, expect, test } from 'bun:test'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { DEBOUNCE_MS, searchState, setQuery } from './search'

afterEach(() => {
  restoreFetch()
  setQuery('')
})

test('a query is pending from the first keystroke until its results arrive', async () => {
  const answer = deferred<Response>()
  const calls = stubFetch(() => answer.promise)
  searchState.results = []
  searchState.loading = false
  setQuery('qqzzxx')
  // Not sent yet (debounced), but not 'done with no results' either.
  expect(calls).toHaveLength(0)
  expect(searchState.loading).toBe(true)
  await new Promise((r) => setTimeout(r, DEBOUNCE_MS + 20))
  expect(calls).toHaveLength(1)
  expect(searchState.loading).toBe(true)
  answer.resolve(json({ results: [], query: 'qqzzxx' }))
  await new Promise((r) => setTimeout(r, 10))
  expect(searchState.loading).toBe(false)
  expect(searchState.history[0]?.query).toBe('qqzzxx')
})

test('a query cut below two characters is not pending', () => {
  stubFetch(() => json({ results: [] }))
  setQuery('or')
  expect(searchState.loading).toBe(true)
  setQuery('o')
  expect(searchState.loading).toBe(false)
})
