import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { pwaState } from '../state/pwa'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { KEPT_ANSWER_HEADER } from './api-cache'
import { appFetch } from './fetch'

// The browser says it is online throughout (another test file may have left it offline).
const onLine = Object.getOwnPropertyDescriptor(globalThis.navigator, 'onLine')
beforeEach(() => {
  Object.defineProperty(globalThis.navigator, 'onLine', { value: true, configurable: true })
})
afterEach(() => {
  restoreFetch()
  if (onLine) Object.defineProperty(globalThis.navigator, 'onLine', onLine)
  else delete (globalThis.navigator as { onLine?: boolean }).onLine
})

describe("'Offline' follows whether the server answered", () => {
  test('a network error or a kept answer shows it, whatever the browser says; an answer takes it away', async () => {
    stubFetch(() => json({ ok: true }))
    await appFetch('http://localhost/api/dashboard')
    expect(pwaState.offline).toBe(false)

    // The worker served its kept copy: the server did not answer.
    stubFetch(() => new Response('{}', { headers: { [KEPT_ANSWER_HEADER]: '1' } }))
    await appFetch('http://localhost/api/dashboard')
    expect(pwaState.offline).toBe(true)

    // Any answer of the server, an error included, is the server answering.
    stubFetch(() => json({ error: 'Not found' }, 404))
    await appFetch('http://localhost/api/reports/gone')
    expect(pwaState.offline).toBe(false)

    stubFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(appFetch('http://localhost/api/dashboard')).rejects.toThrow('Failed to fetch')
    expect(pwaState.offline).toBe(true)

    stubFetch(() => json({ id: 1 }))
    await appFetch('http://localhost/api/dashboard')
    expect(pwaState.offline).toBe(false)
  })
})
