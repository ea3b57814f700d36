// This week's metric values through the offline outbox: queued while offline with a label that
// names the metric, shown at once on the open report, sent in order once back online.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { ReportMetric } from '@cadence/ui'
import * as fake from 'fake-indexeddb'
import { outboxState } from '../offline/fetch'
import { allEntries, applyPending, replay } from '../offline/outbox'
import { type Call, json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail } from '../test/fixtures'
import { resetOutbox } from '../test/outbox'
import { authState } from './auth'
import { resetCache } from './cache'
import { setMetricValue } from './metrics'
import { reportState } from './reports'

const g = globalThis as Record<string, unknown>
const store = new Map<string, string>()
const IDB_GLOBALS = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const
let online = true

beforeAll(() => {
  for (const name of IDB_GLOBALS) g[name] = (fake as Record<string, unknown>)[name]
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, String(v)),
    removeItem: (k: string) => store.delete(k),
  }
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
})
afterAll(() => {
  delete g.indexedDB
  for (const name of IDB_GLOBALS) delete g[name]
  delete g.localStorage
})

const REPORT_UUID = '11111111-1111-4111-8111-111111111111'
const signups: ReportMetric = {
  id: 3,
  name: 'Signups',
  unit: null,
  direction: 'up',
  target: 100,
  value: null,
  previous_value: 130,
  history: [{ week_start_date: '2026-11-09', value: 130 }],
  flag: null,
}

let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  g.indexedDB = new fake.IDBFactory()
  store.clear()
  online = true
  authState.user = { id: 7, email: 'ada@example.com', name: 'Ada' } as typeof authState.user
  reportState.current = reportDetail({ user_id: 7, uuid: REPORT_UUID, metrics: [signups] })
  resetCache()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(async () => {
  await resetOutbox()
  restoreFetch()
  authState.user = null
  reportState.current = null
  errorSpy.mockRestore()
})

describe("this week's metric value", () => {
  test('online: the open report shows the server’s answer (value, trend, flag)', async () => {
    const answer = { ...signups, value: 60, history: [...signups.history], flag: 'missed_target' }
    const calls: Call[] = []
    stubFetch((call) => {
      calls.push(call)
      return json(answer)
    })
    await setMetricValue(REPORT_UUID, 3, 60)
    expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`)).toEqual([
      `PUT /api/reports/${REPORT_UUID}/metric-values/3 {"value":60}`,
    ])
    expect(reportState.current?.metrics?.[0]).toMatchObject({ value: 60, flag: 'missed_target' })
  })

  test('offline: queued with a label naming the metric, shown at once, sent once back online', async () => {
    online = false
    const calls: Call[] = []
    stubFetch((call) => {
      calls.push(call)
      throw new TypeError('Failed to fetch')
    })
    await setMetricValue(REPORT_UUID, 3, 42)
    expect(calls).toHaveLength(0)
    expect(reportState.current?.metrics?.[0].value).toBe(42)
    expect(outboxState.pending).toBe(1)
    const [entry] = await allEntries()
    expect(entry.label).toBe('Set "Signups" to 42')
    await setMetricValue(REPORT_UUID, 3, null)
    expect((await allEntries())[1].label).toBe('Clear "Signups"')
    // Back online: both writes go out, in order.
    online = true
    const sent: Call[] = []
    stubFetch((call) => {
      sent.push(call)
      return call.method === 'GET' ? json(reportState.current) : json({ ...signups })
    })
    await replay()
    expect(
      sent.filter((c) => c.method === 'PUT').map((c) => `${c.path} ${JSON.stringify(c.body)}`),
    ).toEqual([
      `/api/reports/${REPORT_UUID}/metric-values/3 {"value":42}`,
      `/api/reports/${REPORT_UUID}/metric-values/3 {"value":null}`,
    ])
  })

  test('a read of the report while the value waits shows the queued value', async () => {
    online = false
    stubFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    await setMetricValue(REPORT_UUID, 3, 42)
    const read = reportDetail({ user_id: 7, uuid: REPORT_UUID, metrics: [signups] })
    const shown = applyPending(`/api/reports/${REPORT_UUID}`, read, await allEntries(), new Map())
    expect((shown as typeof read).metrics?.[0].value).toBe(42)
    // Another report's read is left alone.
    const other = reportDetail({ user_id: 7, uuid: 'other', metrics: [signups] })
    const untouched = applyPending('/api/reports/other', other, await allEntries(), new Map())
    expect((untouched as typeof other).metrics?.[0].value).toBeNull()
  })
})
