// What an operator sees: request ids on every answer (kept only from a trusted proxy), one JSON
// object per log line with the request's fields and never a cookie, token or e-mail, errors as one
// line with their stack, Prometheus metrics behind a bearer token, and traces exported over
// OTLP/HTTP to a collector (a stand-in on loopback), joined to the caller's W3C traceparent.

import { afterAll, describe, expect, test } from 'bun:test'
import { ExportResultCode } from '@opentelemetry/core'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { Db } from '../db'
import { openDatabase } from '../db'
import { freshTestDatabase, testEngine } from '../test/engines'
import { createTestApp, ORIGIN, signIn } from '../test/helpers'
import { freePort } from '../test/http'
import { createObservability } from '.'
import { createLogger } from './log'
import { EXPORT_WARN_MS, reportingExporter } from './tracing'

const stops: Array<() => unknown> = []
// Last made, first stopped: an app's tracing is closed (its last spans sent) before the collector
// it sends to stops, or that last export met a closed port and failed the file after its tests.
afterAll(async () => {
  for (const stop of stops.reverse()) await stop()
})

const newDb = async (): Promise<Db> =>
  testEngine() === 'pg' ? ((await freshTestDatabase()) as unknown as Db) : openDatabase(':memory:')

/** An app whose log lines are collected, in the given format, with the access log on. */
async function loggedApp(
  env: Record<string, string> = {},
  socketAddress?: (request: Request) => string | undefined,
) {
  const lines: string[] = []
  const config = loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: ORIGIN, ...env })
  const db = await newDb()
  const log = createLogger(config.ops.logFormat, (line) => lines.push(line))
  const obs = createObservability({ db, config }, { log, accessLog: true, socketAddress })
  stops.push(() => obs.close())
  const app = createApp({ db, config, obs, signInLimit: 1000 })
  return { app, db, lines, obs }
}

describe('request ids', () => {
  test('every answer has one, a new one each time; one sent by a client that is not a trusted proxy is not kept', async () => {
    const { app } = await createTestApp({ TRUSTED_PROXIES: '10.0.0.1' })
    const ids = new Set<string>()
    for (const path of ['/api/health/live', '/api/users/me', '/api/nothing-here', '/']) {
      const res = await app.handle(
        new Request(`${ORIGIN}${path}`, { headers: { 'x-request-id': 'client-made-1' } }),
      )
      const id = res.headers.get('x-request-id') as string
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      ids.add(id)
    }
    expect(ids.size).toBe(4)
  }, 30_000)

  test("over HTTP: a trusted proxy's X-Request-Id is kept and answered back; a malformed one is replaced", async () => {
    const port = freePort()
    const base = `http://127.0.0.1:${port}`
    const config = loadConfig({ PUBLIC_URL: base, TRUSTED_PROXIES: '127.0.0.1' })
    const db = await newDb()
    const lines: string[] = []
    const obs = createObservability(
      { db, config },
      {
        log: createLogger('json', (line) => lines.push(line)),
        accessLog: true,
        socketAddress: (request) => app.server?.requestIP(request)?.address,
      },
    )
    const app = createApp({ db, config, obs }).listen({ port, hostname: '127.0.0.1' })
    stops.push(() => app.server?.stop(true))
    const kept = await fetch(`${base}/api/health/live`, {
      headers: { 'x-request-id': 'proxy-7f3a.42' },
    })
    expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a.42')
    expect(lines.some((l) => JSON.parse(l).request_id === 'proxy-7f3a.42')).toBe(true)
    const replaced = await fetch(`${base}/api/health/live`, {
      headers: { 'x-request-id': `bad id ${'x'.repeat(300)}` },
    })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  }, 30_000)
})

