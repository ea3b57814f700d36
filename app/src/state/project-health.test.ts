import { afterEach, describe, expect, test } from 'bun:test'
import type { ProjectHealth } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail } from '../test/fixtures'
import { resetCache } from './cache'
import { loadProjectHealth, refreshProjectHealth, setProjectHealth } from './project-health'
import { reportState } from './reports'

const REPORT = '11111111-1111-4111-8111-111111111111'

const row = (project_uuid: string, over: Partial<ProjectHealth> = {}): ProjectHealth => ({
  project_uuid,
  project_name: project_uuid,
  health: null,
  note: null,
  previous_health: null,
  open_count: 1,
  completed_count: 0,
  ...over,
})

afterEach(() => {
  restoreFetch()
  reportState.current = null
  resetCache()
})

describe('project health', () => {
  test("setting a project's health puts the server's row in the open report, in its place", async () => {
    reportState.current = reportDetail({ uuid: REPORT, project_health: [row('a'), row('b')] })
    const calls = stubFetch((call) =>
      json(row('b', { health: 'at_risk', note: (call.body as { note: string }).note })),
    )
    await setProjectHealth(REPORT, 'b', { health: 'at_risk', note: 'Vendor late' })
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /api/reports/${REPORT}/project-health/b`,
    ])
    expect(
      reportState.current?.project_health.map((r) => [r.project_uuid, r.health, r.note]),
    ).toEqual([
      ['a', null, null],
      ['b', 'at_risk', 'Vendor late'],
    ])
  })

  test('after an edit, the open report takes the newest health table and nothing else', async () => {
    reportState.current = reportDetail({ uuid: REPORT, title: 'Edited here', project_health: [] })
    stubFetch(() =>
      json(
        reportDetail({
          uuid: REPORT,
          title: 'Older',
          project_health: [row('a', { open_count: 3 })],
        }),
      ),
    )
    refreshProjectHealth(REPORT, 0)
    for (let i = 0; i < 100 && !reportState.current?.project_health.length; i++) await Bun.sleep(1)
    expect(reportState.current?.project_health.map((r) => [r.project_uuid, r.open_count])).toEqual([
      ['a', 3],
    ])
    expect(reportState.current?.title).toBe('Edited here')
  })

  test("a project's health history is its page's", async () => {
    const calls = stubFetch(() =>
      json({
        weeks: [
          { week_start_date: '2026-11-16', report_uuid: REPORT, health: 'on_track', note: null },
        ],
      }),
    )
    const weeks = await loadProjectHealth('p1')
    expect(calls.map((c) => c.path)).toEqual(['/api/projects/p1/health'])
    expect(weeks.map((w) => w.health)).toEqual(['on_track'])
  })
})
