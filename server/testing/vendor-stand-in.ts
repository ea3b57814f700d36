// Test support: stand-ins, on 127.0.0.1 and a random port, for the vendors a source reads
// (GitHub, GitLab, Jira, Linear) and for an OpenAI-compatible model endpoint. They answer as the
// vendors' documented APIs do (the fields Cadence reads, in their shapes), and misbehave on
// purpose by the token (or model name) given:
//   `ok`        this week's done work      `many`    150 items: two pages
//   `bad`       401                        `forbidden` 403
//   `limited`   one 429 with a 1 s reset, then ok   `limited-long` 429 reset in an hour
//   `slow`      never answers in time      `garbage` 200 with malformed JSON
//   `datacenter` Jira only: Data Center (no /rest/api/3; /rest/api/2/search by startAt)
//   `bad-link`  GitHub: one item whose link is javascript:
//   `off-schema` Jira and Linear: an answer that does not fit the vendor's published schema
// A base URL under /nothing answers 404. Model names: grounded, made-up-id, made-up-number,
// prose, missing (404), busy (429), slow. Only tests import this file.

import type { LinearDocument } from '@linear/sdk'
import type { SearchAndReconcileResults } from 'jira.js/cloud'
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
    // `bad-link`: the first merged one links to a script, not a page.
    if (token === 'bad-link' && merged) all[0].html_url = 'javascript:alert(1)'
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
    // Jira Cloud: /rest/api/3/search is gone (410) for /search/jql, paged by nextPageToken; the
    // answers are typed by jira.js's models and validated at run time by its schema (Atlassian's
    // OpenAPI description) in the client. `datacenter`: no /rest/api/3 (404), /rest/api/2/search
    // paged by startAt, 150 issues.
    const resolved = when.replace('Z', '+0000')
    if (token === 'datacenter') {
      if (url.pathname !== '/rest/api/2/search')
        return json({ errorMessages: ['Not found'] }, { status: 404 })
      const startAt = Number(url.searchParams.get('startAt') ?? 0)
      const max = Number(url.searchParams.get('maxResults') ?? 50)
      const all = range(150).map((n) => ({
        id: String(60_000 + n),
        key: `WEB-${n}`,
        self: `https://jira.example/rest/api/2/issue/${60_000 + n}`,
        fields: { summary: `Data Center issue ${n}`, resolutiondate: resolved },
      }))
      return json({
        startAt,
        maxResults: max,
        total: all.length,
        issues: all.slice(startAt, startAt + max),
      })
    }
    if (url.pathname === '/rest/api/3/search' || url.pathname === '/rest/api/2/search')
      return json(
        { errorMessages: ['The requested API has been removed. Use /rest/api/3/search/jql.'] },
        { status: 410 },
      )
    if (url.pathname !== '/rest/api/3/search/jql')
      return json({ errorMessages: ['Not found'] }, { status: 404 })
    // `off-schema`: an id as a number where Atlassian's schema says string.
    if (token === 'off-schema')
      return json({ issues: [{ id: 50_001, key: 'OPS-1', fields: {} }], isLast: true })
    const mine = await misbehave(token, `jira:${url.searchParams.get('nextPageToken') ?? ''}`)
    if (mine instanceof Response) return mine
    const start = Number(url.searchParams.get('nextPageToken') ?? 0)
    const max = Number(url.searchParams.get('maxResults') ?? 50)
    const issues = range(mine)
      .slice(start, start + max)
      .map((n) => ({
        id: String(50_000 + n),
        key: `OPS-${n}`,
        self: `https://acme.atlassian.net/rest/api/3/issue/${50_000 + n}`,
        fields: { summary: `Jira issue ${n}`, resolutiondate: resolved },
      }))
    const end = start + issues.length
    const answer: SearchAndReconcileResults = {
      issues,
      isLast: end >= mine,
      ...(end < mine ? { nextPageToken: String(end) } : {}),
    }
    return json(answer)
  }

  async function linear(req: Request, body: string, token: string) {
    if (req.method !== 'POST') return json({ errors: [{ message: 'POST only' }] }, { status: 400 })
    if (token === 'bad')
      return json({
        errors: [
          { message: 'Authentication required', extensions: { code: 'AUTHENTICATION_ERROR' } },
        ],
      })
    const { query, variables } = JSON.parse(body) as {
      query: string
      variables?: { after?: string | null; first?: number }
    }
    // The SDK's generated `issues` query (LinearSdk.issues); anything else is not answered here.
    if (!/^\s*query issues\(/.test(query))
      return json({ errors: [{ message: 'Unknown query', extensions: { code: 'INVALID_INPUT' } }] })
    // `off-schema`: issues without the fields the schema makes non-null (reactions, sharedAccess).
    if (token === 'off-schema')
      return json({
        data: {
          issues: {
            nodes: [{ id: 'lin-1', identifier: 'ENG-1', title: 'Half an issue' }],
            pageInfo: { hasNextPage: false, endCursor: null },
          },
        },
      })
    const mine = await misbehave(token, `linear:${variables?.after ?? ''}`)
    if (mine instanceof Response) return mine
    const start = variables?.after ? Number(variables.after) : 0
    const first = variables?.first ?? 50
    const nodes = range(mine)
      .slice(start, start + first)
      .map((n) => linearIssue(n, when))
    const end = start + nodes.length
    const issues: Wire<LinearDocument.IssueConnectionFragment> = {
      __typename: 'IssueConnection',
      nodes,
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage: end < mine,
        hasPreviousPage: start > 0,
        startCursor: String(start),
        endCursor: String(end),
      },
    }
    return json({ data: { issues } })
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

/** A GraphQL type as it travels in JSON: its DateTime scalars (Date in the SDK's types) as strings. */
type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T

/**
 * One Linear issue as the SDK's generated IssueFragment types it (from Linear's published GraphQL
 * schema): the fields the SDK's `issues` query asks for, so its models build from it.
 */
function linearIssue(n: number, when: string): Wire<LinearDocument.IssueFragment> {
  return {
    __typename: 'Issue',
    id: `lin-${n}`,
    identifier: `ENG-${n}`,
    title: `Linear issue ${n}`,
    url: `https://linear.app/acme/issue/ENG-${n}`,
    completedAt: when,
    createdAt: when,
    updatedAt: when,
    number: n,
    boardOrder: n,
    sortOrder: n,
    prioritySortOrder: 0,
    priority: 0,
    priorityLabel: 'No priority',
    branchName: `eng-${n}`,
    customerTicketCount: 0,
    inheritsSharedAccess: false,
    labelIds: [],
    previousIdentifiers: [],
    reactionData: {},
    reactions: [],
    sharedAccess: {
      __typename: 'IssueSharedAccess',
      isShared: false,
      sharedWithCount: 0,
      viewerHasOnlySharedAccess: false,
      disallowedIssueFields: [],
      sharedWithUsers: [],
    },
    state: { __typename: 'WorkflowState', id: 'state-done' },
    team: { __typename: 'Team', id: 'team-eng' },
  }
}
