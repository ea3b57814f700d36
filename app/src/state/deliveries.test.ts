import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { Delivery } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import {
  deliveriesState,
  resetDeliveries,
  retryDelivery,
  stopDeliveries,
  watchDeliveries,
} from './deliveries'
import { clearToasts, toastState } from './toasts'

const delivery = (id: number, status: Delivery['status']): Delivery => ({
  id,
  kind: 'report',
  recipients: ['board@example.com'],
  status,
  attempts: status === 'failed' ? 5 : 0,
  last_error: status === 'failed' ? 'Connection refused' : null,
  next_attempt_at: '2026-11-20T10:00:00Z',
  sent_at: status === 'sent' ? '2026-11-20T10:00:01Z' : null,
  created_at: '2026-11-20T10:00:00Z',
})

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const listGets = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/reports/r1/deliveries').length

beforeEach(() => {
  resetDeliveries()
  clearToasts()
})
afterEach(() => {
  stopDeliveries()
  restoreFetch()
})

describe('report deliveries', () => {
  test('polls while one is pending and stops once none is', async () => {
    const answers = [[delivery(1, 'pending')], [delivery(1, 'pending')], [delivery(1, 'sent')]]
    const calls = stubFetch(() => json(answers.shift() ?? [delivery(1, 'sent')]))
    await watchDeliveries('r1', { intervalMs: 5 })
    expect(deliveriesState.list[0].status).toBe('pending')
    await wait(60)
    expect(deliveriesState.list[0].status).toBe('sent')
    expect(listGets(calls)).toBe(3)
  })

  test('nothing pending: one request, no polling', async () => {
    const calls = stubFetch(() => json([delivery(1, 'failed')]))
    await watchDeliveries('r1', { intervalMs: 5 })
    await wait(30)
    expect(listGets(calls)).toBe(1)
  })

  test('polling stops at the time limit and when the page is left', async () => {
    let calls = stubFetch(() => json([delivery(1, 'pending')]))
    await watchDeliveries('r1', { intervalMs: 5, limitMs: 12 })
    await wait(60)
    const afterLimit = listGets(calls)
    expect(afterLimit).toBeGreaterThan(1)
    expect(afterLimit).toBeLessThan(6)
    await wait(30)
    expect(listGets(calls)).toBe(afterLimit)
    calls = stubFetch(() => json([delivery(1, 'pending')]))
    await watchDeliveries('r1', { intervalMs: 5 })
    stopDeliveries()
    await wait(30)
    expect(listGets(calls)).toBe(1)
  })

  test('Retry POSTs /api/deliveries/{id}/retry, shows it pending and polls again', async () => {
    let retried = false
    const calls = stubFetch(({ method }) => {
      if (method === 'POST') {
        retried = true
        return json(delivery(4, 'pending'))
      }
      return json([delivery(4, retried ? 'sent' : 'failed')])
    })
    await watchDeliveries('r1')
    expect(await retryDelivery(4)).toBe(true)
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/deliveries/4/retry' })
    await wait(20)
    expect(listGets(calls)).toBe(2)
    expect(deliveriesState.list[0].status).toBe('sent')
  })

  test('a refused retry is reported and changes nothing', async () => {
    stubFetch(({ method }) =>
      method === 'POST'
        ? json({ error: 'Only a failed delivery can be retried' }, 400)
        : json([delivery(4, 'sent')]),
    )
    const errorSpy = spyOn(console, 'error').mockImplementation(() => {})
    await watchDeliveries('r1')
    expect(await retryDelivery(4)).toBe(false)
    errorSpy.mockRestore()
    expect(deliveriesState.list[0].status).toBe('sent')
    expect(toastState.toasts.map((t) => t.message)).toEqual([
      'Failed to retry delivery: Only a failed delivery can be retried',
    ])
  })
})
