import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { ReportChanges } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem } from '../test/fixtures'
import { resetCache } from './cache'
import {
  invalidateChanges,
  loadProjectChanges,
  loadReportChanges,
  projectChangesResource,
  reportChangesResource,
} from './changes'
import { addItem, deleteItem, reportState, updateItem } from './reports'
import { clearToasts } from './toasts'

const changes = (completed: number): ReportChanges => ({
  previous: { uuid: 'r0', week_start_date: '2026-11-09', title: null },
  counts: { completed, new: 1, carried: 2, stalled: 0 },
  completed: [],
  new: [],
  carried: [],
  stalled: [],
})

const report = reportDetail({
  uuid: 'r1',
  created_at: '',
  updated_at: '',
  sections: [
    reportSection({
      id: 10,
      items: [sectionItem({ id: 100, section_id: 10, content: 'Ship it', created_at: '' })],
    }),
  ],
})

/** Lets the refetch started by an invalidation finish. */
const settle = () => new Promise((r) => setTimeout(r, 5))

let completed = 0
beforeEach(() => {
  resetCache()
  clearToasts()
  completed = 0
  reportState.current = structuredClone(report)
})
afterEach(restoreFetch)

function server() {
  return stubFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/reports/r1/changes') return json(changes(completed))
    if (method === 'GET' && path === '/api/reports/r2/changes') return json(changes(9))
    if (method === 'GET' && path === '/api/projects/p1/changes')
      return json({
        weeks: [
          {
            week_start_date: '2026-11-16',
            report_uuid: 'r1',
            completed,
            new: 0,
            carried: 1,
            stalled: 0,
          },
        ],
      })
    if (method === 'PUT') {
      completed = 1
      return json({ ...report.sections![0].items[0], is_completed: true })
    }
    if (method === 'POST')
      return json({ ...report.sections![0].items[0], id: 101, content: 'New one' }, 201)
    if (method === 'DELETE') return json({ success: true })
    return json({ error: 'unexpected' }, 500)
  })
}

const getsOf = (calls: { method: string; path: string }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path).length

describe("a report's 'Since last week'", () => {
  test('is fetched from /changes once and then served from the cache', async () => {
    const calls = server()
    expect((await loadReportChanges('r1')).counts).toEqual({
      completed: 0,
      new: 1,
      carried: 2,
      stalled: 0,
    })
    await loadReportChanges('r1')
    expect(getsOf(calls, '/api/reports/r1/changes')).toBe(1)
  })

  test('completing an item refetches the open report’s changes at once', async () => {
    const calls = server()
    await loadReportChanges('r1')
    await updateItem(100, { is_completed: true })
    await settle()
    expect(getsOf(calls, '/api/reports/r1/changes')).toBe(2)
    expect(reportChangesResource('r1').state.data?.counts.completed).toBe(1)
  })

  test('adding and deleting an item refetch it too; other reports are only marked stale', async () => {
    const calls = server()
    await loadReportChanges('r1')
    await loadReportChanges('r2')
    await addItem({
      section_id: 10,
      content: 'New one',
      project_id: null,
      assigned_to_team_member_id: null,
    })
    await settle()
    expect(getsOf(calls, '/api/reports/r1/changes')).toBe(2)
    expect(getsOf(calls, '/api/reports/r2/changes')).toBe(1)
    expect(reportChangesResource('r2').state.lastFetched).toBeNull()
    await deleteItem(101)
    await settle()
    expect(getsOf(calls, '/api/reports/r1/changes')).toBe(3)
    await loadReportChanges('r2')
    expect(getsOf(calls, '/api/reports/r2/changes')).toBe(2)
  })

  test('a report whose changes were never loaded is not fetched by an invalidation', async () => {
    const calls = server()
    invalidateChanges('r1')
    await settle()
    expect(getsOf(calls, '/api/reports/r1/changes')).toBe(0)
  })

  test('sign-out drops every cached summary', async () => {
    server()
    await loadReportChanges('r1')
    resetCache()
    expect(reportChangesResource('r1').state.data).toBeNull()
  })
})

describe("a project's per-week counts", () => {
  test('come from /api/projects/{uuid}/changes and go stale after an item change', async () => {
    const calls = server()
    expect((await loadProjectChanges('p1'))[0]).toMatchObject({ report_uuid: 'r1', completed: 0 })
    await updateItem(100, { is_completed: true })
    expect(projectChangesResource('p1').state.lastFetched).toBeNull()
    expect((await loadProjectChanges('p1'))[0].completed).toBe(1)
    expect(getsOf(calls, '/api/projects/p1/changes')).toBe(2)
  })
})
