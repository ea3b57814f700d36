import { Octokit, type RestEndpointMethodTypes } from '@octokit/rest'
import type { AppContext } from '../../context'
import { addDays } from '../../lib/weeks'
import { VendorError, vendorFetch } from './outbound'

/**
 * The vendors' clients: what the user's token shows them doing in a week (Monday..Sunday). GitHub
 * through Octokit; GitLab (REST v4), Jira (REST /rest/api/3/search, JQL) and Linear (GraphQL) by
 * their documented APIs. All through vendorFetch (checked host, timeout, 429 retries); at most
 * MAX_PAGES pages of PAGE_SIZE each (Jira Cloud: /rest/api/3/search/jql when /search is gone).
 */

export const MAX_PAGES = 3
export const PAGE_SIZE = 100

export type SourceKind = 'github' | 'gitlab' | 'jira' | 'linear'

/** A source as the clients need it (the token decrypted). */
export type Connection = {
  id: number
  kind: SourceKind
  base_url: string
  token: string
  /** Comma-separated repositories (owner/name), project paths, project keys or team keys. */
  filter: string | null
}

/** Work done, before it is keyed to its source and project. */
export type Done = { ref: string; title: string; url: string; occurred_at: string }

export type Week = { monday: string; sunday: string }

const filterList = (filter: string | null) =>
  (filter ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)

/** A vendor status in words (the source's entry of `errors`). */
export function statusError(status: number): VendorError {
  if (status === 401) return new VendorError('The token was refused (401): connect it again')
  if (status === 403) return new VendorError('The token may not read this (403)')
  if (status === 404) return new VendorError('Nothing at this base URL (404)')
  if (status === 429) return new VendorError('Rate limited by the source; try again later')
  return new VendorError(`The source answered ${status}`)
}

async function json(res: Response): Promise<unknown> {
  if (!res.ok) {
    await res.body?.cancel()
    throw statusError(res.status)
  }
  try {
    return await res.json()
  } catch {
    throw new VendorError('The source answered something that is not JSON')
  }
}

const inWeek = (iso: string | null | undefined, week: Week) => {
  if (!iso) return false
  const day = iso.slice(0, 10)
  return day >= week.monday && day <= week.sunday
}

// ---- GitHub ---------------------------------------------------------------------------------

/**
 * The fields of a search result Cadence reads, typed by Octokit's own endpoint types (GitHub's
 * OpenAPI description): the test stand-in's answers are checked against the same type.
 */
export type GitHubSearchItem = Pick<
  RestEndpointMethodTypes['search']['issuesAndPullRequests']['response']['data']['items'][number],
  'id' | 'number' | 'title' | 'html_url' | 'state' | 'closed_at' | 'pull_request'
>
type GitHubMerged = GitHubSearchItem

async function github(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  const octokit = new Octokit({
    auth: c.token,
    baseUrl: c.base_url,
    userAgent: 'Cadence',
    request: { fetch: vendorFetch(ctx, new URL(c.base_url)) },
    log: { debug() {}, info() {}, warn() {}, error() {} },
  })
  const repos = filterList(c.filter).map((r) => `repo:${r}`)
  const queries = [
    `author:@me is:pr is:merged merged:${week.monday}..${week.sunday}`,
    `is:issue is:closed closed:${week.monday}..${week.sunday} involves:@me`,
  ].map((q) => [q, ...repos].join(' '))
  const out: Done[] = []
  for (const q of queries) {
    for (let page = 1; page <= MAX_PAGES; page++) {
      let data: { items?: GitHubMerged[] }
      try {
        ;({ data } = (await octokit.request('GET /search/issues', {
          q,
          per_page: PAGE_SIZE,
          page,
        })) as { data: { items?: GitHubMerged[] } })
      } catch (error) {
        if (error instanceof VendorError) throw error
        const cause = (error as { cause?: unknown }).cause
        if (cause instanceof VendorError) throw cause
        const status = (error as { status?: number }).status
        if (typeof status === 'number' && status >= 400) throw statusError(status)
        throw new VendorError('The source answered something that is not JSON')
      }
      if (!data || !Array.isArray(data.items))
        throw new VendorError('The source answered something that is not JSON')
      for (const item of data.items)
        out.push({
          ref: `github:${item.id}`,
          title: String(item.title),
          url: String(item.html_url),
          occurred_at: String(item.pull_request?.merged_at ?? item.closed_at ?? week.monday),
        })
      if (data.items.length < PAGE_SIZE) break
    }
  }
  return out
}

