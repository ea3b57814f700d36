import { describe, expect, test } from 'bun:test'
import { SEARCHES_AT_ONCE, searchTurns, USER_SEARCHES_AT_ONCE } from './turns'

/** A search that runs until released, counting who runs at once. */
function harness() {
  const turn = searchTurns()
  const running = new Map<number, number>()
  let total = 0
  let peak = 0
  const peakByUser = new Map<number, number>()
  const releases: (() => void)[] = []
  const order: string[] = []
  const start = (userId: number, name: string, signal = new AbortController().signal) =>
    turn(
      userId,
      signal,
      async () => {
        order.push(name)
        total++
        running.set(userId, (running.get(userId) ?? 0) + 1)
        peak = Math.max(peak, total)
        peakByUser.set(userId, Math.max(peakByUser.get(userId) ?? 0, running.get(userId) ?? 0))
        await new Promise<void>((resolve) => releases.push(resolve))
        total--
        running.set(userId, (running.get(userId) ?? 0) - 1)
        return name
      },
      () => `${name} gone`,
    )
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5))
  /** Releases every search running now, then lets the next ones start. */
  const releaseAll = async () => {
    for (const release of releases.splice(0)) release()
    await settle()
  }
  return { start, releaseAll, settle, order, stats: () => ({ peak, peakByUser }) }
}

describe('search turns', () => {
  test('at most SEARCHES_AT_ONCE run in the process, the rest in the order they came', async () => {
    const h = harness()
    const users = Array.from({ length: 12 }, (_, k) => k + 1)
    const answers = Promise.all(users.map((u) => h.start(u, `s${u}`)))
    await h.settle()
    expect(h.order).toEqual(users.slice(0, SEARCHES_AT_ONCE).map((u) => `s${u}`))
    while (h.order.length < users.length) await h.releaseAll()
    await h.releaseAll()
    expect(await answers).toEqual(users.map((u) => `s${u}`))
    expect(h.order).toEqual(users.map((u) => `s${u}`))
    expect(h.stats().peak).toBe(SEARCHES_AT_ONCE)
  })

  test("one user's many searches take USER_SEARCHES_AT_ONCE places; another user's go first", async () => {
    const h = harness()
    const flood = Array.from({ length: 8 }, (_, k) => h.start(1, `a${k}`))
    const other = h.start(2, 'b0')
    await h.settle()
    expect(h.order).toEqual([
      ...Array.from({ length: USER_SEARCHES_AT_ONCE }, (_, k) => `a${k}`),
      'b0',
    ])
    while (h.order.length < 9) await h.releaseAll()
    await h.releaseAll()
    expect(await other).toBe('b0')
    expect(await Promise.all(flood)).toHaveLength(8)
    expect(h.stats().peakByUser.get(1)).toBe(USER_SEARCHES_AT_ONCE)
  })

  test('a search whose client left while it waited is not run', async () => {
    const h = harness()
    const first = Array.from({ length: USER_SEARCHES_AT_ONCE }, (_, k) => h.start(1, `a${k}`))
    const left = new AbortController()
    const waiting = h.start(1, 'stale', left.signal)
    const next = h.start(1, 'newest')
    await h.settle()
    left.abort()
    await h.releaseAll()
    expect(await waiting).toBe('stale gone')
    await h.releaseAll()
    expect(await next).toBe('newest')
    await Promise.all(first)
    expect(h.order).not.toContain('stale')
  })
})
