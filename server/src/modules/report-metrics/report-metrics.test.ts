import { describe, expect, test } from 'bun:test'
import { addWeeks } from '@cadence/core'
import { sql } from 'drizzle-orm'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

// Through the typed client (`client.api`). By path only: bodies the types refuse (and JSON's
// 1e400, which no typed body can hold) and the OpenAPI document.

const FIRST = '2026-06-01'
type Client = Awaited<ReturnType<typeof signIn>>

async function weeksOf(ada: Client, count: number) {
  const reports: { uuid: string; week_start_date: string }[] = []
  for (let i = 0; i < count; i++) {
    const res = await ada.api.reports.post({ week_start_date: addWeeks(FIRST, i) })
    expect(res.status).toBe(200)
    reports.push(res.data!)
  }
  return reports
}

const metricOn = async (ada: Client, uuid: string, id: number) =>
  ((await ada.api.reports({ uuid }).get()).data!.metrics as { id: number }[]).find(
    (m) => m.id === id,
  ) as Record<string, unknown>

describe('metrics', () => {
  test('defined, listed in order, renamed, retargeted and deleted', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const arr = await ada.api.metrics.post({
      name: ' ARR ',
      unit: '€k',
      direction: 'up',
      target: 500,
    })
    expect(arr.status).toBe(200)
    const arrId = arr.data!.id
    expect(arr.data!).toMatchObject({
      name: 'ARR',
      unit: '€k',
      direction: 'up',
      target: 500,
      sort_order: 0,
    })
    const churn = await ada.api.metrics.post({ name: 'Churn', direction: 'down' })
    expect(churn.data!).toMatchObject({ unit: null, target: null, sort_order: 1 })
    expect((await ada.api.metrics.get()).data!.map((m) => m.name)).toEqual(['ARR', 'Churn'])
    const up = await ada.api.metrics({ id: churn.data!.id }).put({ unit: '%', target: 2.5 })
    expect(up.data!).toMatchObject({ name: 'Churn', unit: '%', target: 2.5, direction: 'down' })
    const cleared = await ada.api.metrics({ id: churn.data!.id }).put({ target: null, unit: '  ' })
    expect(cleared.data!).toMatchObject({ unit: null, target: null })
    const gone = await ada.api.metrics({ id: arrId }).delete()
    expect(gone.data!).toEqual({ success: true, message: 'Metric deleted' })
    expect((await ada.api.metrics({ id: arrId }).delete()).status).toBe(404)
    expect((await ada.api.metrics.get()).data!).toHaveLength(1)
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
    // Bodies the types refuse go by path.
    for (const [body, error] of cases) {
      const res = await ada.post('/api/metrics', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(error)
    }
    expect((await ada.api.metrics.get()).data!).toHaveLength(0)
    const [report] = await weeksOf(ada, 1)
    const m = (await ada.api.metrics.post({ name: 'NPS', direction: 'up' })).data!
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
    // Finite but past ±1e15 (the review's ±1e308 made the sparkline NaN and the PDF 500): 400.
    for (const value of [1e308, -1e308, 1e15 + 2 ** 10, -1.5e15]) {
      const far = await ada.api
        .reports({ uuid: report.uuid })
        ['metric-values']({ metric_id: m.id })
        .put({ value })
      expect(far.status).toBe(400)
      expect(far.error?.value).toEqual({
        error: 'Value must be a number from -1e15 to 1e15, or null',
      })
    }
    const target = await ada.post('/api/metrics', { name: 'Far', direction: 'up', target: 1e300 })
    expect(target.status).toBe(400)
    expect(target.json.error).toBe('Target must be a number from -1e15 to 1e15, or null')
    expect((await metricOn(ada, report.uuid, m.id)).value).toBeNull()
    // The bound itself is a value.
    for (const value of [1e15, -1e15]) {
      const edge = await ada.api
        .reports({ uuid: report.uuid })
        ['metric-values']({ metric_id: m.id })
        .put({ value })
      expect(edge.status).toBe(200)
    }
  })

  test('values stored past the bound (before it, or by hand) stay out of the trend; the PDF still answers', async () => {
    const { app, db } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const reports = await weeksOf(ada, 4)
    const m = (await ada.api.metrics.post({ name: 'Revenue', direction: 'up' })).data!
    for (const [i, value] of [10, 12, 14].entries())
      await ada.api
        .reports({ uuid: reports[i].uuid })
        ['metric-values']({ metric_id: m.id })
        .put({ value })
    const last = reports[3].uuid
    await ada.api.reports({ uuid: last })['metric-values']({ metric_id: m.id }).put({ value: 16 })
    // What the review stored through the route: ±1e308, written past the route as an old row.
    await db.exec(sql`UPDATE metric_values SET value = ${1e308} WHERE value = ${12}`)
    await db.exec(sql`UPDATE metric_values SET value = ${-1e308} WHERE value = ${16}`)
    const shown = await metricOn(ada, last, m.id)
    expect(shown).toMatchObject({ value: null, previous_value: 14, flag: null })
    expect((shown.history as { value: number }[]).map((p) => p.value)).toEqual([10, 14])
    const pdf = await ada.get(`/api/reports/${last}/pdf`)
    expect(pdf.status).toBe(200)
  })

  test('a value per report: a new week starts empty; the trend shows value, previous and history', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const m = (await ada.api.metrics.post({ name: 'Signups', direction: 'up' })).data!
    const [w1, w2] = await weeksOf(ada, 2)
    const set = await ada.api
      .reports({ uuid: w1.uuid })
      ['metric-values']({ metric_id: m.id })
      .put({ value: 120 })
    expect(set.status).toBe(200)
    expect(set.data!).toMatchObject({
      id: m.id,
      name: 'Signups',
      value: 120,
      previous_value: null,
      flag: null,
    })
    // Set twice: one value, the last.
    await ada.api
      .reports({ uuid: w1.uuid })
      ['metric-values']({ metric_id: m.id })
      .put({ value: 125 })
    expect(await metricOn(ada, w2.uuid, m.id)).toMatchObject({
      value: null,
      previous_value: 125,
      history: [{ week_start_date: w1.week_start_date, value: 125 }],
    })
    // A report made after a value was entered still starts empty (never copied).
    const w3 = (await ada.api.reports.post({ week_start_date: addWeeks(FIRST, 2) })).data!
    expect((await metricOn(ada, w3.uuid, m.id)).value).toBeNull()
    await ada.api
      .reports({ uuid: w2.uuid })
      ['metric-values']({ metric_id: m.id })
      .put({ value: 130.5 })
    expect(await metricOn(ada, w2.uuid, m.id)).toMatchObject({ value: 130.5, previous_value: 125 })
    // Cleared with null.
    const cleared = await ada.api
      .reports({ uuid: w2.uuid })
      ['metric-values']({ metric_id: m.id })
      .put({ value: null })
    expect(cleared.data!).toMatchObject({ value: null, previous_value: 125 })
  })

  test('history covers the last 13 weeks; a missed target and an unusual move are flagged', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const churn = (
      await ada.api.metrics.post({ name: 'Churn', unit: '%', direction: 'down', target: 5 })
    ).data!
    const leads = (await ada.api.metrics.post({ name: 'Leads', direction: 'up' })).data!
    const reports = await weeksOf(ada, 15)
    const leadValues = [50, 52, 50, 51, 50, 52, 50, 51, 50, 52, 50, 51, 50, 51, 90]
    for (const [i, r] of reports.entries()) {
      await ada.api
        .reports({ uuid: r.uuid })
        ['metric-values']({ metric_id: leads.id })
        .put({ value: leadValues[i] })
      await ada.api
        .reports({ uuid: r.uuid })
        ['metric-values']({ metric_id: churn.id })
        .put({ value: i === 14 ? 6 : 4 })
    }
    const last = reports[14]
    const report = (await ada.api.reports({ uuid: last.uuid }).get()).data!
    const byName = Object.fromEntries(report.metrics!.map((m) => [m.name, m]))
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
    const before = (await ada.api.reports({ uuid: reports[13].uuid }).get()).data!.metrics
    expect(before.map((m) => m.flag)).toEqual([null, null])
    // The brief readers get carries the same metrics.
    const share = await ada.api.reports({ uuid: last.uuid }).shares.post({ expires_in_days: 30 })
    const token = new URL(share.data!.url).pathname.split('/').pop()!
    const shared = (await makeClient(app).api.shared({ token }).get()).data!
    expect(shared.report.metrics?.map((m) => [m.name, m.flag])).toEqual([
      ['Churn', 'missed_target'],
      ['Leads', 'unusual'],
    ])
  })

  test("another user's metric or report is 404; nothing of it changes; signed out is 401", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const m = (await ada.api.metrics.post({ name: 'ARR', direction: 'up' })).data!
    const [adaReport] = await weeksOf(ada, 1)
    const bobReport = (await bob.api.reports.post({ week_start_date: FIRST })).data!
    expect((await bob.api.metrics({ id: m.id }).put({ name: 'Hacked' })).status).toBe(404)
    expect((await bob.api.metrics({ id: m.id }).delete()).status).toBe(404)
    expect(
      (
        await bob.api
          .reports({ uuid: bobReport.uuid })
          ['metric-values']({ metric_id: m.id })
          .put({ value: 1 })
      ).status,
    ).toBe(404)
    expect(
      (
        await bob.api
          .reports({ uuid: adaReport.uuid })
          ['metric-values']({ metric_id: m.id })
          .put({ value: 1 })
      ).status,
    ).toBe(404)
    expect((await bob.api.metrics.get()).data!).toHaveLength(0)
    expect((await bob.api.reports({ uuid: bobReport.uuid }).get()).data!.metrics).toEqual([])
    expect((await ada.api.metrics.get()).data![0].name).toBe('ARR')
    expect((await metricOn(ada, adaReport.uuid, m.id)).value).toBeNull()
    const anonymous = makeClient(app)
    expect((await anonymous.api.metrics.get()).status).toBe(401)
    expect((await anonymous.api.metrics.post({ name: 'X', direction: 'up' })).status).toBe(401)
  })

  test('deleting a metric takes its values; deleting a report takes its values', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const a = (await ada.api.metrics.post({ name: 'A', direction: 'up' })).data!
    const b = (await ada.api.metrics.post({ name: 'B', direction: 'up' })).data!
    const [w1, w2] = await weeksOf(ada, 2)
    await ada.api.reports({ uuid: w1.uuid })['metric-values']({ metric_id: a.id }).put({ value: 1 })
    await ada.api.reports({ uuid: w1.uuid })['metric-values']({ metric_id: b.id }).put({ value: 2 })
    await ada.api.metrics({ id: a.id }).delete()
    expect((await ada.api.reports({ uuid: w2.uuid }).get()).data!.metrics).toMatchObject([
      { name: 'B', previous_value: 2 },
    ])
    expect((await ada.api.reports({ uuid: w1.uuid }).delete()).status).toBe(200)
    expect((await ada.api.reports({ uuid: w2.uuid }).get()).data!.metrics).toMatchObject([
      { name: 'B', previous_value: null, history: [] },
    ])
  })

  test("search finds metric names (type:metric alone lists them); never another user's", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    await ada.api.metrics.post({ name: 'Weekly signups', direction: 'up' })
    await ada.api.metrics.post({ name: 'Churn', unit: '%', direction: 'down' })
    const search = async (client: typeof ada, query: string) =>
      (await client.api.search.get({ query: { query } })).data!.results
    const found = await ada.api.search.get({ query: { query: 'signups' } })
    expect(found.status).toBe(200)
    expect(found.data!.results).toEqual([
      { type: 'metric', id: expect.any(Number), name: 'Weekly signups', title: 'Weekly signups' },
    ])
    const all = await search(ada, 'type:metric')
    expect(all.map((r) => r.name)).toEqual(['Weekly signups', 'Churn'])
    expect(await search(ada, 'type:task signups')).toEqual([])
    expect(await search(ada, 'status:active signups')).toEqual([])
    expect(await search(bob, 'signups')).toEqual([])
  })

  test('an account holds at most 50 metrics: the 51st is refused (403) and nothing is added', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (let i = 0; i < 50; i++)
      expect((await ada.api.metrics.post({ name: `M${i}`, direction: 'up' })).status).toBe(200)
    const over = await ada.api.metrics.post({ name: 'One more', direction: 'up' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error: 'At most 50 metrics per account; delete or combine some first',
    })
    expect((await ada.api.metrics.get()).data!).toHaveLength(50)
  })

  test('a value written while its metric or report is deleted answers 200, 404 or 409, never 500', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (let round = 0; round < 3; round++) {
      const m = (await ada.api.metrics.post({ name: `Race ${round}`, direction: 'up' })).data!
      const report = (await ada.api.reports.post({ week_start_date: addWeeks(FIRST, round) })).data!
      const put = (value: number) =>
        ada.api.reports({ uuid: report.uuid })['metric-values']({ metric_id: m.id }).put({ value })
      const gone =
        round === 1
          ? ada.api.reports({ uuid: report.uuid }).delete()
          : ada.api.metrics({ id: m.id }).delete()
      const statuses = (await Promise.all([put(1), put(2), gone, put(3), put(4)])).map(
        (r) => r.status,
      )
      for (const status of statuses) expect([200, 404, 409]).toContain(status)
      expect(statuses[2]).toBe(200)
    }
    // Nothing is left of the deleted metrics and reports.
    expect((await ada.api.metrics.get()).data!.map((m) => m.name)).toEqual(['Race 1'])
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
