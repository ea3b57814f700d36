// Types only: each vendor's client is loaded on its first sync (below, `loadOctokit` and so on).
import type { LinearDocument, LinearSdk } from '@linear/sdk'
import type { RestEndpointMethodTypes } from '@octokit/rest'
import type { Client as JiraClient, SendRequestOptions as JiraRequest } from 'jira.js/core'
import type { AppContext } from '../../context'
import { addDays } from '../../lib/weeks'
import { VendorError, vendorFetch } from './outbound'

/**
 * The vendors' clients: what the user's token shows them doing in a week (Monday..Sunday). Each
 * vendor's maintained client where one exists: GitHub through Octokit, Jira Cloud through jira.js,
 * Linear through @linear/sdk; GitLab (REST v4) and Jira Data Center (REST v2) by their documented
 * APIs (see gitlab() for why not @gitbeaker/rest). Every call goes through vendorFetch (checked
 * host, timeout, 429 retries on the reset header), each client given it through its own extension
 * point; at most MAX_PAGES pages of PAGE_SIZE each.
 */

/*
 * The vendor SDKs are loaded on a source's first sync, not with the server: together they are
 * ~1,000 modules and ~70 MB of RSS (jira.js and its zod schemas ~40 MB, @linear/sdk ~22 MB, Octokit
 * ~8 MB; docs/performance.md, "Where the server's memory goes"), which most instances never use.
 * `src/start-imports.test.ts` fails when one of them is on the start path again.
 */
const loadOctokit = () => import('@octokit/rest').then((m) => m.Octokit)
const loadJiraCloud = () => import('jira.js').then((m) => m.createCloudClient)
const loadLinear = () => import('@linear/sdk').then((m) => m.LinearSdk)

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

/** A 404 from the vendor: Jira's client reads it as "not Jira Cloud". */
class VendorNotFound extends VendorError {}

/** A vendor status in words (the source's entry of `errors`). */
export function statusError(status: number): VendorError {
  if (status === 401) return new VendorError('The token was refused (401): connect it again')
  if (status === 403) return new VendorError('The token may not read this (403)')
  if (status === 404) return new VendorNotFound('Nothing at this base URL (404)')
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
  const Octokit = await loadOctokit()
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

/*
 * GitLab by its documented REST API v4, not @gitbeaker/rest (43.8.0, tried): its request handler
 * calls the global fetch with no per-client fetch or transport option, so the per-call address
 * check of outbound.ts (connecting to the address checked) could not apply; and it retries 429 and
 * 502 up to ten times on its own backoff without reading GitLab's reset header, which would hold a
 * suggestions request far past its timeout. Replacing its requester means re-writing the transport
 * anyway, for two list calls.
 */

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

const PROJECT_KEY = /^[A-Z][A-Z0-9_]{0,49}$/

/** Jira Cloud takes `email:api-token` (Basic); Data Center a personal access token (Bearer). */
const jiraAuth = (token: string) =>
  token.includes(':') ? `Basic ${Buffer.from(token).toString('base64')}` : `Bearer ${token}`

/**
 * jira.js's transport, through vendorFetch: jira.js calls the global fetch and takes no fetch
 * option, but its documented extension point is a `Client` (`createCloudClient(client)`), whose
 * `sendRequest` is given the path, the query and the response schema of each call. So every call
 * is checked, timed and retried on 429 here, and each answer is validated against jira.js's schema
 * of the endpoint (generated from Atlassian's published OpenAPI description): the stand-in's
 * answers are checked against the same schema in the tests.
 */
function jiraTransport(ctx: AppContext, root: string, token: string): JiraClient {
  const get = vendorFetch(ctx, new URL(root))
  return {
    async sendRequest<T>(o: JiraRequest<T>): Promise<T> {
      const url = new URL(`${root}${o.url.startsWith('/') ? '' : '/'}${o.url}`)
      for (const [k, v] of Object.entries(o.searchParams ?? {})) {
        if (v === undefined || v === null) continue
        url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v))
      }
      const res = await get(url.href, {
        method: o.method ?? 'GET',
        headers: { authorization: jiraAuth(token), accept: 'application/json', ...o.headers },
      })
      const body = await json(res)
      if (!o.schema) return body as T
      const parsed = o.schema.safeParse(body)
      if (!parsed.success) throw new VendorError('The source answered an unexpected shape')
      return parsed.data
    },
  }
}

type JiraIssue = { id?: string; key?: string; fields?: Record<string, unknown> }

const jiraDone = (root: string, week: Week, issues: JiraIssue[]): Done[] =>
  issues
    .filter((issue) => issue.id && issue.key)
    .map((issue) => ({
      ref: `jira:${issue.id}`,
      title: `${issue.key} ${String(issue.fields?.summary ?? '')}`.trim(),
      url: `${root}/browse/${encodeURIComponent(String(issue.key))}`,
      occurred_at: String(issue.fields?.resolutiondate ?? week.monday),
    }))

/**
 * Jira Cloud through jira.js (`issueSearch.searchAndReconsileIssuesUsingJql`: GET
 * /rest/api/3/search/jql, paged by nextPageToken). jira.js covers Jira Cloud only; Jira Data
 * Center has no /rest/api/3 (404 there), so a 404 on the first call asks Data Center's documented
 * REST API instead: GET /rest/api/2/search, paged by startAt.
 */
