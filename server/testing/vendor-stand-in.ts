// Test support: stand-ins, on 127.0.0.1 and a random port, for the vendors a source reads
// (GitHub, GitLab, Jira, Linear) and for an OpenAI-compatible model endpoint. They answer as the
// vendors' documented APIs do (the fields Cadence reads, in their shapes), and misbehave on
// purpose by the token (or model name) given:
//   `ok`        this week's done work      `many`    150 items: two pages
//   `bad`       401                        `forbidden` 403
//   `limited`   one 429 with a 1 s reset, then ok   `limited-long` 429 reset in an hour
//   `slow`      never answers in time      `garbage` 200 with malformed JSON
//   `cloud`     Jira only: /rest/api/3/search gone (410), /search/jql with nextPageToken
// A base URL under /nothing answers 404. Model names: grounded, made-up-id, made-up-number,
// prose, missing (404), busy (429), slow. Only tests import this file.

import type { GitHubSearchItem } from '../src/modules/sources/vendors'

export type Week = { monday: string; sunday: string }

export type StandIn = {
  url: string
  /** Every request received: method, path with query, headers. */
  requests: { method: string; path: string; headers: Headers; body: string }[]
  /** The week the vendors answer for (items fall on its Tuesday). */
  week: Week
  close: () => Promise<void>
}

const SLOW_MS = 30_000

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  })
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

