import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { User } from '@cadence/ui'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import {
  authState,
  checkAdmin,
  exchangeCode,
  fetchUser,
  login,
  logout,
  NO_CODE,
  resetAuth,
  signedInUserId,
  updateSignedInUser,
} from './auth'
import { cache } from './cache'
import { pwaState } from './pwa'

const user = { id: 7, email: 'ada@example.com', name: 'Ada', provider_user_id: 'dev:ada' }

let errorSpy: ReturnType<typeof spyOn>

/** A localStorage over a Map (Bun has none), for the tests of the remembered user. */
function installStorage() {
  const store = new Map<string, string>()
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage
}
const savedStorage = globalThis.localStorage

beforeEach(() => {
  resetAuth()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
  globalThis.localStorage = savedStorage
})

describe('auth state', () => {
  test('starts pending and resolves to signed-in with the user', async () => {
    stubFetch(() => json(user))
    expect(authState.status).toBe('pending')
    const pending = fetchUser()
    expect(authState.fetching).toBe(true)
    await pending
    expect(authState.status).toBe('signed-in')
    expect(authState.user?.email).toBe('ada@example.com')
    expect(authState.fetching).toBe(false)
  })

  test('a 401 resolves to signed-out without an error', async () => {
    stubFetch(() => json({ error: 'Not signed in' }, 401))
    expect(await fetchUser()).toBeNull()
    expect(authState.status).toBe('signed-out')
    expect(errorSpy).not.toHaveBeenCalled()
  })

  test('another failure, with no user remembered here, logs its message and resolves signed-out', async () => {
    stubFetch(() => json({ error: 'down' }, 500))
    await fetchUser()
    expect(authState.status).toBe('signed-out')
    expect(String(errorSpy.mock.calls[0][0])).toContain(
      'Failed to fetch user: API responded with HTTP status 500',
    )
  })

  test('concurrent user fetches share one request', async () => {
    const gate = deferred<Response>()
    const calls = stubFetch(() => gate.promise)
    const a = fetchUser()
    const b = fetchUser()
    expect(a).toBe(b)
    gate.resolve(json(user))
    await Promise.all([a, b])
    expect(calls.filter((c) => c.path === '/api/users/me')).toHaveLength(1)
  })

  test('the first fetch takes the response src/early-user.js started, once; later ones ask', async () => {
    const calls = stubFetch(() => json({ error: 'Not signed in' }, 401))
    const w = globalThis as { __cadenceEarlyUser?: Promise<Response> }
    w.__cadenceEarlyUser = Promise.resolve(json(user))
    expect((await fetchUser())?.email).toBe('ada@example.com')
    expect(authState.status).toBe('signed-in')
    expect(calls).toHaveLength(0)
    expect(w.__cadenceEarlyUser).toBeUndefined()
    expect(await fetchUser()).toBeNull()
    expect(calls.map((c) => c.path)).toEqual(['/api/users/me'])
  })

  test("an early 401 signs out like the app's own request", async () => {
    const calls = stubFetch(() => json(user))
    const w = globalThis as { __cadenceEarlyUser?: Promise<Response> }
    w.__cadenceEarlyUser = Promise.resolve(json({ error: 'Not signed in' }, 401))
    expect(await fetchUser()).toBeNull()
    expect(authState.status).toBe('signed-out')
    expect(calls).toHaveLength(0)
    expect(errorSpy).not.toHaveBeenCalled()
  })

  test('a code exchange never uses a response from before the sign-in', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/sessions' ? json({ success: true }) : json(user),
    )
    const w = globalThis as { __cadenceEarlyUser?: Promise<Response> }
    w.__cadenceEarlyUser = Promise.resolve(json({ error: 'Not signed in' }, 401))
    expect((await exchangeCode('?code=early&state=xyz'))?.email).toBe('ada@example.com')
    expect(calls.map((c) => c.path)).toEqual(['/api/sessions', '/api/users/me'])
    expect(authState.status).toBe('signed-in')
    expect(w.__cadenceEarlyUser).toBeUndefined()
  })

  test('duplicate code exchanges share one request and the user is fetched again after it', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/sessions' ? json({ success: true }) : json(user),
    )
    const a = exchangeCode('?code=abc&state=xyz')
    const b = exchangeCode('?code=abc&state=xyz')
    expect(a).toBe(b)
    await Promise.all([a, b])
    expect(calls.map((c) => c.path)).toEqual(['/api/sessions', '/api/users/me'])
    expect(calls[0].body).toEqual({ code: 'abc', state: 'xyz' })
    expect(authState.status).toBe('signed-in')
  })

  test('an exchange without a code fails with the exact message and calls nothing', async () => {
    const calls = stubFetch(() => json({}))
    await expect(exchangeCode('?state=xyz')).rejects.toThrow(NO_CODE)
    expect(NO_CODE).toBe(
      'Cannot exchange code for session token: no code provided in the URL search params.',
    )
    expect(calls).toHaveLength(0)
  })

  test('a failed exchange reports the status', async () => {
    stubFetch(() => json({ error: 'bad code' }, 401))
    await expect(exchangeCode('?code=used&state=s')).rejects.toThrow(
      'Failed to exchange code for session token: API responded with HTTP status 401',
    )
    // Only the administrator's refusal is for the person to read.
    expect(authState.refusal).toBeNull()
  })

  test("a refused sign-in keeps the server's reason for the landing page until the next try", async () => {
    const why = 'Sign-in is limited to addresses at example.com'
    stubFetch(({ path }) =>
      path === '/api/sessions' ? json({ error: why }, 403) : json({ error: 'Not signed in' }, 401),
    )
    await expect(exchangeCode('?code=outsider&state=s')).rejects.toThrow('HTTP status 403')
    expect(authState.refusal).toBe(why)
    await login()
    expect(authState.refusal).toBeNull()
  })

  test('logout clears the local user and cache before calling the server', async () => {
    let userAtLogout: unknown = 'unset'
    let cachedAtLogout: unknown = 'unset'
    let logoutMethod = ''
    stubFetch(({ path, method }) => {
      if (path === '/api/logout') {
        logoutMethod = method
        userAtLogout = authState.user
        cachedAtLogout = cache.projects.state.data
        return json({ success: true })
      }
      if (path === '/api/projects') return json([{ id: 1 }])
      return json(user)
    })
    await fetchUser()
    await cache.projects.load()
    await logout()
    expect(userAtLogout).toBeNull()
    expect(cachedAtLogout).toBeNull()
    // Signing out is a side effect: POST (GET /api/logout is kept for older clients only).
    expect(logoutMethod).toBe('POST')
    expect(authState.status).toBe('signed-out')
  })

  test('a failing logout call is only logged', async () => {
    stubFetch(() => {
      throw new TypeError('offline')
    })
    await logout()
    expect(authState.user).toBeNull()
    expect(errorSpy).toHaveBeenCalled()
  })

  test('the admin check reads is_admin and treats any failure as not admin', async () => {
    stubFetch(() => json({ is_admin: true }))
    expect(await checkAdmin()).toBe(true)
    expect(authState.isAdmin).toBe(true)
    resetAuth()
    stubFetch(() => json({ error: 'x' }, 500))
    expect(await checkAdmin()).toBe(false)
    resetAuth()
    stubFetch(() => {
      throw new TypeError('offline')
    })
    expect(await checkAdmin()).toBe(false)
    expect(authState.isAdmin).toBe(false)
  })

  test('a profile the server saved is the one user held, and the one a visit offline opens with', async () => {
    installStorage()
    stubFetch(() => json(user))
    await fetchUser()
    expect(signedInUserId()).toBe(7)
    // The fields the test is about; the server's answer is the whole user.
    updateSignedInUser({ ...user, name: 'Ada L.', display_title: 'Chief Executive' } as User)
    expect(authState.user).toMatchObject({
      id: 7,
      name: 'Ada L.',
      display_title: 'Chief Executive',
    })
    // Reloaded where the server does not answer: the saved profile, not the one before it.
    resetAuth()
    stubFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await fetchUser()).toMatchObject({
      id: 7,
      name: 'Ada L.',
      display_title: 'Chief Executive',
    })
    resetAuth()
    expect(signedInUserId()).toBeNull()
  })

  test('when the server does not answer, the last signed-in user stays signed in, whatever navigator.onLine says; only a 401 signs out', async () => {
    installStorage()
    const online = Object.getOwnPropertyDescriptor(globalThis.navigator, 'onLine')
    const setOnLine = (value: boolean) =>
      Object.defineProperty(globalThis.navigator, 'onLine', { value, configurable: true })
    try {
      stubFetch(() => json(user))
      await fetchUser()
      const noAnswers: Array<[string, () => Response]> = [
        [
          'a network error',
          () => {
            throw new TypeError('Failed to fetch')
          },
        ],
        ['a 502 from a proxy', () => json({ error: 'Bad gateway' }, 502)],
        ['a 500', () => json({ error: 'down' }, 500)],
        [
          "a captive portal's page",
          () => new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 }),
        ],
      ]
      for (const onLine of [true, false]) {
        setOnLine(onLine)
        for (const [what, answer] of noAnswers) {
          resetAuth()
          stubFetch(answer)
          const got = await fetchUser()
          expect({
            what,
            onLine,
            email: got?.email,
            status: authState.status,
            offline: pwaState.offline,
          }).toEqual({
            what,
            onLine,
            email: 'ada@example.com',
            status: 'signed-in',
            // 'Offline' shows when nothing answered, whatever the browser says; else as it says.
            offline: what === 'a network error' || !onLine,
          })
        }
      }
      // The server's 401 signs out and forgets the user: no answer after that is a sign-in.
      setOnLine(true)
      resetAuth()
      stubFetch(() => json({ error: 'Not signed in' }, 401))
      expect(await fetchUser()).toBeNull()
      resetAuth()
      stubFetch(() => {
        throw new TypeError('Failed to fetch')
      })
      expect(await fetchUser()).toBeNull()
      expect(authState.status).toBe('signed-out')
      // An answer again: the indicator goes.
      stubFetch(() => json(user))
      resetAuth()
      await fetchUser()
      expect(pwaState.offline).toBe(false)
    } finally {
      if (online) Object.defineProperty(globalThis.navigator, 'onLine', online)
      else delete (globalThis.navigator as { onLine?: boolean }).onLine
    }
  })

  test('back online, a user signed in from the record is asked for again, and a 401 then signs out', async () => {
    installStorage()
    stubFetch(() => json(user))
    await fetchUser()
    resetAuth()
    stubFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    await fetchUser()
    expect(authState.status).toBe('signed-in')
    const calls = stubFetch(() => json({ error: 'Not signed in' }, 401))
    globalThis.dispatchEvent(new Event('online'))
    // The check the event started (a second call shares it).
    await fetchUser()
    expect(calls.map((c) => c.path)).toEqual(['/api/users/me'])
    expect(authState.status).toBe('signed-out')
    // A user the server confirmed is not asked for again.
    stubFetch(() => json(user))
    resetAuth()
    await fetchUser()
    const after = stubFetch(() => json(user))
    globalThis.dispatchEvent(new Event('online'))
    await Bun.sleep(0)
    expect(after).toHaveLength(0)
  })

  test('a new sign-in whose user cannot be fetched does not fall back to the previous user', async () => {
    installStorage()
    stubFetch(() => json(user))
    await fetchUser()
    resetAuth()
    stubFetch(({ path }) => {
      if (path === '/api/sessions') return json({ success: true })
      throw new TypeError('Failed to fetch')
    })
    expect(await exchangeCode('?code=other&state=s')).toBeNull()
    expect(authState.status).toBe('signed-out')
  })
})
