import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { jsonDepthWithin, MAX_JSON_DEPTH } from '../lib/body'
import { cookieHeader, createTestApp, makeClient, ORIGIN, signIn } from '../test/helpers'

/**
 * Nested and chunked bodies: every route's body limit holds on the bytes read, sent with
 * Content-Length or chunked (413, reading stops, nothing parsed); JSON nested deeper than
 * MAX_JSON_DEPTH is refused with 400 before it is parsed (a large body: as it is parsed, in steps
 * that give the event loop back, lib/json-steps.ts); routes without a session take 8 KB.
 * No body, however nested, answers 5xx. The server's responsiveness under such bodies is
 * measured by `bun run bench` (bench/abuse.ts).
 */

const MB = 1024 * 1024
/** The limits the routes declare: 1 MB for a signed-in JSON route, 8 KB without a session. */
const JSON_LIMIT = MB
const LARGEST_LIMIT = 8 * MB

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** A body streamed in 16 KB chunks, counting what the server pulled and whether it stopped. */
function stream(text: string) {
  const bytes = new TextEncoder().encode(text)
  const pulled = { bytes: 0, cancelled: false }
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      const chunk = bytes.subarray(offset, offset + 16 * 1024)
      offset += chunk.length
      pulled.bytes += chunk.length
      controller.enqueue(chunk)
    },
    cancel() {
      pulled.cancelled = true
    },
  })
  return { body, pulled }
}

// The bodies here are what no typed client could send (streamed, nested past the limit, raw
// text), so they go by path; the reads that check nothing was written use the typed client.
async function setup() {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  return { app, ada }
}