export async function startVendorStandIn(week: Week): Promise<StandIn> {
  const tuesday = new Date(`${week.monday}T10:00:00Z`)
  tuesday.setUTCDate(tuesday.getUTCDate() + 1)
  const when = tuesday.toISOString()
  const limitedOnce = new Set<string>()
  const state: StandIn = { url: '', requests: [], week, close: async () => {} }

  /** The common misbehaviour of every vendor; null: answer normally with `count` items. */
  async function misbehave(token: string, key: string): Promise<Response | number> {
    if (token === 'bad') return json({ message: 'Bad credentials' }, { status: 401 })
    if (token === 'forbidden') return json({ message: 'Forbidden' }, { status: 403 })
    if (token === 'limited' && !limitedOnce.has(key)) {
      limitedOnce.add(key)
      return json({ message: 'rate limited' }, { status: 429, headers: { 'retry-after': '1' } })
    }
    if (token === 'limited-long') {
      const reset = Math.floor(Date.now() / 1000) + 3600
      return json(
        { message: 'API rate limit exceeded' },
        { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `${reset}` } },
      )
    }
    if (token === 'slow') {
      await Bun.sleep(SLOW_MS)
      return json({})
    }
    if (token === 'garbage')
      return new Response('{"items": [', { headers: { 'content-type': 'application/json' } })
    return token === 'many' ? 150 : 2
  }

  async function github(req: Request, url: URL, token: string) {
    if (url.pathname !== '/search/issues') return json({ message: 'Not Found' }, { status: 404 })
    const q = url.searchParams.get('q') ?? ''
    const merged = q.includes('is:merged')
    const mine = await misbehave(token, `github:${q}`)
    if (mine instanceof Response) return mine
    const perPage = Number(url.searchParams.get('per_page') ?? 30)
    const page = Number(url.searchParams.get('page') ?? 1)
    const count = merged ? mine : 1
    const all = range(count).map((n): GitHubSearchItem & { user: { login: string } } => ({
      id: (merged ? 10_000 : 20_000) + n,
      number: n,
      title: merged ? `Merged pull request ${n}` : `Closed issue ${n}`,
      html_url: `https://github.com/acme/api/${merged ? 'pull' : 'issues'}/${n}`,
      state: 'closed',
      closed_at: when,
      ...(merged
        ? {
            pull_request: {
              merged_at: when,
              url: `https://api.github.com/repos/acme/api/pulls/${n}`,
              html_url: `https://github.com/acme/api/pull/${n}`,
              diff_url: null,
              patch_url: null,
            },
          }
        : {}),
      user: { login: 'me' },
    }))
    const items = all.slice((page - 1) * perPage, page * perPage)
    void req
    return json({ total_count: all.length, incomplete_results: false, items })
  }

  async function gitlab(url: URL, token: string) {
    const path = url.pathname.replace(/^\/api\/v4/, '')
    if (path !== '/merge_requests' && path !== '/issues')
      return json({ message: '404 Not Found' }, { status: 404 })
    const mine = await misbehave(token, `gitlab:${path}`)
    if (mine instanceof Response) return mine
    const mr = path === '/merge_requests'
    const perPage = Number(url.searchParams.get('per_page') ?? 20)
    const page = Number(url.searchParams.get('page') ?? 1)
    const all = range(mr ? mine : 1).map((n) => ({
      id: (mr ? 30_000 : 40_000) + n,
      iid: n,
      title: mr ? `Merge request ${n}` : `GitLab issue ${n}`,
      web_url: `https://gitlab.example/acme/api/-/${mr ? 'merge_requests' : 'issues'}/${n}`,
      state: mr ? 'merged' : 'closed',
      ...(mr ? { merged_at: when } : { closed_at: when }),
    }))
    // One outside the week: the client keeps only the week's.
    if (mr)
      all.push({ ...all[0], id: 39_999, title: 'Old merge', merged_at: '2001-01-02T00:00:00Z' })
    const items = all.slice((page - 1) * perPage, page * perPage)
    const next = page * perPage < all.length ? String(page + 1) : ''
    return json(items, { headers: { 'x-next-page': next, 'x-total': String(all.length) } })
  }

  async function jira(url: URL, token: string) {
    // `cloud`: Jira Cloud, where /rest/api/3/search is gone (410) for /search/jql, paged by
    // nextPageToken; 150 issues.
    if (token === 'cloud') {
      if (url.pathname === '/rest/api/3/search')
        return json(
          { errorMessages: ['The requested API has been removed. Use /rest/api/3/search/jql.'] },
          { status: 410 },
        )
      if (url.pathname !== '/rest/api/3/search/jql')
        return json({ errorMessages: ['Not found'] }, { status: 404 })
      const start = Number(url.searchParams.get('nextPageToken') ?? 0)
      const max = Number(url.searchParams.get('maxResults') ?? 50)
      const issues = range(150)
        .slice(start, start + max)
        .map((n) => ({
          id: String(60_000 + n),
          key: `WEB-${n}`,
          fields: { summary: `Cloud issue ${n}`, resolutiondate: when },
        }))
      const end = start + issues.length
      return json({
        issues,
        isLast: end >= 150,
        ...(end < 150 ? { nextPageToken: String(end) } : {}),
      })
    }
    if (url.pathname !== '/rest/api/3/search')
      return json({ errorMessages: ['Not found'] }, { status: 404 })
    const mine = await misbehave(token, `jira:${url.searchParams.get('startAt')}`)
    if (mine instanceof Response) return mine
    const startAt = Number(url.searchParams.get('startAt') ?? 0)
    const max = Number(url.searchParams.get('maxResults') ?? 50)
    const all = range(mine).map((n) => ({
      id: String(50_000 + n),
      key: `OPS-${n}`,
      fields: { summary: `Jira issue ${n}`, resolutiondate: when.replace('Z', '+0000') },
    }))
    return json({
      startAt,
      maxResults: max,
      total: all.length,
      issues: all.slice(startAt, startAt + max),
    })
  }

  async function linear(req: Request, body: string, token: string) {
    if (req.method !== 'POST') return json({ errors: [{ message: 'POST only' }] }, { status: 400 })
    if (token === 'bad')
      return json({
        errors: [
          { message: 'Authentication required', extensions: { code: 'AUTHENTICATION_ERROR' } },
        ],
      })
    const variables = (JSON.parse(body) as { variables?: { after?: string | null } }).variables
    const mine = await misbehave(token, `linear:${variables?.after ?? ''}`)
    if (mine instanceof Response) return mine
    const start = variables?.after ? Number(variables.after) : 0
    const all = range(mine).map((n) => ({
      id: `lin-${n}`,
      identifier: `ENG-${n}`,
      title: `Linear issue ${n}`,
      url: `https://linear.app/acme/issue/ENG-${n}`,
      completedAt: when,
    }))
    const nodes = all.slice(start, start + 100)
    const end = start + nodes.length
    return json({
      data: {
        viewer: {
          assignedIssues: {
            nodes,
            pageInfo: { hasNextPage: end < all.length, endCursor: String(end) },
          },
        },
      },
    })
  }

  async function model(body: string) {
    const request = JSON.parse(body) as {
      model: string
      messages: { role: string; content: string }[]
    }
    const facts = JSON.parse(request.messages.at(-1)?.content ?? '{}') as {
      items?: { id: number; text: string }[]
    }
    const items = facts.items ?? []
    const first = items[0]
    const answer = (content: string) =>
      json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      })
    const grounded = items.slice(0, 2).map((i) => ({ text: `Done: ${i.text}.`, item_ids: [i.id] }))
    switch (request.model) {
      case 'missing':
        return json({ error: { message: 'model not found' } }, { status: 404 })
      case 'busy':
        return json({ error: { message: 'slow down' } }, { status: 429 })
      case 'slow':
        await Bun.sleep(SLOW_MS)
        return answer('{}')
      case 'prose':
        return answer('This week went well: the team shipped a lot.')
      case 'made-up-id':
        return answer(
          JSON.stringify({
            sentences: [...grounded, { text: 'Closed the audit.', item_ids: [987654] }],
          }),
        )
      case 'made-up-number':
        return answer(
          JSON.stringify({
            sentences: [
              ...grounded,
              { text: 'Revenue grew 42% this week.', item_ids: first ? [first.id] : [] },
            ],
          }),
        )
      default:
        return answer(JSON.stringify({ sentences: grounded }))
    }
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 60,
    async fetch(req) {
      const url = new URL(req.url)
      const body = req.method === 'GET' ? '' : await req.text()
      state.requests.push({
        method: req.method,
        path: url.pathname + url.search,
        headers: req.headers,
        body,
      })
      if (url.pathname.startsWith('/nothing'))
        return json({ message: 'Not Found' }, { status: 404 })
      const [, vendor, ...rest] = url.pathname.split('/')
      const inner = new URL(`/${rest.join('/')}${url.search}`, url)
      const auth = req.headers.get('authorization') ?? ''
      if (vendor === 'github') return github(req, inner, auth.replace(/^(Bearer|token) /i, ''))
      if (vendor === 'gitlab') return gitlab(inner, req.headers.get('private-token') ?? '')
      if (vendor === 'jira') return jira(inner, auth.replace(/^Bearer /, ''))
      if (vendor === 'linear') return linear(req, body, auth)
      if (vendor === 'ai' && inner.pathname === '/v1/chat/completions') return model(body)
      return json({ message: 'Not Found' }, { status: 404 })
    },
  })
  state.url = `http://127.0.0.1:${server.port}`
  state.close = async () => {
    await server.stop(true)
  }
  return state
}
