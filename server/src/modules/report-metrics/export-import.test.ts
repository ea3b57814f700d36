import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'

/** Ada: two metrics, values on two weeks (one metric left empty the second week). */
async function setUp() {
  const { app, db } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  const bob = await signIn(app, 'bob@example.com')
  const arr = (
    await ada.post('/api/metrics', { name: 'ARR', unit: '€k', direction: 'up', target: 500 })
  ).json
  const churn = (await ada.post('/api/metrics', { name: 'Churn', unit: '%', direction: 'down' }))
    .json
  const w1 = (await ada.post('/api/reports', { week_start_date: '2026-06-01' })).json
  const w2 = (await ada.post('/api/reports', { week_start_date: '2026-06-08' })).json
  await ada.put(`/api/reports/${w1.uuid}/metric-values/${arr.id}`, { value: 410 })
  await ada.put(`/api/reports/${w1.uuid}/metric-values/${churn.id}`, { value: 2.5 })
  await ada.put(`/api/reports/${w2.uuid}/metric-values/${arr.id}`, { value: 430.25 })
  return { app, db, ada, bob, arr, churn, w1, w2 }
}

const metricsOf = async (client: Awaited<ReturnType<typeof signIn>>, week: string) => {
  const list = (await client.get('/api/reports')).json as {
    uuid: string
    week_start_date: string
  }[]
  const report = list.find((r) => r.week_start_date === week)
  const metrics = (await client.get(`/api/reports/${report?.uuid}`)).json.metrics
  return metrics.map(({ id: _, ...m }: { id: number }) => m)
}

describe('metrics in the account export and import', () => {
  test('exported with their definitions and each report’s values; restored into another account the same', async () => {
    const { ada, bob, arr, churn } = await setUp()
    const doc = (await ada.get('/api/export')).json
    expect(doc.metrics).toEqual([
      { id: arr.id, name: 'ARR', unit: '€k', direction: 'up', target: 500, sort_order: 0 },
      { id: churn.id, name: 'Churn', unit: '%', direction: 'down', target: null, sort_order: 1 },
    ])
    expect(doc.reports.map((r: { metric_values: unknown }) => r.metric_values)).toEqual([
      [
        { metric_id: arr.id, value: 410 },
        { metric_id: churn.id, value: 2.5 },
      ],
      [{ metric_id: arr.id, value: 430.25 }],
    ])
    expect((await bob.post('/api/import', doc)).status).toBe(200)
    expect(await metricsOf(bob, '2026-06-08')).toEqual(await metricsOf(ada, '2026-06-08'))
    expect((await bob.get('/api/metrics')).json.map((m: { name: string }) => m.name)).toEqual([
      'ARR',
      'Churn',
    ])
    // Ada's own stay as they were.
    expect((await ada.get('/api/metrics')).json).toHaveLength(2)
  })

  test('into the same account a metric of the same name is reused, not doubled', async () => {
    const { ada } = await setUp()
    const doc = (await ada.get('/api/export')).json
    // A new week in the document, with a value of the existing metric.
    doc.reports.push({
      ...doc.reports[1],
      uuid: undefined,
      week_start_date: '2026-06-15',
      editions: [],
      metric_values: [{ metric_id: doc.metrics[0].id, value: 450 }],
    })
    expect((await ada.post('/api/import', doc)).status).toBe(200)
    expect((await ada.get('/api/metrics')).json).toHaveLength(2)
    const third = await metricsOf(ada, '2026-06-15')
    expect(third[0]).toMatchObject({ name: 'ARR', value: 450, previous_value: 430.25 })
  })

  test('a value of an unknown metric, or two values of one, is a 400 and writes nothing', async () => {
    const { ada, bob } = await setUp()
    const doc = (await ada.get('/api/export')).json
    const unknown = structuredClone(doc)
    unknown.reports[0].metric_values = [{ metric_id: 999_999, value: 1 }]
    const twice = structuredClone(doc)
    twice.reports[0].metric_values = [
      { metric_id: doc.metrics[0].id, value: 1 },
      { metric_id: doc.metrics[0].id, value: 2 },
    ]
    const wrongDirection = structuredClone(doc)
    wrongDirection.metrics[0].direction = 'sideways'
    for (const bad of [unknown, twice, wrongDirection]) {
      const res = await bob.post('/api/import', bad)
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
    }
    expect((await bob.get('/api/metrics')).json).toHaveLength(0)
    expect((await bob.get('/api/reports')).json).toHaveLength(0)
  })

  test('an import that would pass the limit of metrics is refused and writes nothing', async () => {
    const { bob } = await setUp()
    const doc = {
      format: 'cadence-export',
      version: 1,
      section_templates: [],
      projects: [],
      team_members: [],
      metrics: Array.from({ length: 51 }, (_, i) => ({
        id: i + 1,
        name: `M${i}`,
        unit: null,
        direction: 'up',
        target: null,
        sort_order: i,
      })),
      reports: [],
    }
    const res = await bob.post('/api/import', doc)
    expect(res.status).toBe(403)
    expect((await bob.get('/api/metrics')).json).toHaveLength(0)
  })
})
