import { describe, expect, test } from 'bun:test'
import { addWeeks } from '@cadence/core'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

const FIRST = '2026-06-01'
type Client = Awaited<ReturnType<typeof signIn>>

async function weeksOf(ada: Client, count: number) {
  const reports: { uuid: string; week_start_date: string }[] = []
  for (let i = 0; i < count; i++) {
    const res = await ada.post('/api/reports', { week_start_date: addWeeks(FIRST, i) })
    expect(res.status).toBe(200)
    reports.push(res.json)
  }
  return reports
}

const metricOn = async (ada: Client, uuid: string, id: number) =>
  ((await ada.get(`/api/reports/${uuid}`)).json.metrics as { id: number }[]).find(
    (m) => m.id === id,
  ) as Record<string, unknown>

describe('metrics', () => {
  test('defined, listed in order, renamed, retargeted and deleted', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const arr = await ada.post('/api/metrics', {
      name: ' ARR ',
      unit: '€k',
      direction: 'up',
      target: 500,
    })
    expect(arr.status).toBe(200)
    const arrId = arr.json.id
    expect(arr.json).toMatchObject({
      name: 'ARR',
      unit: '€k',
      direction: 'up',
      target: 500,
      sort_order: 0,
    })
    const churn = await ada.post('/api/metrics', { name: 'Churn', direction: 'down' })
    expect(churn.json).toMatchObject({ unit: null, target: null, sort_order: 1 })
    expect((await ada.get('/api/metrics')).json.map((m: { name: string }) => m.name)).toEqual([
      'ARR',
      'Churn',
    ])
    const up = await ada.put(`/api/metrics/${churn.json.id}`, { unit: '%', target: 2.5 })
    expect(up.json).toMatchObject({ name: 'Churn', unit: '%', target: 2.5, direction: 'down' })
    const cleared = await ada.put(`/api/metrics/${churn.json.id}`, { target: null, unit: '  ' })
    expect(cleared.json).toMatchObject({ unit: null, target: null })
    const gone = await ada.delete(`/api/metrics/${arrId}`)
    expect(gone.json).toEqual({ success: true, message: 'Metric deleted' })
    expect((await ada.delete(`/api/metrics/${arrId}`)).status).toBe(404)
    expect((await ada.get('/api/metrics')).json).toHaveLength(1)
  })

  test('bad input says what is wrong and writes nothing', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const cases: [unknown, string][] = [
      [{ name: '  ', direction: 'up' }, 'Metric name is required'],
      [{ direction: 'up' }, 'Metric name is required'],
      [{ name: 'X', direction: 'sideways' }, 'Direction must be up or down'],
      [{ name: 'X', direction: 'up', target: 'ten' }, 'Target must be a number or null'],
      [{ name: 'X'.repeat(101), direction: 'up' }, 'Metric name must be at most 100 characters'],
    ]
    for (const [body, error] of cases) {
      const res = await ada.post('/api/metrics', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(error)
    }
    expect((await ada.get('/api/metrics')).json).toHaveLength(0)
    const [report] = await weeksOf(ada, 1)
    const m = (await ada.post('/api/metrics', { name: 'NPS', direction: 'up' })).json
    const bad = await ada.put(`/api/reports/${report.uuid}/metric-values/${m.id}`, { value: '12' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toBe('Value must be a number or null')
    const missing = await ada.put(`/api/reports/${report.uuid}/metric-values/${m.id}`, {})
    expect(missing.status).toBe(400)
    // JSON's 1e400 is Infinity: refused, not stored.
    const huge = await ada.request(
      'PUT',
      `/api/reports/${report.uuid}/metric-values/${m.id}`,
      '{"value": 1e400}',
    )
    expect(huge.status).toBe(400)
    expect((await metricOn(ada, report.uuid, m.id)).value).toBeNull()
  })

  test('a value per report: a new week starts empty; the trend shows value, previous and history', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const m = (await ada.post('/api/metrics', { name: 'Signups', direction: 'up' })).json
    const [w1, w2] = await weeksOf(ada, 2)
    const set = await ada.put(`/api/reports/${w1.uuid}/metric-values/${m.id}`, { value: 120 })
    expect(set.status).toBe(200)
    expect(set.json).toMatchObject({
      id: m.id,
      name: 'Signups',
      value: 120,
      previous_value: null,
      flag: null,
    })
    // Set twice: one value, the last.
    await ada.put(`/api/reports/${w1.uuid}/metric-values/${m.id}`, { value: 125 })
    expect(await metricOn(ada, w2.uuid, m.id)).toMatchObject({
      value: null,
      previous_value: 125,
      history: [{ week_start_date: w1.week_start_date, value: 125 }],
    })
    // A report made after a value was entered still starts empty (never copied).
    const w3 = (await ada.post('/api/reports', { week_start_date: addWeeks(FIRST, 2) })).json
    expect((await metricOn(ada, w3.uuid, m.id)).value).toBeNull()
    await ada.put(`/api/reports/${w2.uuid}/metric-values/${m.id}`, { value: 130.5 })
    expect(await metricOn(ada, w2.uuid, m.id)).toMatchObject({ value: 130.5, previous_value: 125 })
    // Cleared with null.
    const cleared = await ada.put(`/api/reports/${w2.uuid}/metric-values/${m.id}`, { value: null })
    expect(cleared.json).toMatchObject({ value: null, previous_value: 125 })
  })

  test('history covers the last 13 weeks; a missed target and an unusual move are flagged', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const churn = (
      await ada.post('/api/metrics', { name: 'Churn', unit: '%', direction: 'down', target: 5 })
    ).json
    const leads = (await ada.post('/api/metrics', { name: 'Leads', direction: 'up' })).json
    const reports = await weeksOf(ada, 15)
    const leadValues = [50, 52, 50, 51, 50, 52, 50, 51, 50, 52, 50, 51, 50, 51, 90]
    for (const [i, r] of reports.entries()) {
      await ada.put(`/api/reports/${r.uuid}/metric-values/${leads.id}`, { value: leadValues[i] })
      await ada.put(`/api/reports/${r.uuid}/metric-values/${churn.id}`, { value: i === 14 ? 6 : 4 })
    }
    const last = reports[14]
    const report = (await ada.get(`/api/reports/${last.uuid}`)).json
    const byName = Object.fromEntries(report.metrics.map((m: { name: string }) => [m.name, m]))
    expect(byName.Leads.history).toHaveLength(13)
    expect(byName.Leads.history[0].week_start_date).toBe(addWeeks(FIRST, 2))
    expect(byName.Leads).toMatchObject({ value: 90, previous_value: 51, flag: 'unusual' })
    expect(byName.Churn).toMatchObject({
      value: 6,
      previous_value: 4,
      flag: 'missed_target',
      unit: '%',
    })
    // The week before: nothing unusual, on target.
    const before = (await ada.get(`/api/reports/${reports[13].uuid}`)).json.metrics
    expect(before.map((m: { flag: unknown }) => m.flag)).toEqual([null, null])
    // The brief readers get carries the same metrics.
    const share = await ada.post(`/api/reports/${last.uuid}/shares`, {})
    const token = new URL(share.json.url).pathname.split('/').pop()
    const shared = (await makeClient(app).get(`/api/shared/${token}`)).json
    expect(
      shared.report.metrics.map((m: { name: string; flag: unknown }) => [m.name, m.flag]),
    ).toEqual([
      ['Churn', 'missed_target'],
      ['Leads', 'unusual'],
    ])
  })

  test("another user's metric or report is 404; nothing of it changes; signed out is 401", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const m = (await ada.post('/api/metrics', { name: 'ARR', direction: 'up' })).json
    const [adaReport] = await weeksOf(ada, 1)
    const bobReport = (await bob.post('/api/reports', { week_start_date: FIRST })).json
    expect((await bob.put(`/api/metrics/${m.id}`, { name: 'Hacked' })).status).toBe(404)
    expect((await bob.delete(`/api/metrics/${m.id}`)).status).toBe(404)
    expect(
      (await bob.put(`/api/reports/${bobReport.uuid}/metric-values/${m.id}`, { value: 1 })).status,
    ).toBe(404)
    expect(
      (await bob.put(`/api/reports/${adaReport.uuid}/metric-values/${m.id}`, { value: 1 })).status,
    ).toBe(404)
    expect((await bob.get('/api/metrics')).json).toHaveLength(0)
    expect((await bob.get(`/api/reports/${bobReport.uuid}`)).json.metrics).toEqual([])
    expect((await ada.get('/api/metrics')).json[0].name).toBe('ARR')
    expect((await metricOn(ada, adaReport.uuid, m.id)).value).toBeNull()
    const anonymous = makeClient(app)
    expect((await anonymous.get('/api/metrics')).status).toBe(401)
    expect((await anonymous.post('/api/metrics', { name: 'X', direction: 'up' })).status).toBe(401)
  })

  test('deleting a metric takes its values; deleting a report takes its values', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const a = (await ada.post('/api/metrics', { name: 'A', direction: 'up' })).json
    const b = (await ada.post('/api/metrics', { name: 'B', direction: 'up' })).json
    const [w1, w2] = await weeksOf(ada, 2)
    await ada.put(`/api/reports/${w1.uuid}/metric-values/${a.id}`, { value: 1 })
    await ada.put(`/api/reports/${w1.uuid}/metric-values/${b.id}`, { value: 2 })
    await ada.delete(`/api/metrics/${a.id}`)
    expect((await ada.get(`/api/reports/${w2.uuid}`)).json.metrics).toMatchObject([
      { name: 'B', previous_value: 2 },
    ])
    expect((await ada.delete(`/api/reports/${w1.uuid}`)).status).toBe(200)
    expect((await ada.get(`/api/reports/${w2.uuid}`)).json.metrics).toMatchObject([
      { name: 'B', previous_value: null, history: [] },
    ])
  })

  test("search finds metric names (type:metric alone lists them); never another user's", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    await ada.post('/api/metrics', { name: 'Weekly signups', direction: 'up' })
    await ada.post('/api/metrics', { name: 'Churn', unit: '%', direction: 'down' })
    const found = await ada.get('/api/search?query=signups')
    expect(found.status).toBe(200)
    expect(found.json.results).toEqual([
      { type: 'metric', id: expect.any(Number), name: 'Weekly signups', title: 'Weekly signups' },
    ])
    const all = (await ada.get('/api/search?query=type:metric')).json.results
    expect(all.map((r: { name: string }) => r.name)).toEqual(['Weekly signups', 'Churn'])
    expect((await ada.get('/api/search?query=type:task signups')).json.results).toEqual([])
    expect((await ada.get('/api/search?query=status:active signups')).json.results).toEqual([])
    expect((await bob.get('/api/search?query=signups')).json.results).toEqual([])
  })

  test('an account holds at most 50 metrics: the 51st is refused (403) and nothing is added', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (let i = 0; i < 50; i++)
      expect((await ada.post('/api/metrics', { name: `M${i}`, direction: 'up' })).status).toBe(200)
    const over = await ada.post('/api/metrics', { name: 'One more', direction: 'up' })
    expect(over.status).toBe(403)
    expect(over.json.error).toBe('At most 50 metrics per account; delete or combine some first')
    expect((await ada.get('/api/metrics')).json).toHaveLength(50)
  })

  test('a value written while its metric or report is deleted answers 200, 404 or 409, never 500', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (let round = 0; round < 3; round++) {
      const m = (await ada.post('/api/metrics', { name: `Race ${round}`, direction: 'up' })).json
      const report = (await ada.post('/api/reports', { week_start_date: addWeeks(FIRST, round) }))
        .json
      const put = (value: number) =>
        ada.put(`/api/reports/${report.uuid}/metric-values/${m.id}`, { value })
      const gone =
        round === 1 ? ada.delete(`/api/reports/${report.uuid}`) : ada.delete(`/api/metrics/${m.id}`)
      const statuses = (await Promise.all([put(1), put(2), gone, put(3), put(4)])).map(
        (r) => r.status,
      )
      for (const status of statuses) expect([200, 404, 409]).toContain(status)
      expect(statuses[2]).toBe(200)
    }
    // Nothing is left of the deleted metrics and reports.
    expect((await ada.get('/api/metrics')).json.map((m: { name: string }) => m.name)).toEqual([
      'Race 1',
    ])
  })

  test('the OpenAPI document has the metrics routes with their answers', async () => {
    const { app } = await createTestApp()
    const doc = (await makeClient(app).get('/api/openapi.json')).json
    const paths = Object.keys(doc.paths)
    for (const path of [
      '/api/metrics',
      '/api/metrics/{id}',
      '/api/reports/{uuid}/metric-values/{metric_id}',
    ])
      expect(paths).toContain(path)
    const put = doc.paths['/api/reports/{uuid}/metric-values/{metric_id}'].put
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']))
    expect(JSON.stringify(put.responses['200'])).toContain('previous_value')
  })
})
