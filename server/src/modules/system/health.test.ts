import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient } from '../../test/helpers'

// Through the typed client (`client.api`): the path and answers are the route's own types.
describe('GET /api/health', () => {
  test('200 {status: ok} without a session while the database answers, never cached', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.health.get()
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ status: 'ok' })
    expect(res.response.headers.get('cache-control')).toBe('no-store')
  })

  test('503 {error} with Retry-After and no data once the database is gone', async () => {
    const { app, db } = await createTestApp()
    // Past the schema check first (it runs once, then never again), then the database goes.
    expect((await makeClient(app).api.health.get()).status).toBe(200)
    await db.close()
    const res = await makeClient(app).api.health.get()
    expect(res.status).toBe(503)
    expect(res.data).toBeNull()
    expect(res.error?.value).toEqual({ error: 'Database unavailable' })
    expect(res.response.headers.get('retry-after')).toBe('5')
  })
})
