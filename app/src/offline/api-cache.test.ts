// The per-user cache of API answers (./api-cache.ts): its rules, and the page's part of it (a read
// no worker sees is kept by the page, so a first visit opens offline as soon as the worker is
// ready, however soon after it the network goes).
import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { fetchUser, resetAuth } from '../state/auth'
import { recordSignedInUser } from '../state/pwa'
import { installFakeCaches, removeFakeCaches } from '../test/caches'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import {
  API_CACHE_PREFIX,
  forgetUser,
  isCachedRead,
  keepAnswer,
  keptAnswer,
  META_CACHE,
  recordedUser,
  recordUser,
  userIdOf,
} from './api-cache'
import { answersKept, appFetch, holdPageCache, keepAnswersUntilControlled } from './fetch'

const user = { id: 7, email: 'ada@example.com', name: 'Ada', provider_user_id: 'dev:ada' }
const at = (path: string) => `http://localhost${path}`

let fake: ReturnType<typeof installFakeCaches>
let errorSpy: ReturnType<typeof spyOn>

/** The URLs kept for user `id`. */
async function kept(id: number) {
  if (!fake.stores.has(`${API_CACHE_PREFIX}${id}`)) return []
  return (await (await fake.api.open(`${API_CACHE_PREFIX}${id}`)).keys()).sort()
}

const apiCaches = () => [...fake.stores.keys()].filter((n) => n.startsWith(API_CACHE_PREFIX))

