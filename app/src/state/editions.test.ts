import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { Delivery, EditionSummary } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem } from '../test/fixtures'
import { resetCache } from './cache'
import { deliveriesState, resetDeliveries, stopDeliveries } from './deliveries'
import {
  editionPdfHref,
  editionState,
  editionsState,
  loadEdition,
  loadEditions,
  reportPdfHref,
  resetEditions,
  sendUpdate,
} from './editions'
import { reportState } from './reports'
import { sendNow } from './send'

const sent = reportDetail({
  uuid: 'r1',
  title: 'Apollo beta',
  is_submitted: true,
  sent_date: '2026-11-20',
  sections: [
    reportSection({
      id: 10,
      items: [sectionItem({ id: 100, section_id: 10, content: 'Ship it' })],
    }),
  ],
})
const first: EditionSummary = { number: 1, sent_at: '2026-11-20T10:00:00Z', note: null }
const second: EditionSummary = {
  number: 2,
  sent_at: '2026-11-21T09:00:00Z',
  note: 'Launch moved a week',
}
const delivery: Delivery = {
  id: 1,
  kind: 'report',
  recipients: ['board@example.com'],
  status: 'sent',
  attempts: 1,
  last_error: null,
  next_attempt_at: '2026-11-21T09:00:00Z',
  sent_at: '2026-11-21T09:00:01Z',
  created_at: '2026-11-21T09:00:00Z',
}

let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  resetCache()
  resetDeliveries()
  resetEditions()
  reportState.current = null
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  stopDeliveries()
  restoreFetch()
  errorSpy.mockRestore()
})

describe('editions of the open report', () => {
  test('are loaded newest first and held for that report', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/reports/r1/editions' ? json([second, first]) : json([]),
    )
    const list = await loadEditions('r1')
    expect(list.map((e) => e.number)).toEqual([2, 1])
    expect(editionsState.key).toBe('r1')
    expect(editionsState.list[0].note).toBe('Launch moved a week')
    expect(calls.filter((c) => c.path === '/api/reports/r1/editions')).toHaveLength(1)
  })

  test("another report's editions are not shown, and a failure keeps the list", async () => {
    let fail = false
    stubFetch(({ path }) => {
      if (fail) return json({ error: 'Server error' }, 500)
      return json(path === '/api/reports/r1/editions' ? [first] : [second, first])
    })
    await loadEditions('r1')
    expect(editionsState.list.map((e) => e.number)).toEqual([1])
    await loadEditions('r2')
    expect(editionsState.key).toBe('r2')
    expect(editionsState.list.map((e) => e.number)).toEqual([2, 1])
    fail = true
    expect((await loadEditions('r2', { force: true })).map((e) => e.number)).toEqual([2, 1])
    expect(editionsState.list).toHaveLength(2)
    expect(editionsState.error).toBe('Server error')
  })

  test('the PDF addresses follow the interface', () => {
    expect(editionPdfHref('r1', 2)).toBe('/api/reports/r1/editions/2/pdf')
    expect(reportPdfHref('r1')).toBe('/api/reports/r1/pdf')
  })

  test("'Send now' reloads the editions after the send", async () => {
    const draft = { ...sent, is_submitted: false, sent_date: null }
    reportState.current = structuredClone(draft)
    let editions: EditionSummary[] = []
    const calls = stubFetch(({ method, path, body }) => {
      if (method === 'PUT' && path === '/api/reports/r1') {
        editions = [first]
        return json({ ...draft, ...(body as object) })
      }
      if (path === '/api/reports/r1/editions') return json(editions)
      return json([])
    })
    await loadEditions('r1')
    expect(editionsState.list).toHaveLength(0)
    await sendNow('r1')
    expect(editionsState.list.map((e) => e.number)).toEqual([1])
    const order = calls.map((c) => `${c.method} ${c.path}`)
    expect(order.lastIndexOf('GET /api/reports/r1/editions')).toBeGreaterThan(
      order.indexOf('PUT /api/reports/r1'),
    )
  })
})

describe("'Send update'", () => {
  test('posts the note, reloads the editions, then follows the deliveries', async () => {
    reportState.current = structuredClone(sent)
    let editions = [first]
    const calls = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/reports/r1/editions') {
        editions = [second, first]
        return json(second, 201)
      }
      if (path === '/api/reports/r1/editions') return json(editions)
      if (path === '/api/reports/r1/deliveries') return json([delivery])
      return json([])
    })
    await loadEditions('r1')
    const edition = await sendUpdate('r1', '  Launch moved a week ')
    expect(edition.number).toBe(2)
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.body).toEqual({ note: 'Launch moved a week' })
    expect(editionsState.list.map((e) => e.number)).toEqual([2, 1])
    await waitUntil(() => deliveriesState.key === 'r1' && deliveriesState.list.length === 1)
    const order = calls.map((c) => `${c.method} ${c.path}`)
    const posted = order.indexOf('POST /api/reports/r1/editions')
    expect(order.lastIndexOf('GET /api/reports/r1/editions')).toBeGreaterThan(posted)
    expect(order.indexOf('GET /api/reports/r1/deliveries')).toBeGreaterThan(posted)
  })

  test('without a note sends none', async () => {
    reportState.current = structuredClone(sent)
    const calls = stubFetch(({ method }) => (method === 'POST' ? json(second, 201) : json([])))
    await sendUpdate('r1', '   ')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({})
  })

  test('a refused update throws (the review step shows it) and nothing reloads', async () => {
    reportState.current = structuredClone(sent)
    const calls = stubFetch(({ method }) =>
      method === 'POST'
        ? json({ error: 'A draft has no editions: send it first' }, 409)
        : json([first]),
    )
    await loadEditions('r1')
    await expect(sendUpdate('r1', 'Fixed a typo')).rejects.toThrow(
      'A draft has no editions: send it first',
    )
    expect(editionsState.list.map((e) => e.number)).toEqual([1])
    expect(calls.filter((c) => c.path === '/api/reports/r1/editions')).toHaveLength(2)
    expect(calls.some((c) => c.path === '/api/reports/r1/deliveries')).toBe(false)
  })

  test('updates only the report that is open', async () => {
    reportState.current = structuredClone(sent)
    const calls = stubFetch(() => json({}))
    await expect(sendUpdate('other', 'note')).rejects.toThrow('The report is not open')
    expect(calls).toHaveLength(0)
  })
})

/** Waits on a condition (each turn of the event loop), never on a fixed time. */
async function waitUntil(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setTimeout(r, 0))
  expect(done()).toBe(true)
}

describe('one edition, on its own page', () => {
  test('GET /api/reports/{uuid}/editions/{number} once; an edition never changes, so it is not asked again', async () => {
    const brief = { ...second, title: 'Apollo beta', week_start_date: '2026-11-16' }
    const calls = stubFetch(({ path }) =>
      path === '/api/reports/r1/editions/2'
        ? json(brief)
        : json({ error: 'Edition not found' }, 404),
    )
    await loadEdition('r1', 2)
    await loadEdition('r1', 2)
    expect(calls.map((c) => c.path)).toEqual(['/api/reports/r1/editions/2'])
    expect(editionState.key).toBe('r1/2')
    expect(editionState.data).toMatchObject({ number: 2, note: 'Launch moved a week' })

    // Another edition replaces it; one that is not there leaves nothing to show.
    await loadEdition('r1', 3)
    expect(editionState.key).toBe('r1/3')
    expect(editionState.data).toBeNull()
    expect(editionState.error).toBe('Edition not found')
  })
})