describe('nested and chunked bodies', () => {
  test('a chunked body over its limit is refused with 413 once the limit is passed, unread beyond it, nothing written', async () => {
    const { app, ada } = await setup()
    const big = JSON.stringify({ name: 'x'.repeat(2 * JSON_LIMIT) })
    const { body, pulled } = stream(big)
    const res = await app.handle(
      new Request(`${ORIGIN}/api/projects`, {
        method: 'POST',
        headers: {
          cookie: cookieHeader(ada.jar),
          origin: ORIGIN,
          'content-type': 'application/json',
        },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Request body too large (at most 1 MB)' })
    expect(pulled.cancelled).toBe(true)
    expect(pulled.bytes).toBeLessThan(JSON_LIMIT + 64 * 1024)
    expect((await ada.api.projects.get()).data).toEqual([])
  })

  test('over HTTP, chunked: 413 for a body over the route limit, 8 KB without a session, and the body within its limit still works', async () => {
    const { app, ada } = await setup()
    const server = app.listen({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: LARGEST_LIMIT })
    try {
      const base = `http://127.0.0.1:${server.server?.port}`
      const post = (path: string, text: string, cookie = '') =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
          body: stream(text).body,
        })
      const cookie = cookieHeader(ada.jar)
      const over = await post(
        '/api/projects',
        JSON.stringify({ name: 'x'.repeat(JSON_LIMIT) }),
        cookie,
      )
      expect(over.status).toBe(413)
      // An anonymous route: the nested body of the review (`[` × 3.5 M, 7 MB) stops at 8 KB.
      const anonymous = await post('/api/sessions', nested(3_500_000))
      expect(anonymous.status).toBe(413)
      expect(await anonymous.json()).toEqual({ error: 'Request body too large (at most 8 KB)' })
      const small = await post('/api/projects', JSON.stringify({ name: 'Apollo' }), cookie)
      expect(small.status).toBe(200)
      expect((await ada.api.projects.get()).data?.map((p) => p.name)).toEqual(['Apollo'])
    } finally {
      server.stop(true)
    }
  })

  test(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is a 400 before parsing, at any depth, typed or not`, async () => {
    const { app, ada } = await setup()
    const anonymous = makeClient(app)
    for (const [client, path, body] of [
      [ada, '/api/projects', `{"name": ${nested(400_000)}}`],
      [ada, '/api/projects', nested(MAX_JSON_DEPTH + 1)],
      [anonymous, '/api/sessions', `{"code": ${nested(4_000)}}`],
    ] as const)
      for (const type of ['application/json', 'text/plain', undefined]) {
        const res = await client.request('POST', path, body, type ? { 'content-type': type } : {})
        expect(res.status).toBe(400)
        expect(res.json).toEqual({
          error: `Request body nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
        })
      }
    // The review's `{"code": [[[…]]]}` 500,000 deep: over the 8 KB of an anonymous route.
    const deep = await anonymous.request('POST', '/api/sessions', `{"code": ${nested(500_000)}}`)
    expect(deep.status).toBe(413)
    expect((await ada.api.projects.get()).data).toEqual([])
  })

  test(`${MAX_JSON_DEPTH} levels pass the depth check and meet the route's own validation`, async () => {
    const { ada } = await setup()
    const within = await ada.request(
      'POST',
      '/api/projects',
      `{"name": "Apollo", "tags": ${nested(MAX_JSON_DEPTH - 1)}}`,
    )
    expect(within.status).toBeLessThan(500)
    expect(within.json?.error ?? '').not.toMatch(/nested/)
    const over = await ada.request(
      'POST',
      '/api/projects',
      `{"name": "Apollo", "tags": ${nested(MAX_JSON_DEPTH)}}`,
    )
    expect(over.status).toBe(400)
    expect(over.json.error).toMatch(/nested too deeply/)
  })

  test('a large body built to be slow to parse (1 MB of empty objects; 8 MB on the account import) is parsed in steps: the health check answers meanwhile, the answers are the 400s they were, nothing written', async () => {
    const { app, ada } = await setup()
    const objects = (bytes: number) =>
      `[${Array(Math.floor(bytes / 3) - 1)
        .fill('{}')
        .join(',')}]`
    const cases = [
      {
        path: '/api/projects',
        body: objects(JSON_LIMIT),
        error: /^Project name is required$/,
      },
      // Malformed at its very end: only a parse to the end finds it.
      {
        path: '/api/projects',
        body: `${objects(JSON_LIMIT).slice(0, -1)},]`,
        error: /^Malformed request body$/,
      },
      {
        path: '/api/import',
        body: objects(LARGEST_LIMIT),
        error: /^Invalid request: /,
        // Hundreds of milliseconds of parsing: the probe must answer in between. The 1 MB
        // bodies may be parsed within one step on a fast machine (steps are 10 ms; the
        // yields themselves are proven in lib/json-steps.test.ts).
        answersMeanwhile: true,
      },
    ]
    for (const { path, body, error, answersMeanwhile } of cases) {
      let done = false
      const running = ada.request('POST', path, body).finally(() => {
        done = true
      })
      let answered = 0
      while (!done) {
        await Bun.sleep(2)
        // The liveness probe (no database): whether the event loop answers, not how fast
        // PostgreSQL does — a health check waiting on its query could finish after the body.
        const health = await app.handle(new Request(`${ORIGIN}/api/health/live`))
        expect(health.status).toBe(200)
        if (!done) answered++
      }
      const res = await running
      expect(res.status).toBe(400)
      expect(res.json.error).toMatch(error)
      if (answersMeanwhile) expect(answered).toBeGreaterThan(0)
    }
    expect((await ada.api.projects.get()).data).toEqual([])
    expect((await ada.api.reports.get()).data).toEqual([])
  }, 120_000)

  test('the depth check counts as the parser nests: brackets inside strings and escapes are text (property)', () => {
    const leaf = fc.oneof(
      fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ', '\n') }),
      fc.integer(),
      fc.constant(null),
    )
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 3 }),
      ),
    }))
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object'
        ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf))
        : 0
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 8 }), (v, max) => {
        const text = JSON.stringify(v)
        expect(jsonDepthWithin(text, max)).toBe(depthOf(v) <= max)
      }),
      { numRuns: 2000, seed: 64 },
    )
  })
})
