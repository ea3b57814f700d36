import { describe, expect, test } from 'bun:test'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db'
import { InFlight } from './in-flight'

describe('requests in flight', () => {
  test('counts sync, async and throwing handlers until they settle', async () => {
    const inFlight = new InFlight()
    expect(inFlight.track(() => 1)).toBe(1)
    expect(() =>
      inFlight.track(() => {
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(inFlight.size).toBe(0)
    let release = () => {}
    const pending = inFlight.track(() => new Promise<void>((resolve) => (release = resolve)))
    expect(inFlight.size).toBe(1)
    expect(await inFlight.idle(20)).toBe(false)
    const idle = inFlight.idle(5_000)
    release()
    await pending
    expect(await idle).toBe(true)
    expect(inFlight.size).toBe(0)
    await expect(inFlight.track(() => Promise.reject(new Error('late')))).rejects.toThrow('late')
    expect(inFlight.size).toBe(0)
  })

  test('a handler whose client went away is still waited for after the server stops', async () => {
    const inFlight = new InFlight()
    const config = loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: 'http://localhost' })
    let finished = false
    const app = createApp({ db: openDatabase(':memory:'), config, inFlight })
      // Stands for any slow handler (a large import, a search on a busy database).
      .get('/slow-for-test', async () => {
        await Bun.sleep(300)
        finished = true
        return 'done'
      })
      .listen({ port: 0, hostname: '127.0.0.1' })
    const quick = await fetch(`http://127.0.0.1:${app.server?.port}/api/health`)
    expect(quick.status).toBe(200)
    const abort = new AbortController()
    const gone = fetch(`http://127.0.0.1:${app.server?.port}/slow-for-test`, {
      signal: abort.signal,
    }).catch(() => 'aborted')
    await Bun.sleep(50)
    abort.abort()
    expect(await gone).toBe('aborted')
    await app.server?.stop(false)
    // The server's stop does not wait for it; the count does.
    expect(finished).toBe(false)
    expect(inFlight.size).toBe(1)
    expect(await inFlight.idle(5_000)).toBe(true)
    expect(finished).toBe(true)
  })
})
