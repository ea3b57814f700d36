import { afterAll, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { installPage } from '../test/happy-page'
import { useReportEditorPage } from './use-report-page'

const page = installPage('http://localhost/reports/no-such-report', {
  also: ['location', 'history'],
  act: true,
})
afterAll(() => restoreFetch())

// Every render of the editor page's hook for an unknown uuid, in order.
const seen: { loading: boolean; report: unknown }[] = []
function Probe() {
  const { loading, report } = useReportEditorPage('another-uuid')
  seen.push({ loading, report })
  return null
}

describe('the report page of an unknown uuid', () => {
  test("shows 'Report not found' with a way back as soon as the API answers 404", async () => {
    const answer = deferred<Response>()
    const calls = stubFetch(({ path }) =>
      path === '/api/reports/no-such-report' ? answer.promise : json({ error: 'not here' }, 404),
    )
    const { createRoot } = await import('react-dom/client')
    const { Route, Router } = await import('wouter')
    const { default: ReportPage } = await import('./report')
    const container = page.document.createElement('div')
    const root = createRoot(container as unknown as Element)
    await act(async () => {
      root.render(
        <Router>
          <Route path="/reports/:uuid" component={ReportPage} />
        </Router>,
      )
    })
    // Before the server answers: the skeleton, never a 'Report not found' that is not known yet.
    expect(container.textContent).not.toContain('Report not found')
    expect(container.querySelector('.cad-report-skeleton')).not.toBeNull()
    // One 404, no retry: the page says so on the next turn of the event loop.
    await act(async () => {
      answer.resolve(json({ error: 'Report not found' }, 404))
      await Bun.sleep(0)
    })
    expect(container.textContent).toContain('Report not found')
    expect(container.querySelector('a[href="/reports"]')?.textContent).toBe('All reports')
    expect(calls.filter((c) => c.path === '/api/reports/no-such-report')).toHaveLength(1)
    await act(async () => root.unmount())
  })

  test("the first paint, before the load starts, is loading and not 'Report not found'", async () => {
    stubFetch(({ path }) =>
      path === '/api/reports/another-uuid'
        ? json({ error: 'Report not found' }, 404)
        : json({ error: 'not here' }, 404),
    )
    const { createRoot } = await import('react-dom/client')
    const root = createRoot(page.document.createElement('div') as unknown as Element)
    await act(async () => {
      root.render(<Probe />)
    })
    await act(async () => {
      await Bun.sleep(0)
    })
    // The render before the effect (what the browser paints first) already says 'loading'.
    expect(seen[0]).toEqual({ loading: true, report: null })
    expect(seen.at(-1)).toEqual({ loading: false, report: null })
    await act(async () => root.unmount())
  })
})
