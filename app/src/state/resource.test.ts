import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { ApiError } from '../api/client'
import { deferred } from '../test/fetch'
import { createResource, createResourceFamily, FRESH_MS } from './resource'

afterEach(() => {
  setSystemTime()
})

describe('createResource', () => {
  test('serves cached data younger than five minutes without refetching', async () => {
    let calls = 0
    const resource = createResource(async () => ++calls)
    setSystemTime(new Date('2026-11-20T10:00:00Z'))
    expect(await resource.load()).toBe(1)
    setSystemTime(new Date(Date.now() + FRESH_MS - 1))
    expect(await resource.load()).toBe(1)
    expect(calls).toBe(1)
  })

  test('refetches once the data is five minutes old', async () => {
    let calls = 0
    const resource = createResource(async () => ++calls)
    setSystemTime(new Date('2026-11-20T10:00:00Z'))
    await resource.load()
    setSystemTime(new Date(Date.now() + FRESH_MS))
    expect(await resource.load()).toBe(2)
    expect(resource.state.lastFetched).toBe(Date.now())
  })

  test('a forced refresh bypasses freshness', async () => {
    let calls = 0
    const resource = createResource(async () => ++calls)
    await resource.load()
    expect(await resource.load({ force: true })).toBe(2)
  })

  test('an invalidated resource refetches on the next load', async () => {
    let calls = 0
    const resource = createResource(async () => ++calls)
    await resource.load()
    resource.invalidate()
    expect(await resource.load()).toBe(2)
  })

  test('identical loads in flight share one request', async () => {
    const gate = deferred<string>()
    let calls = 0
    const resource = createResource(() => {
      calls++
      return gate.promise
    })
    const a = resource.load()
    const b = resource.load()
    const c = resource.load({ force: true })
    expect(resource.state.loading).toBe(true)
    gate.resolve('data')
    expect(await Promise.all([a, b, c])).toEqual(['data', 'data', 'data'])
    expect(calls).toBe(1)
    expect(resource.state.loading).toBe(false)
  })

  test('a failed load stores the message, keeps old data and clears the error on retry', async () => {
    let fail = false
    const resource = createResource(async () => {
      if (fail) throw new Error('boom')
      return 'ok'
    })
    await resource.load()
    fail = true
    await expect(resource.load({ force: true })).rejects.toThrow('boom')
    expect(resource.state.error).toBe('boom')
    expect(resource.state.data).toBe('ok')
    fail = false
    const retry = resource.load({ force: true })
    expect(resource.state.error).toBeNull()
    await retry
  })

  test('a fetch started before a reset does not repopulate the reset resource', async () => {
    const gate = deferred<string>()
    const resource = createResource(() => gate.promise)
    const pending = resource.load()
    resource.reset()
    gate.resolve('stale')
    await pending
    expect(resource.state.data).toBeNull()
  })

  test('an invalidate leaves the data on screen while the next load refetches it', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    let calls = 0
    const resource = createResource(() => answers[calls++].promise)
    const first = resource.load()
    answers[0].resolve('old')
    await first
    resource.invalidate()
    expect(resource.state.data).toBe('old')
    const again = resource.load()
    expect(resource.state.loading).toBe(true)
    expect(resource.state.data).toBe('old')
    answers[1].resolve('new')
    expect(await again).toBe('new')
    expect(resource.state).toMatchObject({ data: 'new', loading: false, error: null })
  })

  test('a reload after a change never shares the request made before it', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    let calls = 0
    const resource = createResource(() => answers[calls++].promise)
    const before = resource.load()
    const after = resource.reload()
    expect(calls).toBe(2)
    answers[0].resolve('before the change')
    answers[1].resolve('after the change')
    expect(await before).toBe('before the change')
    expect(await after).toBe('after the change')
    expect(resource.state.data).toBe('after the change')
  })

  test('an answer that arrives after a newer one is dropped', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    let calls = 0
    const resource = createResource(() => answers[calls++].promise)
    const older = resource.load()
    const newer = resource.reload()
    answers[1].resolve('newer')
    await newer
    expect(resource.state).toMatchObject({ data: 'newer', loading: false })
    answers[0].resolve('older')
    await older
    expect(resource.state.data).toBe('newer')
    expect(resource.state.loading).toBe(false)
  })

  test('an older request that fails after a newer one answered leaves no error', async () => {
    const answers = [Promise.withResolvers<string>(), Promise.withResolvers<string>()]
    let calls = 0
    const resource = createResource(() => answers[calls++].promise)
    const older = resource.load()
    const newer = resource.reload()
    answers[1].resolve('fresh')
    await newer
    answers[0].reject(new Error('timed out'))
    await expect(older).rejects.toThrow('timed out')
    expect(resource.state).toMatchObject({ data: 'fresh', error: null, loading: false })
  })

  test('an answer from before an invalidate is shown but stays stale', async () => {
    const gate = deferred<string>()
    let calls = 0
    const resource = createResource(() => {
      calls++
      return calls === 1 ? gate.promise : Promise.resolve('after')
    })
    const pending = resource.load()
    resource.invalidate()
    gate.resolve('before')
    await pending
    expect(resource.state.data).toBe('before')
    expect(resource.state.lastFetched).toBeNull()
    expect(await resource.load()).toBe('after')
    expect(calls).toBe(2)
  })

  test('a new key drops the old key’s data at once and its late answer too', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = {
      a: deferred<string>(),
      b: deferred<string>(),
    }
    const resource = createResource((key: string) => answers[key].promise)
    const a = resource.load({ key: 'a' })
    const b = resource.load({ key: 'b' })
    expect(resource.state).toMatchObject({ key: 'b', data: null, loading: true })
    answers.b.resolve('report b')
    await b
    answers.a.resolve('report a')
    await a
    expect(resource.state).toMatchObject({ key: 'b', data: 'report b', loading: false })
  })

  test('keepData shows the old key’s data until the new key answers', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string[]>>> = {
      ap: deferred<string[]>(),
      apollo: deferred<string[]>(),
    }
    const resource = createResource((query: string) => answers[query].promise)
    const first = resource.load({ key: 'ap' })
    answers.ap.resolve(['Apollo', 'April'])
    await first
    const second = resource.load({ key: 'apollo', keepData: true })
    expect(resource.state.key).toBe('apollo')
    expect(resource.state.loading).toBe(true)
    expect([...(resource.state.data ?? [])]).toEqual(['Apollo', 'April'])
    answers.apollo.resolve(['Apollo'])
    await second
    expect([...(resource.state.data ?? [])]).toEqual(['Apollo'])
  })

  test('a 404 drops the data (it is gone); other failures keep it on screen', async () => {
    let failure: Error = new Error('offline')
    let fail = false
    const resource = createResource(async () => {
      if (fail) throw failure
      return 'report'
    })
    await resource.load()
    fail = true
    await expect(resource.reload()).rejects.toThrow('offline')
    expect(resource.state).toMatchObject({ data: 'report', error: 'offline' })
    failure = new ApiError(404, 'Report not found', { error: 'Report not found' })
    await expect(resource.reload()).rejects.toThrow('Report not found')
    expect(resource.state).toMatchObject({ data: null, loaded: false, error: 'Report not found' })
  })

  test('fields added to the state follow its data', async () => {
    const resource = createResource(async () => 'ok', {
      state: {
        get current(): string | null {
          return this.data
        },
        set current(value: string | null) {
          this.data = value
        },
      },
    })
    await resource.load()
    expect(resource.state.current).toBe('ok')
    resource.state.current = 'set here'
    expect(resource.state.data).toBe('set here')
  })

  test('a family keeps one resource per key, and a reset forgets them all', async () => {
    let calls = 0
    const family = createResourceFamily(async (week: string) => `${week}#${++calls}`)
    expect(await family.get('2026-11-16').load()).toBe('2026-11-16#1')
    expect(await family.get('2026-11-23').load()).toBe('2026-11-23#2')
    expect(await family.get('2026-11-16').load()).toBe('2026-11-16#1')
    family.reset()
    expect(family.get('2026-11-16').state.data).toBeNull()
    expect(await family.get('2026-11-16').load()).toBe('2026-11-16#3')
  })
})