async function jira(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  const root = c.base_url.replace(/\/+$/, '')
  const keys = filterList(c.filter)
    .map((k) => k.toUpperCase())
    .filter((k) => PROJECT_KEY.test(k))
  const jql = [
    'assignee = currentUser() AND statusCategory = Done',
    `resolved >= "${week.monday}" AND resolved < "${addDays(week.sunday, 1)}"`,
    ...(keys.length ? [`project in (${keys.join(', ')})`] : []),
  ].join(' AND ')
  const fields = ['summary', 'resolutiondate']
  const transport = jiraTransport(ctx, root, c.token)
  const createCloudClient = await loadJiraCloud()
  const cloud = createCloudClient(transport)
  const out: Done[] = []
  let nextPageToken: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    let body: Awaited<ReturnType<typeof cloud.issueSearch.searchAndReconsileIssuesUsingJql>>
    try {
      body = await cloud.issueSearch.searchAndReconsileIssuesUsingJql({
        jql,
        fields,
        maxResults: PAGE_SIZE,
        ...(nextPageToken ? { nextPageToken } : {}),
      })
    } catch (error) {
      if (page === 0 && error instanceof VendorNotFound)
        return jiraDataCenter(transport, root, jql, week)
      throw error
    }
    if (!body || !Array.isArray(body.issues))
      throw new VendorError('The source answered an unexpected shape')
    out.push(...jiraDone(root, week, body.issues))
    if (body.isLast !== false || !body.nextPageToken) break
    nextPageToken = body.nextPageToken
  }
  return out
}

type JiraDataCenterSearch = { issues?: JiraIssue[]; total?: number }

async function jiraDataCenter(
  transport: JiraClient,
  root: string,
  jql: string,
  week: Week,
): Promise<Done[]> {
  const out: Done[] = []
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await transport.sendRequest<JiraDataCenterSearch>({
      url: '/rest/api/2/search',
      method: 'GET',
      searchParams: {
        jql,
        fields: ['summary', 'resolutiondate'],
        maxResults: PAGE_SIZE,
        startAt: page * PAGE_SIZE,
      },
    })
    if (!body || !Array.isArray(body.issues))
      throw new VendorError('The source answered an unexpected shape')
    out.push(...jiraDone(root, week, body.issues))
    if (body.issues.length < PAGE_SIZE || (body.total ?? 0) <= (page + 1) * PAGE_SIZE) break
  }
  return out
}

// ---- Linear ---------------------------------------------------------------------------------

/**
 * Linear's SDK (LinearSdk, its generated queries and models) over a request function of ours:
 * LinearClient calls the global fetch and takes no fetch option, while LinearSdk is built on any
 * `(document, variables) => data` function, so each query goes through vendorFetch. The API key is
 * sent as Linear documents for personal keys (`Authorization: <key>`, no Bearer).
 */
function linearRequest(ctx: AppContext, c: Connection) {
  const root = c.base_url.replace(/\/+$/, '')
  const post = vendorFetch(ctx, new URL(root))
  return async <Data, Variables>(document: unknown, variables?: Variables): Promise<Data> => {
    const res = await post(`${root}/graphql`, {
      method: 'POST',
      headers: { authorization: c.token, 'content-type': 'application/json' },
      body: JSON.stringify({ query: String(document), variables }),
    })
    const body = (await json(res)) as {
      data?: Data
      errors?: { message?: string; extensions?: { code?: string } }[]
    }
    if (body?.errors?.length) {
      const code = body.errors[0].extensions?.code
      if (code === 'AUTHENTICATION_ERROR') throw statusError(401)
      if (code === 'FORBIDDEN') throw statusError(403)
      if (code === 'RATELIMITED') throw statusError(429)
      throw new VendorError('The source refused the query')
    }
    if (!body?.data) throw new VendorError('The source answered an unexpected shape')
    return body.data
  }
}

async function linear(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  const teams = filterList(c.filter)
  const Linear = await loadLinear()
  const sdk = new Linear(linearRequest(ctx, c) as ConstructorParameters<typeof LinearSdk>[0])
  const filter: LinearDocument.IssueFilter = {
    assignee: { isMe: { eq: true } },
    completedAt: { gte: `${week.monday}T00:00:00Z`, lt: `${addDays(week.sunday, 1)}T00:00:00Z` },
    ...(teams.length ? { team: { key: { in: teams } } } : {}),
  }
  let issues: Awaited<ReturnType<typeof sdk.issues>>
  try {
    issues = await sdk.issues({ first: PAGE_SIZE, filter })
    for (let page = 1; page < MAX_PAGES && issues.pageInfo.hasNextPage; page++)
      await issues.fetchNext()
  } catch (error) {
    if (error instanceof VendorError) throw error
    // A model the answer does not fit (a field missing where the SDK needs one).
    throw new VendorError('The source answered an unexpected shape')
  }
  return issues.nodes.map((n) => ({
    ref: `linear:${n.id}`,
    title: `${n.identifier} ${n.title}`.trim(),
    url: String(n.url),
    occurred_at: (n.completedAt ?? new Date(`${week.monday}T00:00:00Z`)).toISOString(),
  }))
}

const CLIENTS = { github, gitlab, jira, linear }

/** What the connection's token shows done in the week; VendorError when the source fails. */
export function doneInWeek(ctx: AppContext, c: Connection, week: Week): Promise<Done[]> {
  return CLIENTS[c.kind](ctx, c, week)
}