// ---- GitLab ---------------------------------------------------------------------------------

type GitLabMr = { id: number; title: string; web_url: string; merged_at: string | null }
type GitLabIssue = { id: number; title: string; web_url: string; closed_at: string | null }

async function gitlab(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  const root = c.base_url.replace(/\/+$/, '')
  const get = vendorFetch(ctx, new URL(root))
  const after = `${week.monday}T00:00:00Z`
  const paths = filterList(c.filter)
  const wanted = (url: string) => !paths.length || paths.some((p) => url.includes(`/${p}/-/`))
  const pages = async <T>(path: string): Promise<T[]> => {
    const all: T[] = []
    let page = '1'
    for (let n = 0; n < MAX_PAGES && page; n++) {
      const sep = path.includes('?') ? '&' : '?'
      const res = await get(`${root}/api/v4${path}${sep}per_page=${PAGE_SIZE}&page=${page}`, {
        headers: { 'PRIVATE-TOKEN': c.token, accept: 'application/json' },
      })
      const next = res.headers.get('x-next-page') ?? ''
      const body = await json(res)
      if (!Array.isArray(body)) throw new VendorError('The source answered an unexpected shape')
      all.push(...(body as T[]))
      page = next
    }
    return all
  }
  const mrs = await pages<GitLabMr>(
    `/merge_requests?scope=created_by_me&state=merged&updated_after=${after}`,
  )
  const issues = await pages<GitLabIssue>(
    `/issues?scope=assigned_to_me&state=closed&updated_after=${after}`,
  )
  return [
    ...mrs
      .filter((m) => inWeek(m.merged_at, week) && wanted(m.web_url))
      .map((m) => ({
        ref: `gitlab:mr:${m.id}`,
        title: String(m.title),
        url: String(m.web_url),
        occurred_at: String(m.merged_at),
      })),
    ...issues
      .filter((i) => inWeek(i.closed_at, week) && wanted(i.web_url))
      .map((i) => ({
        ref: `gitlab:issue:${i.id}`,
        title: String(i.title),
        url: String(i.web_url),
        occurred_at: String(i.closed_at),
      })),
  ]
}

// ---- Jira -----------------------------------------------------------------------------------

type JiraSearch = {
  issues?: { id: string; key: string; fields?: { summary?: string; resolutiondate?: string } }[]
  total?: number
}

const PROJECT_KEY = /^[A-Z][A-Z0-9_]{0,49}$/

/** Jira Cloud takes `email:api-token` (Basic); Data Center a personal access token (Bearer). */
const jiraAuth = (token: string) =>
  token.includes(':') ? `Basic ${Buffer.from(token).toString('base64')}` : `Bearer ${token}`

