// Every route with a path parameter, called with ids past PostgreSQL's 4-byte integer (2^31, a
// 20-digit number, a fraction, a negative): a clean 400 or 404 with {error} and nothing changed,
// never a 500 — on both engines. The routes come from the app itself, so a new route with a
// numeric path id is covered the day it is added.
import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../test/helpers'

const BAD_IDS = ['2147483648', '99999999999999999999', '-2147483649', '1.5', '1e400']

describe('path ids past the 4-byte integer', () => {
  test('every route with a path parameter answers 400 or 404 for an out-of-range id, never 500', async () => {
    const { app } = await createTestApp({ ADMIN_EMAILS: 'ada@example.com' })
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const member = (await ada.post('/api/team-members', { name: 'Bo', email: 'bo@example.com' }))
      .json
    const before = (await ada.get(`/api/reports/${report.uuid}`)).text
    const routes = app.routes
      .map((r) => ({ method: r.method, path: r.path }))
      .filter((r) => r.path.startsWith('/api/') && r.path.includes('/:'))
    const numeric = routes.filter((r) =>
      (r.path.match(/:[a-z_]+/g) ?? []).some((p) => !/uuid|token/.test(p)),
    )
    // The routes that take a numeric id today: a guard that the filter finds them.
    expect(numeric.length).toBeGreaterThanOrEqual(20)
    const failures: string[] = []
    for (const r of numeric) {
      for (const bad of BAD_IDS) {
        const path = r.path.replace(/:([a-z_]+)/g, (_m, name: string) =>
          /uuid/.test(name) ? (/member/.test(r.path) ? member.uuid : report.uuid) : bad,
        )
        const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {}
        const res = await ada.request(r.method, path, body)
        if (![400, 404].includes(res.status) || typeof res.json?.error !== 'string')
          failures.push(`${r.method} ${path} → ${res.status} ${res.text.slice(0, 120)}`)
        // A 400 must come from the path id's own schema (not from the empty body), so the id was
        // refused before any query; the settings key is text and its route answers for the body.
        else if (
          res.status === 400 &&
          !r.path.includes(':key') &&
          !/id|number/.test(res.json.error)
        )
          failures.push(`${r.method} ${path} → 400 for something else: ${res.json.error}`)
      }
    }
    expect(failures).toEqual([])
    expect((await ada.get(`/api/reports/${report.uuid}`)).text).toBe(before)
  }, 60_000)

  test('the id at the limit itself (2^31 - 1) is an ordinary miss: 404, not 400 or 500', async () => {
    const { app } = await createTestApp({ ADMIN_EMAILS: 'ada@example.com' })
    const ada = await signIn(app, 'ada@example.com')
    for (const [method, path, body] of [
      ['PUT', '/api/section-items/2147483647', { content: 'x' }],
      ['DELETE', '/api/section-items/2147483647', undefined],
      ['PUT', '/api/report-sections/2147483647', { title: 'x' }],
      ['DELETE', '/api/decisions/2147483647', undefined],
      ['DELETE', '/api/section-templates/2147483647', undefined],
      ['DELETE', '/api/shares/2147483647', undefined],
      ['POST', '/api/deliveries/2147483647/retry', {}],
      ['POST', '/api/admin/users/2147483647/sessions/end', {}],
    ] as const) {
      const res = await ada.request(method, path, body)
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`)
    }
  }, 30_000)
})
