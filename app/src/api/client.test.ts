import { afterEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { ApiError, api, call, errorMessage, request } from './client'

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

  test('request throws an ApiError with status and message and sends credentials', async () => {
    let credentials: RequestCredentials | undefined
    const realStub = stubFetch(() =>
      json({ error: 'Report already exists for this week', uuid: 'u1' }, 409),
    )
    const inner = globalThis.fetch
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      credentials = init?.credentials
      return inner(input, init)
    }) as typeof fetch
    const error = (await request('POST', '/api/reports', { week_start_date: '2026-11-16' }).catch(
      (e) => e,
    )) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(409)
    expect(error.message).toBe('Report already exists for this week')
    expect(error.body).toEqual({ error: 'Report already exists for this week', uuid: 'u1' })
    expect(credentials).toBe('include')
    expect(realStub[0].body).toEqual({ week_start_date: '2026-11-16' })
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