beforeEach(() => {
  fake = installFakeCaches()
  resetAuth()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(async () => {
  await answersKept()
  removeFakeCaches()
  restoreFetch()
  errorSpy.mockRestore()
})

describe('what is kept', () => {
  test('reads of the API, never the sign-in endpoints or a shared report', () => {
    expect(isCachedRead('GET', '/api/dashboard')).toBe(true)
    expect(isCachedRead('GET', '/api/reports/abc')).toBe(true)
    expect(isCachedRead('POST', '/api/section-items')).toBe(false)
    for (const path of [
      '/api/users/me',
      '/api/logout',
      '/api/oauth/dev/authorize',
      '/api/oauth/google/redirect_url',
      '/api/admin/profile',
      '/api/shared/token',
    ]) {
      expect({ path, cached: isCachedRead('GET', path) }).toEqual({ path, cached: false })
    }
    expect(isCachedRead('GET', '/dashboard')).toBe(false)
  })

  test('an answer is kept for the recorded user only, and found again for that user', async () => {
    await keepAnswer(at('/api/projects'), json([]))
    expect(apiCaches()).toEqual([])

    await recordUser(7)
    await keepAnswer(at('/api/projects'), json([{ id: 1 }]), '8')
    expect(apiCaches()).toEqual([])
    await keepAnswer(at('/api/projects'), json([{ id: 1 }]), '7')
    expect(await kept(7)).toEqual([at('/api/projects')])
    const found = await keptAnswer(new Request(at('/api/projects')), '7')
    expect(await found?.json()).toEqual([{ id: 1 }])
    expect(await keptAnswer(new Request(at('/api/projects')), '8')).toBeUndefined()

    // Another user recorded: the first one's answers go.
    await recordUser(8)
    expect(await recordedUser()).toBe('8')
    expect(fake.stores.has(`${API_CACHE_PREFIX}7`)).toBe(false)
  })

  test('an answer being stored when the user is forgotten does not come back', async () => {
    await recordUser(7)
    const storing = keepAnswer(at('/api/dashboard'), json({}), '7')
    const forgetting = forgetUser()
    await Promise.all([storing, forgetting])
    expect(await recordedUser()).toBeNull()
    expect(apiCaches()).toEqual([])
  })

  test("the user is read from /api/users/me's answer, and nothing else passes for one", async () => {
    expect(await userIdOf(json(user))).toBe(7)
    expect(await userIdOf(new Response('<html>Wi-Fi sign-in</html>'))).toBeNull()
    expect(await userIdOf(json({ error: 'Not signed in' }, 401))).toBeNull()
  })
})

describe('the page keeps what no worker sees', () => {
  test('a read made right after the user is known, before any worker controls the page, is kept for that user', async () => {
    keepAnswersUntilControlled()
    stubFetch(({ path }) => {
      if (path === '/api/users/me') return json(user)
      if (path === '/api/reports/gone') return json({ error: 'Report not found' }, 404)
      if (path === '/api/changes')
        return new Response('data: x\n\n', { headers: { 'content-type': 'text/event-stream' } })
      if (path === '/api/private')
        return new Response('{}', { headers: { 'cache-control': 'no-store' } })
      return json({ path })
    })
    // The user's record is written in turn, after the answer: the reads that follow still find it.
    await fetchUser()
    for (const path of [
      '/api/dashboard',
      '/api/reports/r1',
      '/api/reports/gone',
      '/api/changes',
      '/api/private',
      '/api/users/me',
    ]) {
      await appFetch(at(path))
    }
    await answersKept()
    expect(await kept(7)).toEqual([at('/api/dashboard'), at('/api/reports/r1')])
    const dashboard = await keptAnswer(new Request(at('/api/dashboard')), '7')
    expect(await dashboard?.json()).toEqual({ path: '/api/dashboard' })
  })

  test('the answers of one screen are kept together, after it, opening the record once', async () => {
    keepAnswersUntilControlled()
    stubFetch(({ path }) => (path === '/api/users/me' ? json(user) : json({ path })))
    await fetchUser()
    await answersKept()
    const opened: string[] = []
    const open = fake.api.open
    fake.api.open = (name: string) => {
      opened.push(name)
      return open(name)
    }
    await Promise.all(
      ['/api/dashboard', '/api/questions', '/api/projects'].map((p) => appFetch(at(p))),
    )
    // Nothing written in the task that took the answers: they are kept in the next one.
    expect(opened).toEqual([])
    await answersKept()
    // The record's cache once (read before and after), the user's cache once: not three of each
    // per answer.
    expect(opened.filter((n) => n === META_CACHE)).toHaveLength(1)
    expect(opened.filter((n) => n === `${API_CACHE_PREFIX}7`)).toHaveLength(1)
    expect(await kept(7)).toEqual(
      ['/api/dashboard', '/api/projects', '/api/questions'].map((p) => at(p)),
    )
  })

  test('held until the first screen: no CacheStorage call, then the record, then the answers', async () => {
    keepAnswersUntilControlled()
    const open = holdPageCache()
    const opened: string[] = []
    const realOpen = fake.api.open
    fake.api.open = (name: string) => {
      opened.push(name)
      return realOpen(name)
    }
    try {
      stubFetch(({ path }) => (path === '/api/users/me' ? json(user) : json({ path })))
      await fetchUser()
      await Promise.all(['/api/dashboard', '/api/projects'].map((p) => appFetch(at(p))))
      // Several tasks later, nothing of the page's cache has been touched yet.
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0))
      expect(opened).toEqual([])
      expect(fake.stores.size).toBe(0)
    } finally {
      open()
    }
    await answersKept()
    // The user recorded first, so the answers asked for before the record are kept for them.
    expect(await recordedUser()).toBe('7')
    expect(await kept(7)).toEqual([at('/api/dashboard'), at('/api/projects')])
  })

  test('a session that ends while the record waits for the first screen is not recorded', async () => {
    keepAnswersUntilControlled()
    const open = holdPageCache()
    try {
      stubFetch(({ path }) => (path === '/api/users/me' ? json(user) : json({ path })))
      await fetchUser()
      await appFetch(at('/api/dashboard'))
      // A 401 elsewhere before the first screen: forgotten at once, not recorded after it.
      await recordSignedInUser(null)
    } finally {
      open()
    }
    await answersKept()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await recordedUser()).toBeNull()
    expect(apiCaches()).toEqual([])
  })

  test('a page a worker controls leaves the keeping to the worker', async () => {
    keepAnswersUntilControlled()
    stubFetch(({ path }) => (path === '/api/users/me' ? json(user) : json({ path })))
    await fetchUser()
    const saved = Object.getOwnPropertyDescriptor(globalThis.navigator, 'serviceWorker')
    Object.defineProperty(globalThis.navigator, 'serviceWorker', {
      value: { controller: {} },
      configurable: true,
    })
    try {
      await appFetch(at('/api/dashboard'))
    } finally {
      if (saved) Object.defineProperty(globalThis.navigator, 'serviceWorker', saved)
      else delete (globalThis.navigator as { serviceWorker?: unknown }).serviceWorker
    }
    await answersKept()
    expect(apiCaches()).toEqual([])
  })

  test('an early answer asked before a worker controlled the page is kept, though one controls it now', async () => {
    keepAnswersUntilControlled()
    stubFetch(({ path }) => (path === '/api/users/me' ? json(user) : json({ path })))
    await fetchUser()
    const g = globalThis as { __cadenceEarly?: unknown; location?: unknown }
    g.location = { origin: new URL(at('/')).origin }
    const early = (controlled: boolean) => {
      g.__cadenceEarly = {
        at: Date.now(),
        answers: { '/api/dashboard': Promise.resolve(json({ early: true })) },
        controlled,
      }
    }
    const saved = Object.getOwnPropertyDescriptor(globalThis.navigator, 'serviceWorker')
    // The worker claimed the page after early-user.js asked.
    Object.defineProperty(globalThis.navigator, 'serviceWorker', {
      value: { controller: {} },
      configurable: true,
    })
    try {
      // Asked while a worker controlled the page: the worker kept it, the page does not.
      early(true)
      await appFetch(at('/api/dashboard'))
      await answersKept()
      expect(apiCaches()).toEqual([])
      // Asked before: nobody else saw it, the page keeps it.
      early(false)
      await appFetch(at('/api/dashboard'))
      await answersKept()
      expect(await kept(7)).toEqual([at('/api/dashboard')])
      const dashboard = await keptAnswer(new Request(at('/api/dashboard')), '7')
      expect(await dashboard?.json()).toEqual({ early: true })
    } finally {
      delete g.__cadenceEarly
      delete g.location
      if (saved) Object.defineProperty(globalThis.navigator, 'serviceWorker', saved)
      else delete (globalThis.navigator as { serviceWorker?: unknown }).serviceWorker
    }
  })

  test('an answer that arrives after the session ended is not kept', async () => {
    keepAnswersUntilControlled()
    const gate = deferred<Response>()
    stubFetch(({ path }) => (path === '/api/users/me' ? json(user) : gate.promise))
    await fetchUser()
    const reading = appFetch(at('/api/dashboard'))
    // A 401 elsewhere: the user is forgotten while the read is on its way.
    await recordSignedInUser(null)
    gate.resolve(json({ activeTasks: [] }))
    await reading
    await answersKept()
    expect(await recordedUser()).toBeNull()
    expect(apiCaches()).toEqual([])
  })
})
