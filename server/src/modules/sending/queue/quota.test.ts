import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { deliveries } from '../../../db/schema'
import { createTestApp, signIn } from '../../../test/helpers'
import { SENDS_PER_HOUR } from './quota'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
describe('the send quota', () => {
  test('flipping a report between sent and draft sends at most the hourly quota; then 429 and nothing changes', async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api.settings.put({ webhook_urls: ['https://hooks.slack.com/services/T/B/x'] })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const send = (is_submitted: boolean) =>
      ada.api.reports({ uuid: report.uuid }).put({ is_submitted })
    for (let i = 0; i < SENDS_PER_HOUR; i++) {
      expect((await send(true)).status).toBe(200)
      expect((await send(false)).status).toBe(200)
    }
    const over = await send(true)
    expect(over.status).toBe(429)
    expect(over.error?.value).toEqual({
      error: 'Send limit reached: at most 20 sends an hour and 100 a day; try again later',
    })
    expect((await ada.api.reports({ uuid: report.uuid }).get()).data?.is_submitted).toBe(false)
    const rows = await db.orm.select().from(deliveries).where(eq(deliveries.kind, 'webhook'))
    expect(rows).toHaveLength(SENDS_PER_HOUR)
    // Retry is a send too.
    await db.orm.update(deliveries).set({ status: 'failed' }).where(eq(deliveries.id, rows[0].id))
    const retry = await ada.api.deliveries({ id: rows[0].id }).retry.post()
    expect(retry.status).toBe(429)
    // Another user has a quota of their own.
    const bea = await signIn(app, 'bea@example.com')
    await bea.api.settings.put({ webhook_urls: ['https://hooks.slack.com/services/T/B/y'] })
    const hers = (await bea.api.reports.post({ week_start_date: '2026-11-16' })).data!
    expect((await bea.api.reports({ uuid: hers.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
  })

  test('a Send that delivers nothing (no recipients, no webhooks) is counted too: it freezes an edition', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const send = (is_submitted: boolean) =>
      ada.api.reports({ uuid: report.uuid }).put({ is_submitted })
    for (let i = 0; i < SENDS_PER_HOUR; i++) {
      expect((await send(true)).status).toBe(200)
      expect((await send(false)).status).toBe(200)
    }
    const over = await send(true)
    expect(over.status).toBe(429)
    expect((await ada.api.reports({ uuid: report.uuid }).editions.get()).data).toHaveLength(
      SENDS_PER_HOUR,
    )
  })
})
