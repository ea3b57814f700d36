import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { Project, Report } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { cache, resetCache } from './cache'
import { importIntoReport, reportState } from './reports'
import { clearToasts, toastState } from './toasts'

const report: Report = {
  id: 1,
  user_id: 1,
  uuid: 'r1',
  week_start_date: '2026-11-16',
  title: null,
  summary: null,
  is_submitted: false,
  sent_date: null,
  created_at: '2026-11-16T09:00:00Z',
  updated_at: '2026-11-16T09:00:00Z',
  sections: [],
}
const project = (id: number, name: string) =>
  ({
    id,
    user_id: 1,
    uuid: `p${id}`,
    name,
    status: 'active',
    created_at: '2026-11-16T09:00:00Z',
    updated_at: '2026-11-16T09:00:00Z',
  }) as Project

let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  resetCache()
  clearToasts()
  reportState.current = null
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
})

function serve(createdProjects: number) {
  return stubFetch(({ method, path }) => {
    if (method === 'POST' && path === '/api/reports/r1/import')
      return json({ importedItems: 2, createdProjects })
    if (path === '/api/projects') return json([project(1, 'Apollo'), project(2, 'Zephyr')])
    if (path === '/api/reports/r1') return json(report)
    return json({ error: 'unexpected' }, 500)
  })
}

describe('import into a report', () => {
  test('projects the import created are fetched at once, so their items show under them', async () => {
    cache.projects.mutate(() => [project(1, 'Apollo')])
    const calls = serve(1)
    await importIntoReport('r1', 'Tasks\n- [Zephyr] Plan the pilot')
    expect(calls.filter((c) => c.path === '/api/projects')).toHaveLength(1)
    expect(cache.projects.state.data?.map((p) => p.name)).toEqual(['Apollo', 'Zephyr'])
    expect(reportState.current?.uuid).toBe('r1')
    expect(toastState.toasts.map((t) => t.message)).toEqual([
      'Report imported successfully!',
      'Imported 2 items from report and created 1 new project(s)',
    ])
  })

  test('an import that created no project does not refetch the projects', async () => {
    cache.projects.mutate(() => [project(1, 'Apollo')])
    const calls = serve(0)
    await importIntoReport('r1', 'Tasks\n- [Apollo] Plan the pilot')
    expect(calls.filter((c) => c.path === '/api/projects')).toHaveLength(0)
    expect(cache.projects.state.data?.map((p) => p.name)).toEqual(['Apollo'])
  })
})
