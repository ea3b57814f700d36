import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { Delivery } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem } from '../test/fixtures'
import { resetCache } from './cache'
import { deliveriesState, resetDeliveries, stopDeliveries } from './deliveries'
import { reportState } from './reports'
import { reviewDoubts, sendNow } from './send'
import { toIsoDate } from './weeks'

const withItem = reportDetail({
  uuid: 'r1',
  title: 'Apollo beta',
  sections: [
    reportSection({
      id: 10,
      items: [sectionItem({ id: 100, section_id: 10, content: 'Ship it' })],
    }),
  ],
})
const delivery: Delivery = {
  id: 1,
  kind: 'report',
  recipients: ['board@example.com', 'ceo@example.com'],
  status: 'pending',
  attempts: 0,
  last_error: null,
  next_attempt_at: '2026-11-20T10:00:00Z',
  sent_at: null,
  created_at: '2026-11-20T10:00:00Z',
}

let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  resetCache()
  resetDeliveries()
  reportState.current = null
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  stopDeliveries()
  restoreFetch()
  errorSpy.mockRestore()
})

describe('review before sending', () => {
  test('asks once more for a report without a title or without items', () => {
    expect(reviewDoubts(withItem)).toEqual({ untitled: false, empty: false })
    expect(reviewDoubts({ ...withItem, title: '  ' })).toEqual({ untitled: true, empty: false })
    const noItems = { ...withItem, sections: [reportSection({ id: 10, items: [] })] }
    expect(reviewDoubts(noItems)).toEqual({ untitled: false, empty: true })
    expect(reviewDoubts({ title: null, sections: [] })).toEqual({ untitled: true, empty: true })
  })

  test("'Send now' sends today's date, then follows the deliveries it made", async () => {
    reportState.current = structuredClone(withItem)
    const calls = stubFetch(({ method, path }) => {
      if (method === 'PUT' && path === '/api/reports/r1')
        return json({ ...withItem, is_submitted: true, sent_date: toIsoDate(new Date()) })
      if (path === '/api/reports/r1/deliveries') return json([{ ...delivery, status: 'sent' }])
      return json([])
    })
    await sendNow('r1')
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toEqual({ is_submitted: true, sent_date: toIsoDate(new Date()) })
    expect(reportState.current?.is_submitted).toBe(true)
    await waitUntil(() => deliveriesState.key === 'r1' && deliveriesState.list.length === 1)
    expect(deliveriesState.list[0].status).toBe('sent')
    // The deliveries are asked for after the send, not before.
    const order = calls.map((c) => `${c.method} ${c.path}`)
    expect(order.indexOf('GET /api/reports/r1/deliveries')).toBeGreaterThan(
      order.indexOf('PUT /api/reports/r1'),
    )
  })

  test('a refused send throws (the review step shows it) and the report stays a draft', async () => {
    reportState.current = structuredClone(withItem)
    const calls = stubFetch(({ method }) =>
      method === 'PUT' ? json({ error: 'Daily send limit reached' }, 429) : json([]),
    )
    await expect(sendNow('r1')).rejects.toThrow('Daily send limit reached')
    expect(reportState.current?.is_submitted).toBe(false)
    expect(reportState.current?.sent_date).toBeNull()
    expect(calls.some((c) => c.path === '/api/reports/r1/deliveries')).toBe(false)
  })

  test('sends only the report that is open', async () => {
    reportState.current = structuredClone(withItem)
    const calls = stubFetch(() => json({}))
    await expect(sendNow('other')).rejects.toThrow('The report is not open')
    expect(calls).toHaveLength(0)
  })
})

/** Waits on a condition (each turn of the event loop), never on a fixed time. */
async function waitUntil(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setTimeout(r, 0))
  expect(done()).toBe(true)
}
