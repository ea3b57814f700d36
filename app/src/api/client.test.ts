import { afterEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { ApiError, api, call, downloadText, errorMessage } from './client'
import { OFFLINE_WORDS, UNREACHABLE_WORDS } from './errors'

afterEach(restoreFetch)

describe('error rules of failed calls', () => {
  test('the error field of a JSON body is the message', () => {
    expect(errorMessage(400, { error: 'Project name is required' })).toBe(
      'Project name is required',
    )
  })

  test('a JSON body without a usable error field gives Request failed', () => {
    expect(errorMessage(500, { error: '' })).toBe('Request failed')
  })

  test('a body that is not JSON gives HTTP plus the status', () => {
    expect(errorMessage(502, '<html>Bad gateway</html>')).toBe('HTTP 502')
    expect(errorMessage(503, null)).toBe('HTTP 503')
  })

  test('no answer at all says so in words, never HTTP 503: offline, or out of reach', async () => {
    const failed = new TypeError('Failed to fetch')
    expect(errorMessage(503, failed)).toBe(UNREACHABLE_WORDS)
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true })
    try {
      expect(errorMessage(503, failed)).toBe(
        'You are offline — this will be possible when you are back online',
      )
      // Through the typed client: Eden turns the failed fetch into a 503 carrying the error.
      stubFetch(() => Promise.reject(failed))
      await expect(call(api.api.projects.get())).rejects.toThrow(OFFLINE_WORDS)
      await expect(downloadText('/api/reports/r1/export?format=md')).rejects.toThrow(OFFLINE_WORDS)
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved)
      else delete (globalThis as { navigator?: unknown }).navigator
    }
  })

  test('a download is the file as text, sent with credentials; an error answer is an ApiError', async () => {
    let credentials: RequestCredentials | undefined
    const calls = stubFetch(({ path }) =>
      path.endsWith('format=md')
        ? new Response('# Week of Nov 16', { headers: { 'content-type': 'text/markdown' } })
        : json({ error: 'Report not found', uuid: 'r2' }, 404),
    )
    const inner = globalThis.fetch
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      credentials = init?.credentials
      return inner(input, init)
    }) as typeof fetch
    expect(await downloadText('/api/reports/r1/export?format=md')).toBe('# Week of Nov 16')
    expect(credentials).toBe('include')
    const error = (await downloadText('/api/reports/r2/export?format=html').catch(
      (e) => e,
    )) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(404)
    expect(error.message).toBe('Report not found')
    expect(error.body).toEqual({ error: 'Report not found', uuid: 'r2' })
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET'])
  })

  test('call unwraps Eden data and turns Eden errors into ApiError', async () => {
    stubFetch(({ path }) =>
      path === '/api/projects' ? json([{ id: 1, name: 'Apollo' }]) : json({ error: 'nope' }, 404),
    )
    expect(await call(api.api.projects.get())).toEqual([{ id: 1, name: 'Apollo' }] as never)
    const error = (await call(api.api['user-settings'].get()).catch((e) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(404)
    expect(error.message).toBe('nope')
  })

  test('dates in responses stay strings', async () => {
    stubFetch(() =>
      json([{ week_start_date: '2026-11-16', created_at: '2026-11-16T09:00:00.000Z' }]),
    )
    const [report] = await call(api.api.reports.get())
    expect(report.week_start_date).toBe('2026-11-16')
    expect(report.created_at).toBe('2026-11-16T09:00:00.000Z')
  })
})