describe('LOG_FORMAT=json', () => {
  test('one JSON object per line with the request fields; the route template, never a token, cookie or e-mail', async () => {
    const { app, lines } = await loggedApp({ LOG_FORMAT: 'json' })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
    const share = (
      await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const token = share.url!.split('/r/')[1]
    lines.length = 0
    // Read by path: the test reads the answer's headers as sent.
    const res = await ada.get(`/api/reports/${report.uuid}`)
    // Answered from the response cache, before any route's hooks: the user is known all the same.
    const hit = await ada.get(`/api/reports/${report.uuid}`)
    const shared = await app.handle(new Request(`${ORIGIN}/api/shared/${token}`))
    expect(shared.status).toBe(200)
    const unauthorised = await app.handle(new Request(`${ORIGIN}/api/projects`))
    expect(unauthorised.status).toBe(401)

    const entries = lines.map((line) => JSON.parse(line))
    expect(lines.every((l) => !l.includes('\n'))).toBe(true)
    const [own, cached, byToken, refused] = entries
    expect(cached).toMatchObject({
      request_id: hit.headers.get('x-request-id'),
      route: '/api/reports/:uuid',
      status: 200,
      user_id: report.user_id,
    })
    expect(own).toMatchObject({
      level: 'info',
      msg: 'request',
      request_id: res.headers.get('x-request-id'),
      method: 'GET',
      route: '/api/reports/:uuid',
      status: 200,
      user_id: report.user_id,
    })
    expect(typeof own.duration_ms).toBe('number')
    expect(Number.isNaN(Date.parse(own.time))).toBe(false)
    expect(byToken).toMatchObject({ route: '/api/shared/:token', status: 200 })
    expect(byToken.user_id).toBeUndefined()
    // Refused before routing: its template is found all the same.
    expect(refused).toMatchObject({ route: '/api/projects', status: 401 })
    const all = lines.join('\n')
    expect(all).not.toContain(token)
    expect(all).not.toContain(report.uuid)
    expect(all).not.toContain('ada@example.com')
    for (const value of ada.jar.values()) expect(all).not.toContain(value)
  }, 30_000)

  test('an error is one line with its stack inside, and the answer is a 500 {error}', async () => {
    const { app, db, lines } = await loggedApp({ LOG_FORMAT: 'json' })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    lines.length = 0
    // A statement that fails for a reason that is not the client's nor the database's absence.
    const failing = db.q.projects as unknown as Record<string, unknown>
    for (const key of Object.keys(failing))
      failing[key] = () => {
        throw new Error('boom in the projects statement')
      }
    const res = await ada.get('/api/projects')
    expect(res.status).toBe(500)
    expect(res.json).toEqual({ error: 'Internal server error' })
    const errors = lines.map((l) => JSON.parse(l)).filter((e) => e.level === 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      msg: 'request failed',
      request_id: res.headers.get('x-request-id'),
      route: '/api/projects',
    })
    expect(errors[0].error.message).toBe('boom in the projects statement')
    expect(errors[0].error.stack).toContain('boom in the projects statement')
    expect(errors[0].error.stack).toContain('\n')
  }, 30_000)

  test('text stays the default: one readable line per request', async () => {
    const { app, lines } = await loggedApp()
    const res = await app.handle(new Request(`${ORIGIN}/api/health/live`))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\S+Z INFO GET \/api\/health\/live 200 [\d.]+ms request_id=/)
    expect(lines[0]).toContain(res.headers.get('x-request-id') as string)
  }, 30_000)
})

describe('GET /metrics', () => {
  test('404 without METRICS_TOKEN', async () => {
    const { app } = await createTestApp()
    const res = await app.handle(new Request(`${ORIGIN}/metrics`))
    expect(res.status).toBe(404)
    expect((await res.json()).error).toBeString()
  }, 30_000)

  test('with METRICS_TOKEN: 401 without the bearer token, Prometheus text with it', async () => {
    const { app } = await createTestApp({ METRICS_TOKEN: 's3cret-scrape-0123456789abcdef0123' })
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.get('/api/projects')
    await ada.get('/api/projects')
    for (const authorization of [
      undefined,
      'Bearer wrong',
      's3cret-scrape-0123456789abcdef0123',
      'Basic czNjcmV0',
    ]) {
      const res = await app.handle(
        new Request(`${ORIGIN}/metrics`, {
          headers: authorization ? { authorization } : {},
        }),
      )
      expect(res.status).toBe(401)
      expect((await res.json()).error).toBeString()
    }
    // A session is not a scraper's credential.
    expect((await ada.get('/metrics')).status).toBe(401)
    const res = await app.handle(
      new Request(`${ORIGIN}/metrics`, {
        headers: { authorization: 'Bearer s3cret-scrape-0123456789abcdef0123' },
      }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    expect(text).toContain('http_requests_total{method="GET",route="/api/projects",status="200"} 2')
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/projects",status="200"\}/,
    )
    expect(text).toContain('cadence_sessions_active 1')
    expect(text).toContain('cadence_deliveries{status="pending"} 0')
    expect(text).toContain('cadence_database_up 1')
    expect(text).toMatch(/process_resident_memory_bytes \d+/)
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds [\d.e-]+/)
    if (testEngine() === 'pg') {
      expect(text).toMatch(/cadence_db_pool_in_use \d+/)
      expect(text).toMatch(/cadence_db_pool_waiting \d+/)
    }
    expect(text).not.toContain('ada@example.com')
  }, 30_000)
})

type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[]
}

