import { afterEach, expect, test } from 'bun:test'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { DEBOUNCE_MS, searchResults, searchState, searchStatus, setQuery } from './search'

afterEach(() => {
  restoreFetch()
  setQuery('')
})

test('a query is pending from the first keystroke until its results arrive', async () => {
  const answer = deferred<Response>()
  const calls = stubFetch(() => answer.promise)
  searchResults.reset()
  setQuery('qqzzxx')
  // Not sent yet (debounced), but not 'done with no results' either.
  expect(calls).toHaveLength(0)
  expect(searchStatus()).toBe('loading')
  await new Promise((r) => setTimeout(r, DEBOUNCE_MS + 20))
  expect(calls).toHaveLength(1)
  expect(searchStatus()).toBe('loading')
  answer.resolve(json({ results: [], query: 'qqzzxx' }))
  await new Promise((r) => setTimeout(r, 10))
  expect(searchStatus()).toBe('done')
  expect(searchState.history[0]?.query).toBe('qqzzxx')
})

test('a query cut below two characters is not pending', () => {
  stubFetch(() => json({ results: [] }))
  setQuery('or')
  expect(searchStatus()).toBe('loading')
  setQuery('o')
  expect(searchStatus()).toBe('idle')
})
