import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { type StandIn, startVendorStandIn } from '../../../testing/vendor-stand-in'
import { loadConfig } from '../../config'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { NOT_ALLOWED_NOW, vendorLimits } from './outbound'
import { clearSuggestionCache, reportSuggestions } from './service'

// Every vendor against its stand-in on the loopback (testing/vendor-stand-in.ts): no internet.

const WEEK = { monday: '2026-11-23', sunday: '2026-11-29' }
let stand: StandIn
const limits = { ...vendorLimits }
beforeAll(async () => {
  stand = await startVendorStandIn(WEEK)
  // The stand-in's 'slow' never answers (30 s); every other answer must come within this. At
  // 700 ms a loaded machine missed it for answers that came (a vendor's SDK loaded on first use).
  vendorLimits.timeoutMs = 3_000
})
afterAll(async () => {
  Object.assign(vendorLimits, limits)
  await stand.close()
})

const ENV = { OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', SECRET_KEY: 'test-secret-key' }
type Kind = 'github' | 'gitlab' | 'jira' | 'linear'

async function setUp() {
  clearSuggestionCache()
  const { app, db } = await createTestApp(ENV)
  const ada = await signIn(app, 'ada@example.com')
  await ada.post('/api/section-templates', { name: 'Highlights', type: 'standard' })
  const report = (await ada.post('/api/reports', { week_start_date: WEEK.monday })).json
  return { app, db, ada, report }
}

async function connect(client: Client, kind: Kind, token: string, extra: object = {}) {
  const res = await client.post('/api/sources', {
    kind,
    base_url: `${stand.url}/${kind}`,
    token,
    ...extra,
  })
  expect(res.status).toBe(201)
  return res.json as { id: number }
}

const suggestions = async (client: Client, uuid: string) => {
  const res = await client.get(`/api/reports/${uuid}/suggestions`)
  expect(res.status).toBe(200)
  return res.json as {
    suggestions: ({ id: string; title: string; url: string; source_id: number } & Record<
      string,
      unknown
    >)[]
    errors: { source_id: number; error: string }[]
  }
}

describe('suggestions from each vendor', () => {
  test('GitHub: the two searches of §14, with the token as Bearer', async () => {
    const { ada, report } = await setUp()
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const gh = await connect(ada, 'github', 'ok', { project_uuid: apollo.uuid })
    const before = stand.requests.length
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    expect(got.suggestions.map((s) => s.title).sort()).toEqual([
      'Closed issue 1',
      'Merged pull request 1',
      'Merged pull request 2',
    ])
    expect(got.suggestions[0]).toEqual({
      id: expect.stringMatching(/^s\d+-[0-9a-f]{16}$/),
      source_id: gh.id,
      kind: 'github',
      title: expect.any(String),
      url: expect.stringMatching(/^https:\/\/github.com\/acme\/api\//),
      occurred_at: '2026-11-24T10:00:00.000Z',
      project_uuid: apollo.uuid,
      section_type: 'standard',
    })
    const asked = stand.requests.slice(before)
    const queries = asked.map((r) => new URL(r.path, stand.url).searchParams.get('q'))
    expect(queries).toEqual([
      'author:@me is:pr is:merged merged:2026-11-23..2026-11-29',
      'is:issue is:closed closed:2026-11-23..2026-11-29 involves:@me',
    ])
    expect(asked[0].headers.get('authorization')).toMatch(/^(Bearer|token) ok$/)
    // Cached: a second look asks nothing of GitHub.
    await suggestions(ada, report.uuid)
    expect(stand.requests.length).toBe(before + 2)
  })

  test('GitLab, Jira and Linear: this week only, with each one’s auth', async () => {
    const { ada, report } = await setUp()
    await connect(ada, 'gitlab', 'ok')
    await connect(ada, 'jira', 'ok')
    await connect(ada, 'linear', 'ok')
    const before = stand.requests.length
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    expect(got.suggestions.map((s) => s.title).sort()).toEqual([
      'ENG-1 Linear issue 1',
      'ENG-2 Linear issue 2',
      'GitLab issue 1',
      'Merge request 1',
      'Merge request 2',
      'OPS-1 Jira issue 1',
      'OPS-2 Jira issue 2',
    ])
    const asked = stand.requests.slice(before)
    const jira = asked.find((r) => r.path.includes('/jira/'))!
    expect(new URL(jira.path, stand.url).searchParams.get('jql')).toBe(
      'assignee = currentUser() AND statusCategory = Done AND resolved >= "2026-11-23" AND resolved < "2026-11-30"',
    )
    expect(jira.headers.get('authorization')).toBe('Bearer ok')
    expect(asked.find((r) => r.path.includes('/gitlab/'))!.headers.get('private-token')).toBe('ok')
    const linear = asked.find((r) => r.path.includes('/linear/'))!
    expect(linear.headers.get('authorization')).toBe('ok')
    // @linear/sdk's generated `issues` query, for the issues assigned to the key's owner.
    const sent = JSON.parse(linear.body)
    expect(sent.query).toMatch(/^\s*query issues\(/)
    expect(sent.variables.filter).toEqual({
      assignee: { isMe: { eq: true } },
      completedAt: { gte: '2026-11-23T00:00:00Z', lt: '2026-11-30T00:00:00Z' },
    })
  })

  test('pagination: every vendor reads its second page (bounded)', async () => {
    const { ada, report } = await setUp()
    for (const kind of ['github', 'gitlab', 'jira', 'linear'] as const)
      await connect(ada, kind, 'many')
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    const count = (prefix: string) => got.suggestions.filter((s) => s.url.includes(prefix)).length
    expect(count('github.com/acme/api/pull')).toBe(150)
    expect(count('gitlab.example/acme/api/-/merge_requests')).toBe(150)
    expect(count('/browse/OPS-')).toBe(150)
    expect(count('linear.app')).toBe(150)
  })

  test('Jira Cloud through jira.js: /search/jql paged by nextPageToken, answers checked by its schema', async () => {
    const { ada, report } = await setUp()
    await connect(ada, 'jira', 'many')
    const before = stand.requests.length
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    expect(got.suggestions.length).toBe(150)
    const asked = stand.requests.slice(before).map((r) => new URL(r.path, stand.url))
    expect(asked.map((u) => u.pathname)).toEqual([
      '/jira/rest/api/3/search/jql',
      '/jira/rest/api/3/search/jql',
    ])
    expect(asked.map((u) => u.searchParams.get('nextPageToken'))).toEqual([null, '100'])
    expect(asked[0].searchParams.get('fields')).toBe('summary,resolutiondate')
  })

  test('Jira Data Center: no /rest/api/3 (404), then /rest/api/2/search paged by startAt', async () => {
    const { ada, report } = await setUp()
    await connect(ada, 'jira', 'datacenter')
    const before = stand.requests.length
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    expect(got.suggestions.length).toBe(150)
    expect(got.suggestions[0].url).toMatch(/\/browse\/WEB-\d+$/)
    const asked = stand.requests.slice(before).map((r) => new URL(r.path, stand.url))
    expect(asked.map((u) => `${u.pathname} ${u.searchParams.get('startAt') ?? ''}`)).toEqual([
      '/jira/rest/api/3/search/jql ',
      '/jira/rest/api/2/search 0',
      '/jira/rest/api/2/search 100',
    ])
  })

  test('an answer that does not fit the vendor’s published schema is an error of that source', async () => {
    const { ada, report } = await setUp()
    const bad = await connect(ada, 'jira', 'off-schema')
    const linear = await connect(ada, 'linear', 'off-schema')
    const got = await suggestions(ada, report.uuid)
    expect(got.suggestions).toEqual([])
    expect(got.errors.find((e) => e.source_id === bad.id)?.error).toMatch(/unexpected shape/)
    expect(got.errors.find((e) => e.source_id === linear.id)?.error).toMatch(/unexpected shape/)
  })

  test('401, 403, 404, malformed JSON, a timeout and a long 429: each says so, the others answer', async () => {
    const { ada, report } = await setUp()
    const good = await connect(ada, 'github', 'ok')
    const failing: [Kind, string, RegExp][] = [
      ['github', 'bad', /401/],
      ['gitlab', 'forbidden', /403/],
      ['jira', 'garbage', /not JSON/],
      ['linear', 'bad', /401/],
      ['gitlab', 'slow', /No answer within/],
      ['github', 'limited-long', /Rate limited.*try again in/],
      ['jira', 'limited-long', /Rate limited/],
      ['github', 'garbage', /not JSON/],
    ]
    const ids: number[] = []
    for (const [kind, token] of failing) ids.push((await connect(ada, kind, token)).id)
    const missing = await ada.post('/api/sources', {
      kind: 'gitlab',
      base_url: `${stand.url}/nothing`,
      token: 'ok',
    })
    const got = await suggestions(ada, report.uuid)
    expect(got.suggestions.every((s) => s.source_id === good.id)).toBe(true)
    expect(got.suggestions.length).toBe(3)
    failing.forEach(([, , message], i) => {
      const error = got.errors.find((e) => e.source_id === ids[i])
      expect({ i, error: error?.error }).toEqual({ i, error: expect.stringMatching(message) })
    })
    expect(got.errors.find((e) => e.source_id === missing.json.id)?.error).toMatch(/404/)
    expect(JSON.stringify(got)).not.toMatch(/"token|garbage|forbidden/)
  })

  test('a 429 with a near reset is waited out and asked again', async () => {
    const { ada, report } = await setUp()
    await connect(ada, 'gitlab', 'limited')
    const started = Date.now()
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    expect(got.suggestions.length).toBe(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
  })

  test('an item whose link is not a web page (javascript:) is not offered', async () => {
    const { ada, report } = await setUp()
    await connect(ada, 'github', 'bad-link')
    const got = await suggestions(ada, report.uuid)
    expect(got.errors).toEqual([])
    expect(got.suggestions.map((s) => s.title).sort()).toEqual([
      'Closed issue 1',
      'Merged pull request 2',
    ])
    expect(got.suggestions.every((s) => s.url.startsWith('https://'))).toBe(true)
  })

  test('each call is checked again: a host no longer listed is refused at call time', async () => {
    const { db, ada, report } = await setUp()
    const gh = await connect(ada, 'github', 'ok')
    clearSuggestionCache()
    // The same rows read by a server whose OUTBOUND_ALLOW_PRIVATE no longer lists the loopback.
    const strict = {
      db,
      config: loadConfig({ DATABASE_PATH: ':memory:', SECRET_KEY: ENV.SECRET_KEY }),
    }
    const [user] = await db.rows<{ id: number }>(sql`SELECT id FROM users`)
    const before = stand.requests.length
    const got = await reportSuggestions(strict, user.id, report.uuid)
    expect(got.suggestions).toEqual([])
    expect(got.errors).toEqual([{ source_id: gh.id, error: NOT_ALLOWED_NOW }])
    expect(stand.requests.length).toBe(before)
  })
})

describe('accept and dismiss', () => {
  test('accept adds the item with its link once; the same twice or at once answers the same item', async () => {
    const { ada, report, db } = await setUp()
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    await connect(ada, 'github', 'ok', { project_uuid: apollo.uuid })
    const [first, second] = (await suggestions(ada, report.uuid)).suggestions
    const path = `/api/reports/${report.uuid}/suggestions/${first.id}/accept`
    const results = await Promise.all([ada.post(path), ada.post(path), ada.post(path)])
    for (const r of results) expect(r.status).toBe(200)
    const item = results[0].json
    expect(item).toMatchObject({
      content: first.title,
      source_url: first.url,
      item_type: 'standard',
    })
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1)
    expect((await ada.post(path)).json.id).toBe(item.id)
    const rows = await db.rows<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM section_items WHERE source_url = ${first.url}`,
    )
    expect(Number(rows[0].n)).toBe(1)
    const full = (await ada.get(`/api/reports/${report.uuid}`)).json
    const items = full.sections.flatMap((s: { items: unknown[] }) => s.items)
    expect(items).toContainEqual(
      expect.objectContaining({
        id: item.id,
        project_id: expect.any(Number),
        source_url: first.url,
      }),
    )
    // An item typed by hand carries none.
    const typed = await ada.post('/api/section-items', {
      section_id: item.section_id,
      content: 'Typed by hand',
    })
    expect(typed.json.source_url).toBeNull()
    // No longer offered; a dismissed one is hidden for this week.
    const dismiss = await ada.post(`/api/reports/${report.uuid}/suggestions/${second.id}/dismiss`)
    expect(dismiss.status).toBe(204)
    const left = (await suggestions(ada, report.uuid)).suggestions.map((s) => s.id)
    expect(left).not.toContain(first.id)
    expect(left).not.toContain(second.id)
    expect(left.length).toBe(1)
  })

  test('what last week’s report holds is not offered again; next week’s dismissals are its own', async () => {
    const { ada, report } = await setUp()
    await connect(ada, 'github', 'ok')
    const [first] = (await suggestions(ada, report.uuid)).suggestions
    await ada.post(`/api/reports/${report.uuid}/suggestions/${first.id}/accept`)
    // The next week's report: the stand-in still answers the same work (its week is fixed).
    const next = (await ada.post('/api/reports', { week_start_date: '2026-11-30' })).json
    const offered = (await suggestions(ada, next.uuid)).suggestions.map((s) => s.url)
    expect(offered).not.toContain(first.url)
    expect(offered.length).toBe(2)
  })

  test('a suggestion no source offers, another user’s report, bad ids', async () => {
    const { app, ada, report } = await setUp()
    await connect(ada, 'github', 'ok')
    const none = await ada.post(
      `/api/reports/${report.uuid}/suggestions/s1-0123456789abcdef/accept`,
    )
    expect(none.status).toBe(404)
    expect(none.json.error).toBe('Suggestion not found')
    const bob = await signIn(app, 'bob@example.com')
    const [s] = (await suggestions(ada, report.uuid)).suggestions
    expect((await bob.get(`/api/reports/${report.uuid}/suggestions`)).status).toBe(404)
    expect((await bob.post(`/api/reports/${report.uuid}/suggestions/${s.id}/accept`)).status).toBe(
      404,
    )
    expect((await bob.post(`/api/reports/${report.uuid}/suggestions/${s.id}/dismiss`)).status).toBe(
      404,
    )
    for (const id of ['x', 's1-XYZ', "s1-0123456789abcdef'--"])
      expect(
        (await ada.post(`/api/reports/${report.uuid}/suggestions/${encodeURIComponent(id)}/accept`))
          .status,
      ).toBe(400)
  })
})
