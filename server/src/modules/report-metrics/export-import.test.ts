import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'

/** Ada: two metrics, values on two weeks (one metric left empty the second week). */
async function setUp() {
  const { app, db } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  const bob = await signIn(app, 'bob@example.com')
  const arr = (
    await ada.api.metrics.post({ name: 'ARR', unit: '€k', direction: 'up', target: 500 })
  ).data!
  const churn = (await ada.api.metrics.post({ name: 'Churn', unit: '%', direction: 'down' })).data!
  const w1 = (await ada.api.reports.post({ week_start_date: '2026-06-01' })).data!
  const w2 = (await ada.api.reports.post({ week_start_date: '2026-06-08' })).data!
  const value = (uuid: string, metric_id: number, value: number) =>
    ada.api.reports({ uuid })['metric-values']({ metric_id }).put({ value })
  expect((await value(w1.uuid, arr.id, 410)).status).toBe(200)
  expect((await value(w1.uuid, churn.id, 2.5)).status).toBe(200)
  expect((await value(w2.uuid, arr.id, 430.25)).status).toBe(200)
  return { app, db, ada, bob, arr, churn, w1, w2 }
}

const metricsOf = async (client: Awaited<ReturnType<typeof signIn>>, week: string) => {
  const list = (await client.api.reports.get()).data!
  const report = list.find((r) => r.week_start_date === week)!
  const metrics = (await client.api.reports({ uuid: report.uuid }).get()).data!.metrics!
  return metrics.map(({ id: _, ...m }) => m)
}

describe('metrics in the account export and import', () => {
  test('exported with their definitions and each report’s values; restored into another account the same', async () => {
    const { ada, bob, arr, churn } = await setUp()
    const doc = (await ada.api.export.get()).data!
    expect(doc.metrics).toEqual([
      { id: arr.id, name: 'ARR', unit: '€k', direction: 'up', target: 500, sort_order: 0 },
      { id: churn.id, name: 'Churn', unit: '%', direction: 'down', target: null, sort_order: 1 },
    ])
    expect(doc.reports.map((r) => r.metric_values)).toEqual([
      [
        { metric_id: arr.id, value: 410 },
        { metric_id: churn.id, value: 2.5 },
      ],
      [{ metric_id: arr.id, value: 430.25 }],
    ])
    expect((await bob.api.import.post(doc)).status).toBe(200)
    expect(await metricsOf(bob, '2026-06-08')).toEqual(await metricsOf(ada, '2026-06-08'))
    expect((await bob.api.metrics.get()).data!.map((m) => m.name)).toEqual(['ARR', 'Churn'])
    // Ada's own stay as they were.
    expect((await ada.api.metrics.get()).data!).toHaveLength(2)
  })

  test('into the same account a metric of the same name is reused, not doubled', async () => {
    const { ada } = await setUp()
    // A hand-edited copy of the document (its rows are records the schema checks).
    const doc = JSON.parse(JSON.stringify((await ada.api.export.get()).data!))
    // A new week in the document, with a value of the existing metric.
    doc.reports.push({
      ...doc.reports[1],
      uuid: undefined,
      week_start_date: '2026-06-15',
      editions: [],
      metric_values: [{ metric_id: doc.metrics[0].id, value: 450 }],
    })
    expect((await ada.api.import.post(doc)).status).toBe(200)
    expect((await ada.api.metrics.get()).data!).toHaveLength(2)
    const third = await metricsOf(ada, '2026-06-15')
    expect(third[0]).toMatchObject({ name: 'ARR', value: 450, previous_value: 430.25 })
  })

  test('a value of an unknown metric, or two values of one, is a 400 and writes nothing', async () => {
    const { ada, bob } = await setUp()
    // Hand-edited copies of the document (its rows are records the schema checks).
    const doc = JSON.parse(JSON.stringify((await ada.api.export.get()).data!))
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
      const res = await bob.api.import.post(bad)
      expect(res.status).toBe(400)
      expect(res.error?.value).toEqual({ error: expect.any(String) })
    }
    expect((await bob.api.metrics.get()).data!).toHaveLength(0)
    expect((await bob.api.reports.get()).data!).toHaveLength(0)
  })

  test('an import that would pass the limit of metrics is refused and writes nothing', async () => {
    const { bob } = await setUp()
    const doc = {
      format: 'cadence-export' as const,
      version: 1 as const,
      section_templates: [],
      projects: [],
      team_members: [],
      metrics: Array.from({ length: 51 }, (_, i) => ({
        id: i + 1,
        name: `M${i}`,
        unit: null,
        direction: 'up' as const,
        target: null,
        sort_order: i,
      })),
      reports: [],
    }
    const res = await bob.api.import.post(doc)
    expect(res.status).toBe(403)
    expect((await bob.api.metrics.get()).data!).toHaveLength(0)
  })
})
