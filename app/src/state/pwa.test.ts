// The page's half of the per-user API cache (app/src/sw.ts has the worker's half): the page
// records the signed-in user for the worker and deletes other users' cached answers.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { API_CACHE_PREFIX, META_CACHE, USER_KEY } from '../offline/api-cache'
import { installFakeCaches, removeFakeCaches } from '../test/caches'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { fetchUser, logout, resetAuth } from './auth'
import { recordSignedInUser } from './pwa'

let fake: ReturnType<typeof installFakeCaches>

const recorded = async () => (await (await fake.api.open(META_CACHE)).match(USER_KEY))?.text()

beforeEach(() => {
  fake = installFakeCaches()
  resetAuth()
})
afterEach(() => {
  removeFakeCaches()
  restoreFetch()
})

describe('per-user API cache', () => {
  test('the signed-in user is recorded for the worker; another user’s answers are deleted', async () => {
    await fake.api.open(`${API_CACHE_PREFIX}7`)
    await fake.api.open('workbox-precache-v2')
    await recordSignedInUser(7)
    expect(await recorded()).toBe('7')
    expect(fake.stores.has(`${API_CACHE_PREFIX}7`)).toBe(true)

    await recordSignedInUser(8)
    expect(await recorded()).toBe('8')
    expect(fake.stores.has(`${API_CACHE_PREFIX}7`)).toBe(false)
    // The app shell stays.
    expect(fake.stores.has('workbox-precache-v2')).toBe(true)
  })

  test('fetching the user online records it; a 401 forgets it and every cached answer', async () => {
    stubFetch(() => json({ id: 42, email: 'ada@example.com', name: 'Ada' }))
    await fetchUser()
    await Bun.sleep(0)
    expect(await recorded()).toBe('42')

    await fake.api.open(`${API_CACHE_PREFIX}42`)
    resetAuth()
    stubFetch(() => json({ error: 'Unauthorized' }, 401))
    await fetchUser()
    await Bun.sleep(0)
    expect(await recorded()).toBeUndefined()
    expect([...fake.stores.keys()].filter((k) => k.startsWith(API_CACHE_PREFIX))).toEqual([])
  })

  test('sign-out deletes every cached API answer and the record', async () => {
    await recordSignedInUser(7)
    await fake.api.open(`${API_CACHE_PREFIX}7`)
    await fake.api.open(`${API_CACHE_PREFIX}9`)
    stubFetch(() => json({ success: true }))
    await logout()
    await Bun.sleep(5)
    expect(await recorded()).toBeUndefined()
    expect([...fake.stores.keys()].filter((k) => k.startsWith(API_CACHE_PREFIX))).toEqual([])
  })
})
