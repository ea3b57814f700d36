import { describe, expect, test } from 'bun:test'
import { createTestApp, ORIGIN } from '../../test/helpers'

describe('GET /api/health', () => {
  test('200 {status: ok} without a session while the database answers, never cached', async () => {
    const { app } = await createTestApp()
    const res = await app.handle(new Request(`${ORIGIN}/api/health`))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('503 {error} and no data once the database is gone', async () => {
    const { app, db } = await createTestApp()
    await db.close()
    const res = await app.handle(new Request(`${ORIGIN}/api/health`))
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ error: 'Database unavailable' })
  })
})