async function jira(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  const root = c.base_url.replace(/\/+$/, '')
  const get = vendorFetch(ctx, new URL(root))
  const keys = filterList(c.filter)
    .map((k) => k.toUpperCase())
    .filter((k) => PROJECT_KEY.test(k))
  const jql = [
    'assignee = currentUser() AND statusCategory = Done',
    `resolved >= "${week.monday}" AND resolved < "${addDays(week.sunday, 1)}"`,
    ...(keys.length ? [`project in (${keys.join(', ')})`] : []),
  ].join(' AND ')
  const headers = { authorization: jiraAuth(c.token), accept: 'application/json' }
  const out: Done[] = []
  // Jira Cloud retired /rest/api/3/search (410 Gone) for /rest/api/3/search/jql, which pages by
  // nextPageToken; Data Center still answers the first. The first is asked, then the second.
  let enhanced = false
  let nextPageToken: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      jql,
      maxResults: String(PAGE_SIZE),
      fields: 'summary,resolutiondate',
      ...(enhanced
        ? nextPageToken
          ? { nextPageToken }
          : {}
        : { startAt: String(page * PAGE_SIZE) }),
    })
    const res = await get(`${root}/rest/api/3/${enhanced ? 'search/jql' : 'search'}?${query}`, {
      headers,
    })
    if (res.status === 410 && !enhanced && page === 0) {
      await res.body?.cancel()
      enhanced = true
      page = -1
      continue
    }
    const body = (await json(res)) as JiraSearch & { nextPageToken?: string; isLast?: boolean }
    if (!body || !Array.isArray(body.issues))
      throw new VendorError('The source answered an unexpected shape')
    for (const issue of body.issues)
      out.push({
        ref: `jira:${issue.id}`,
        title: `${issue.key} ${issue.fields?.summary ?? ''}`.trim(),
        url: `${root}/browse/${encodeURIComponent(issue.key)}`,
        occurred_at: String(issue.fields?.resolutiondate ?? week.monday),
      })
    if (enhanced) {
      if (body.isLast !== false || !body.nextPageToken) break
      nextPageToken = body.nextPageToken
    } else if (body.issues.length < PAGE_SIZE || (body.total ?? 0) <= (page + 1) * PAGE_SIZE) break
  }
  return out
}

// ---- Linear ---------------------------------------------------------------------------------

const LINEAR_QUERY = `query Done($after: String, $filter: IssueFilter) {
  viewer { assignedIssues(first: ${PAGE_SIZE}, after: $after, filter: $filter) {
    nodes { id identifier title url completedAt }
    pageInfo { hasNextPage endCursor }
  } }
}`

type LinearAnswer = {
  data?: {
    viewer?: {
      assignedIssues?: {
        nodes: { id: string; identifier: string; title: string; url: string; completedAt: string }[]
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
      }
    }
  }
  errors?: { message?: string; extensions?: { code?: string } }[]
}

async function linear(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  const root = c.base_url.replace(/\/+$/, '')
  const post = vendorFetch(ctx, new URL(root))
  const teams = filterList(c.filter)
  const filter = {
    completedAt: { gte: `${week.monday}T00:00:00Z`, lt: `${addDays(week.sunday, 1)}T00:00:00Z` },
    ...(teams.length ? { team: { key: { in: teams } } } : {}),
  }
  const out: Done[] = []
  let after: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await post(`${root}/graphql`, {
      method: 'POST',
      headers: { authorization: c.token, 'content-type': 'application/json' },
      body: JSON.stringify({ query: LINEAR_QUERY, variables: { after, filter } }),
    })
    const body = (await json(res)) as LinearAnswer
    if (body?.errors?.length) {
      const code = body.errors[0].extensions?.code
      if (code === 'AUTHENTICATION_ERROR') throw statusError(401)
      if (code === 'RATELIMITED') throw statusError(429)
      throw new VendorError('The source refused the query')
    }
    const list = body?.data?.viewer?.assignedIssues
    if (!list || !Array.isArray(list.nodes))
      throw new VendorError('The source answered an unexpected shape')
    for (const n of list.nodes)
      out.push({
        ref: `linear:${n.id}`,
        title: `${n.identifier} ${n.title}`.trim(),
        url: String(n.url),
        occurred_at: String(n.completedAt),
      })
    if (!list.pageInfo?.hasNextPage) break
    after = list.pageInfo.endCursor
  }
  return out
}

const CLIENTS = { github, gitlab, jira, linear }

/** What the connection's token shows done in the week; VendorError when the source fails. */
export function doneInWeek(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  return CLIENTS[c.kind](ctx, c, week)
}
