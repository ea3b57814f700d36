// The writes the app may queue while offline: its outbox (app/src/offline/) answers them at once,
// keeps them and replays them in order once back online. Declared here, in the contract, because
// the app reads it and cannot import the server; the server's tests check that every entry is one
// of its routes and that `onlyFields` are fields its body takes (server/src/lib/offline-writes.test.ts).
// Adding an offline-queueable route is one entry below, under its feature.
//
// No elysia in this file: the app imports its values (`@cadence/contract/offline`), and nothing of
// the schemas may reach a browser bundle.

export type OfflineMethod = 'POST' | 'PUT' | 'DELETE'

export type OfflineWrite = {
  method: OfflineMethod
  /**
   * The route as the server declares it: `:name` is a path parameter; `:id` is an integer (a
   * negative one is the temporary id the outbox gave a row created offline).
   */
  path: string
  /** Parameters that take one of these values (each value is a route of its own on the server). */
  oneOf?: Readonly<Record<string, readonly string[]>>
  /** Queued only when the body has some of these fields and no other. */
  onlyFields?: readonly string[]
}

/** A team member's lists: the same routes for each kind. */
export const MEMBER_ENTRY_KINDS = ['talking-points', 'tasks', 'followups'] as const

const WRITES = [
  // section-items (contract/src/section-items.ts): a report's items created, edited, completed, deleted.
  { method: 'POST', path: '/api/section-items' },
  { method: 'PUT', path: '/api/section-items/:id' },
  { method: 'DELETE', path: '/api/section-items/:id' },
  // team-members (contract/src/team-members.ts): a member's talking points, tasks and follow-ups.
  { method: 'POST', path: '/api/team-members/:uuid/:kind', oneOf: { kind: MEMBER_ENTRY_KINDS } },
  { method: 'PUT', path: '/api/team-members/:kind/:id', oneOf: { kind: MEMBER_ENTRY_KINDS } },
  { method: 'DELETE', path: '/api/team-members/:kind/:id', oneOf: { kind: MEMBER_ENTRY_KINDS } },
  // reports (contract/src/reports.ts): a report's title and summary, never its Send.
  { method: 'PUT', path: '/api/reports/:uuid', onlyFields: ['title', 'summary'] },
  // team-roll-up (contract/src/team-roll-up.ts): completing or reopening an item assigned to me.
  { method: 'PUT', path: '/api/assigned-to-me/:id' },
  // metrics (contract/src/metrics.ts): this week's value of a metric on a report.
  { method: 'PUT', path: '/api/reports/:uuid/metric-values/:metric_id' },
] as const satisfies readonly OfflineWrite[]

/** A queueable write's route, as declared above (what the outbox tells writes apart by). */
export type OfflineRoute = (typeof WRITES)[number]['path']

export const OFFLINE_WRITES: readonly (OfflineWrite & { path: OfflineRoute })[] = WRITES

/**
 * The reads whose answers show the queued writes laid over them (the app's outbox does it), so a
 * page read offline or during a replay shows what waits to be sent.
 */
export const OFFLINE_OVERLAID_READS = [
  '/api/reports',
  '/api/reports/:uuid',
  '/api/dashboard',
  '/api/team-members/:uuid/dashboard',
  '/api/team-members/:uuid/prep',
  '/api/assigned-to-me',
] as const

export type OfflineOverlaidRead = (typeof OFFLINE_OVERLAID_READS)[number]

export type OfflineMatch = {
  write: OfflineWrite & { path: OfflineRoute }
  params: Record<string, string>
}

const INTEGER = /^-?\d+$/

/**
 * The path parameters of `path` when it is a path of the route `pattern` (`:id` only an integer),
 * else undefined. A trailing slash does not count.
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean)
  const got = path.split('/').filter(Boolean)
  if (want.length !== got.length) return
  const params: Record<string, string> = {}
  for (const [i, segment] of want.entries()) {
    if (!segment.startsWith(':')) {
      if (segment !== got[i]) return
      continue
    }
    const name = segment.slice(1)
    if (name === 'id' && !INTEGER.test(got[i])) return
    params[name] = got[i]
  }
  return params
}

/**
 * The offline write a request is, with its path parameters, or undefined when it must go to the
 * server now. `body` is the request's JSON body (for `onlyFields`).
 */
export function findOfflineWrite(
  method: string,
  path: string,
  body?: unknown,
): OfflineMatch | undefined {
  for (const write of OFFLINE_WRITES) {
    if (write.method !== method) continue
    const params = matchRoute(write.path, path)
    if (!params) continue
    const allowed = Object.entries(write.oneOf ?? {}).every(([name, values]) =>
      values.includes(params[name]),
    )
    if (!allowed) continue
    if (write.onlyFields) {
      const keys = body && typeof body === 'object' ? Object.keys(body) : []
      if (!keys.length || !keys.every((k) => write.onlyFields?.includes(k))) continue
    }
    return { write, params }
  }
}

/** The overlaid read `path` is (GET), or undefined when no queued write shows in its answer. */
export function findOverlaidRead(path: string): OfflineOverlaidRead | undefined {
  return OFFLINE_OVERLAID_READS.find((route) => matchRoute(route, path) !== undefined)
}
