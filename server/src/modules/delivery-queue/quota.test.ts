import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { deliveries } from '../../db/schema'
import { createTestApp, signIn } from '../../test/helpers'
import { SENDS_PER_HOUR } from './quota'

describe('the send quota', () => {
  test('flipping a report between sent and draft sends at most the hourly quota; then 429 and nothing changes', async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.put('/api/settings', { webhook_urls: ['https://hooks.slack.com/services/T/B/x'] })
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    for (let i = 0; i < SENDS_PER_HOUR; i++) {
      expect((await ada.put(`/api/reports/${report.uuid}`, { is_submitted: true })).status).toBe(
        200,
      )
      expect((await ada.put(`/api/reports/${report.uuid}`, { is_submitted: false })).status).toBe(
        200,
      )
    }
    const over = await ada.put(`/api/reports/${report.uuid}`, { is_submitted: true })
    expect(over.status).toBe(429)
    expect(over.json.error).toBe(
      'Send limit reached: at most 20 sends an hour and 100 a day; try again later',
    )
    expect((await ada.get(`/api/reports/${report.uuid}`)).json.is_submitted).toBe(false)
    const rows = await db.orm.select().from(deliveries).where(eq(deliveries.kind, 'webhook'))
    expect(rows).toHaveLength(SENDS_PER_HOUR)
    // Retry is a send too.
    await db.orm.update(deliveries).set({ status: 'failed' }).where(eq(deliveries.id, rows[0].id))
    const retry = await ada.post(`/api/deliveries/${rows[0].id}/retry`)
    expect(retry.status).toBe(429)
    // Another user has a quota of their own.
    const bea = await signIn(app, 'bea@example.com')
    await bea.put('/api/settings', { webhook_urls: ['https://hooks.slack.com/services/T/B/y'] })
    const hers = (await bea.post('/api/reports', { week_start_date: '2026-11-16' })).json
    expect((await bea.put(`/api/reports/${hers.uuid}`, { is_submitted: true })).status).toBe(200)
  })

  test('a Send that delivers nothing (no recipients, no webhooks) is not counted', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    for (let i = 0; i < SENDS_PER_HOUR + 2; i++) {
      expect((await ada.put(`/api/reports/${report.uuid}`, { is_submitted: true })).status).toBe(
        200,
      )
      expect((await ada.put(`/api/reports/${report.uuid}`, { is_submitted: false })).status).toBe(
        200,
      )
    }
  })
})