describe('OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  test("each request and each of its statements is a span, exported over OTLP/HTTP, under the caller's traceparent", async () => {
    const received: OtlpSpan[] = []
    const paths: string[] = []
    const collector = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        paths.push(new URL(request.url).pathname)
        const body = (await request.json()) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[]
        }
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans)
        return Response.json({})
      },
    })
    stops.push(() => collector.stop(true))
    // Requests come from the proxy 10.0.0.1 unless a test header says another socket address.
    const { app, obs } = await loggedApp(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
        TRUSTED_PROXIES: '10.0.0.1',
      },
      (request) => request.headers.get('x-test-socket') ?? '10.0.0.1',
    )
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
    const parentId = '00f067aa0ba902b7'
    const res = await ada.request('GET', '/api/projects', undefined, {
      traceparent: `00-${traceId}-${parentId}-01`,
    })
    expect(res.status).toBe(200)
    await obs.tracing?.flush()
    expect(paths.every((p) => p === '/v1/traces')).toBe(true)
    const mine = received.filter((s) => s.traceId.toLowerCase() === traceId)
    const server = mine.find((s) => s.name === 'GET /api/projects')
    expect(server?.parentSpanId?.toLowerCase()).toBe(parentId)
    const attribute = (span: OtlpSpan | undefined, key: string) =>
      span?.attributes.find((a) => a.key === key)?.value
    expect(Number(attribute(server, 'http.response.status_code')?.intValue)).toBe(200)
    expect(attribute(server, 'http.route')?.stringValue).toBe('/api/projects')
    const statements = mine.filter((s) => s.parentSpanId === server?.spanId)
    expect(statements.length).toBeGreaterThan(0)
    expect(statements.some((s) => s.name === 'SELECT')).toBe(true)
    for (const s of statements) {
      expect(attribute(s, 'db.system.name')?.stringValue).toBe(
        testEngine() === 'pg' ? 'postgresql' : 'sqlite',
      )
      // The statement's text, never its values (the e-mail was a parameter of the sign-in).
      expect(attribute(s, 'db.query.text')?.stringValue).toBeString()
    }
    expect(JSON.stringify(received)).not.toContain('ada@example.com')
    // A request without traceparent starts a trace of its own.
    await ada.get('/api/projects')
    await obs.tracing?.flush()
    const own = received.filter((s) => s.name === 'GET /api/projects' && s.traceId !== traceId)
    expect(own.length).toBe(1)
    expect(own[0].parentSpanId || undefined).toBeUndefined()
    // A traceparent from anyone but a trusted proxy is ignored: a trace of its own.
    const outsider = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
    await ada.request('GET', '/api/projects', undefined, {
      traceparent: `00-${outsider}-${parentId}-01`,
      'x-test-socket': '203.0.113.5',
    })
    await obs.tracing?.flush()
    expect(received.some((s) => s.traceId.toLowerCase() === outsider)).toBe(false)
    const fresh = received.filter(
      (s) =>
        s.name === 'GET /api/projects' && s.traceId !== traceId && s.traceId !== own[0].traceId,
    )
    expect(fresh.length).toBe(1)
    expect(fresh[0].parentSpanId || undefined).toBeUndefined()
  }, 30_000)

  test('without TRUSTED_PROXIES no traceparent is followed', async () => {
    const received: OtlpSpan[] = []
    const collector = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        const body = (await request.json()) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[]
        }
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans)
        return Response.json({})
      },
    })
    stops.push(() => collector.stop(true))
    const { app, obs } = await loggedApp(
      { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}` },
      () => '127.0.0.1',
    )
    const chosen = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
    const res = await app.handle(
      new Request(`${ORIGIN}/api/health/live`, {
        headers: { traceparent: `00-${chosen}-00f067aa0ba902b7-01` },
      }),
    )
    expect(res.status).toBe(200)
    await obs.tracing?.flush()
    expect(received.length).toBeGreaterThan(0)
    expect(received.some((s) => s.traceId.toLowerCase() === chosen)).toBe(false)
  }, 30_000)

  test('a failing collector is one warning per minute with the spans lost, and one line when it works again', async () => {
    let up = false
    const collector = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => (up ? Response.json({}) : new Response('no', { status: 400 })),
    })
    stops.push(() => collector.stop(true))
    const { app, obs, lines } = await loggedApp({
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
    })
    const failures = () =>
      lines.map((l) => JSON.parse(l)).filter((l) => String(l.msg).startsWith('OTLP trace export'))
    for (let i = 0; i < 3; i++) {
      expect((await app.handle(new Request(`${ORIGIN}/api/health/live`))).status).toBe(200)
      // A flush whose export fails rejects: what matters here is what the log says.
      await obs.tracing?.flush().catch(() => {})
    }
    expect(failures().map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'OTLP trace export failed; spans are dropped until the collector answers'],
    ])
    expect(failures()[0].spans_lost).toBeGreaterThan(0)
    up = true
    await app.handle(new Request(`${ORIGIN}/api/health/live`))
    await obs.tracing?.flush()
    expect(failures().map((l) => l.msg)).toEqual([
      'OTLP trace export failed; spans are dropped until the collector answers',
      'OTLP trace export works again',
    ])
    expect(failures()[1].spans_lost).toBeGreaterThanOrEqual(3)
  }, 30_000)

  test('the warning repeats after a minute of failures, not before', async () => {
    const warned: string[] = []
    let clock = 0
    const failing = {
      export: (_: unknown, done: (r: { code: number; error?: Error }) => void) =>
        done({ code: ExportResultCode.FAILED, error: new Error('connect ECONNREFUSED') }),
      shutdown: async () => {},
    }
    const exporter = reportingExporter(
      failing as never,
      { warn: (msg) => warned.push(msg), info: () => {} },
      () => clock,
    )
    const send = () => exporter.export([] as never, () => {})
    send()
    clock += EXPORT_WARN_MS - 1
    send()
    expect(warned).toHaveLength(1)
    clock += 1
    send()
    expect(warned).toHaveLength(2)
  })
})
