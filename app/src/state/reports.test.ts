import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { NewReport } from '@cadence/contract'
import type { DashboardData, Report, ReportDetail } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem } from '../test/fixtures'
import { cache, resetCache } from './cache'
import {
  createReport,
  deleteReport,
  importedMessage,
  loadReport,
  loadReportAhead,
  loadReportOnOpen,
  markAsDraft,
  markAsSent,
  reportState,
  setReportStatus,
  updateItem,
  updateReport,
} from './reports'
import { clearToasts, toastState } from './toasts'
import { toIsoDate } from './weeks'

const report = (uuid: string, week: string, extra: Partial<ReportDetail> = {}): ReportDetail =>
  reportDetail({
    id: Number(uuid.replace(/\D/g, '')) || 1,
    uuid,
    week_start_date: week,
    title: 'Week title',
    sections: [
      reportSection({
        id: 10,
        section_template_id: 1,
        items: [sectionItem({ id: 100, section_id: 10, content: 'Ship it' })],
      }),
    ],
    ...extra,
  })

/** POST /api/reports's answer: the new report with its sections and how many were carried. */
const created = (uuid: string, week: string, carried_count = 0): NewReport => {
  const { project_health: _, ...columns } = report(uuid, week)
  return { ...columns, carried_count }
}

const dashboard = (recent: Report[], current: Report | null = null): DashboardData => ({
  currentWeekReport: current,
  activeTasks: [],
  activeFollowups: [],
  activeTasksTotal: 0,
  activeFollowupsTotal: 0,
  recentReports: recent,
  projectHealth: [],
  waitingOn: [],
  needsYou: {
    projects: [],
    stalled: [],
    questions: [],
    answers: [],
    revisits: [],
    mismatches: [],
    unsent: null,
  },
})

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

const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)

describe('report edits', () => {
  test('an edit is applied at once and sends only the changed fields', async () => {
    reportState.current = report('r1', '2026-11-16')
    const calls = stubFetch(() => json({}))
    const pending = updateReport({ title: 'Week title', summary: 'All green' })
    expect(reportState.current.summary).toBe('All green')
    await pending
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/reports/r1', body: { summary: 'All green' } },
    ])
  })

  test('an unchanged edit sends nothing', async () => {
    reportState.current = report('r1', '2026-11-16')
    const calls = stubFetch(() => json({}))
    await updateReport({ title: 'Week title' })
    expect(calls).toHaveLength(0)
  })

  test('a failed edit rolls back exactly the changed fields and rethrows', async () => {
    reportState.current = report('r1', '2026-11-16', { summary: 'Before' })
    stubFetch(() => json({ error: 'Database is busy' }, 500))
    await expect(updateReport({ title: 'New title', summary: 'After' })).rejects.toThrow(
      'Database is busy',
    )
    expect(reportState.current.title).toBe('Week title')
    expect(reportState.current.summary).toBe('Before')
  })

  test('a failed item toggle reverts the item', async () => {
    reportState.current = report('r1', '2026-11-16')
    stubFetch(() => json({ error: 'nope' }, 500))
    await expect(updateItem(100, { is_completed: true })).rejects.toThrow('nope')
    expect(reportState.current.sections?.[0].items[0].is_completed).toBe(false)
  })

  test('a missing report clears the content and stores the error', async () => {
    reportState.current = report('r1', '2026-11-16')
    stubFetch(() => json({ error: 'Report not found' }, 404))
    await loadReport('gone')
    expect(reportState.current).toBeNull()
    expect(reportState.error).toBe('Report not found')
  })
})

describe('a report loaded with its page (issue 45)', () => {
  test('loaded ahead, the first open asks nothing again; a later open does', async () => {
    const calls = stubFetch(() => json(report('r7', '2026-11-16')))
    await loadReportAhead('r7')
    expect(reportState.current?.uuid).toBe('r7')
    await loadReportOnOpen('r7')
    expect(calls).toHaveLength(1)
    await loadReportOnOpen('r7')
    expect(calls).toHaveLength(2)
  })

  test('another report, or an ahead load that failed, is asked for on open', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/reports/r8'
        ? json({ error: 'Database is busy' }, 500)
        : json(report('r9', '2026-11-16')),
    )
    await loadReportAhead('r8')
    await loadReportOnOpen('r8')
    expect(calls.map((c) => c.path)).toEqual(['/api/reports/r8', '/api/reports/r8'])
    await loadReportAhead('r8')
    await loadReportOnOpen('r9')
    expect(calls.at(-1)?.path).toBe('/api/reports/r9')
  })
})

