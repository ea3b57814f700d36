import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { deferred } from '../test/fetch'
import { createResource, FRESH_MS } from './resource'

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
})