describe('report status', () => {
  test('Send marks it sent today and refreshes the reports list', async () => {
    reportState.current = report('r1', '2026-11-16')
    const calls = stubFetch(({ path }) => (path === '/api/reports' ? json([]) : json({})))
    expect(await setReportStatus('sent')).toBe(true)
    expect(calls[0].body).toEqual({ is_submitted: true, sent_date: toIsoDate(new Date()) })
    expect(calls[1].path).toBe('/api/reports')
    expect(reportState.current.is_submitted).toBe(true)
  })

  test('Mark as Sent uses the chosen date, back to Draft clears it', async () => {
    reportState.current = report('r1', '2026-11-16')
    const calls = stubFetch(({ path }) => (path === '/api/reports' ? json([]) : json({})))
    await markAsSent('2026-11-13')
    await markAsDraft()
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body)
    expect(puts).toEqual([
      { is_submitted: true, sent_date: '2026-11-13' },
      { is_submitted: false, sent_date: null },
    ])
    expect(reportState.current.sent_date).toBeNull()
  })

  test('a failed status update is only logged and reverted', async () => {
    reportState.current = report('r1', '2026-11-16')
    stubFetch(() => json({ error: 'x' }, 500))
    expect(await setReportStatus('sent')).toBe(false)
    expect(reportState.current.is_submitted).toBe(false)
    expect(toastState.toasts).toHaveLength(0)
    expect(errorSpy).toHaveBeenCalled()
  })
})

describe('report creation and deletion', () => {
  test('a created report becomes current and heads a recent list of at most five', async () => {
    const older = ['a1', 'a2', 'a3', 'a4', 'a5'].map((u, i) => report(u, `2026-10-0${i + 1}`))
    cache.dashboard.mutate(() => dashboard(older))
    stubFetch(() => json(created('new9', '2026-11-16'), 201))
    expect(await createReport({ week_start_date: '2026-11-16', title: '  ' })).toEqual({
      uuid: 'new9',
      existed: false,
      carried: 0,
    })
    const d = cache.dashboard.state.data!
    expect(d.currentWeekReport?.uuid).toBe('new9')
    expect(d.recentReports.map((r) => r.uuid)).toEqual(['new9', 'a1', 'a2', 'a3', 'a4'])
    expect(messages()).toEqual(['success: Weekly report created successfully!'])
  })

  test('an existing week answers 409 and the existing report is opened with an info toast', async () => {
    stubFetch(() => json({ error: 'Report already exists for this week', uuid: 'old1' }, 409))
    expect(await createReport({ week_start_date: '2026-11-16' })).toEqual({
      uuid: 'old1',
      existed: true,
      carried: 0,
    })
    expect(messages()).toEqual(['info: A report already exists for this week. Opening it now...'])
  })

  test('carry_over is sent as chosen; carried items add an info toast after the success toast', async () => {
    const calls = stubFetch(() => json(created('new8', '2026-11-23', 3), 201))
    cache.dashboard.state.lastFetched = Date.now()
    cache.reports.mutate(() => [])
    expect(await createReport({ week_start_date: '2026-11-23', carry_over: true })).toEqual({
      uuid: 'new8',
      existed: false,
      carried: 3,
    })
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/reports',
      body: { week_start_date: '2026-11-23', carry_over: true },
    })
    expect(messages()).toEqual([
      'success: Weekly report created successfully!',
      'info: Carried 3 open items from last week',
    ])
    expect(cache.dashboard.state.lastFetched).toBeNull()
    expect(cache.reports.state.data?.map((r) => r.uuid)).toEqual(['new8'])
    expect('carried_count' in (cache.reports.state.data?.[0] ?? {})).toBe(false)
  })

  test('carry_over false is sent; nothing carried means only the success toast', async () => {
    const calls = stubFetch(() => json(created('new7', '2026-11-23'), 201))
    await createReport({ week_start_date: '2026-11-23', carry_over: false })
    expect(calls[0].body).toEqual({ week_start_date: '2026-11-23', carry_over: false })
    expect(messages()).toEqual(['success: Weekly report created successfully!'])
    await createReport({ week_start_date: '2026-11-30' })
    expect(calls[1].body).toEqual({ week_start_date: '2026-11-30' })
  })

  test('another creation failure shows the error toast and rethrows', async () => {
    stubFetch(() => json({ error: 'week_start_date is required' }, 400))
    await expect(createReport({ week_start_date: '' })).rejects.toThrow()
    expect(messages()).toEqual(['error: Failed to create report: week_start_date is required'])
  })

  test('deleting clears the current week, drops it from recent and invalidates the dashboard', async () => {
    const current = report('r1', '2026-11-16')
    cache.dashboard.mutate(() => dashboard([current, report('r2', '2026-11-09')], current))
    cache.dashboard.state.lastFetched = Date.now()
    stubFetch(() => json({ success: true }))
    expect(await deleteReport('r1')).toBe(true)
    const d = cache.dashboard.state.data!
    expect(d.currentWeekReport).toBeNull()
    expect(d.recentReports.map((r) => r.uuid)).toEqual(['r2'])
    expect(cache.dashboard.state.lastFetched).toBeNull()
    expect(messages()).toEqual(['success: Report and all related content deleted successfully'])
  })

  test('a failed delete names the reason', async () => {
    stubFetch(() => new Response('', { status: 500 }))
    expect(await deleteReport('r1')).toBe(false)
    expect(messages()).toEqual(['error: Failed to delete report: HTTP 500'])
  })
})

describe('import toasts', () => {
  test('the count message mentions created projects only when there are some', () => {
    expect(importedMessage(4, 0)).toBe('Imported 4 items from report')
    expect(importedMessage(4, 2)).toBe('Imported 4 items from report and created 2 new project(s)')
  })
})
