// The fetch every API call goes through (app/src/api/client.ts). It stays tiny because it is
// part of the first download: the offline machinery (./outbox, IndexedDB) loads only when a
// write that can be queued is sent, or when a read may need queued changes laid over it.
import { proxy, useSnapshot } from 'valtio'

type RejectedChange = { seq: number; label: string; error: string }

type OutboxState = {
  /** Changes of the signed-in user waiting to be sent. */
  pending: number
  /** Changes the server refused on replay, oldest first, kept for Retry or Discard. */
  rejected: RejectedChange[]
  syncing: boolean
}

/** Filled by ./outbox once loaded; the shell reads it for 'N changes waiting to sync'. */
const outboxState = proxy<OutboxState>({ pending: 0, rejected: [], syncing: false })

function useOutbox() {
  return useSnapshot(outboxState) as OutboxState
}

/** localStorage: how many changes the outbox holds (any state, any user); 0 or absent = none. */
const OUTBOX_HINT = 'cadence.outbox'

type WriteMethod = 'POST' | 'PUT' | 'DELETE'

const ITEMS = /^\/api\/section-items\/?$/
const ITEM = /^\/api\/section-items\/(-?\d+)$/
const ENTRIES = /^\/api\/team-members\/([^/]+)\/(talking-points|tasks|followups)$/
const ENTRY = /^\/api\/team-members\/(talking-points|tasks|followups)\/(-?\d+)$/
const REPORT = /^\/api\/reports\/([^/]+)$/
/** Team roll-up: completing or reopening an item assigned to me (someone else's). */
const ASSIGNED = /^\/api\/assigned-to-me\/(\d+)$/
const REPORT_TEXT = new Set(['title', 'summary'])

/**
 * The writes that work offline (issue 6): creates, edits, completions and deletes of section
 * items, of a team member's talking points, tasks and follow-ups, report title/summary edits, and
 * completing or reopening an item assigned to me (team roll-up).
 */
function isQueueable(method: string, path: string, body: unknown): method is WriteMethod {
  if (method === 'POST') return ITEMS.test(path) || ENTRIES.test(path)
  if (method === 'PUT' || method === 'DELETE') {
    if (ITEM.test(path) || ENTRY.test(path)) return true
    if (method === 'PUT' && ASSIGNED.test(path)) return true
    if (method === 'PUT' && REPORT.test(path) && body && typeof body === 'object') {
      const keys = Object.keys(body)
      return keys.length > 0 && keys.every((k) => REPORT_TEXT.has(k))
    }
  }
  return false
}

/** Reads whose answers show queued changes (the report, member, dashboard and reports list). */
const OVERLAID = [
  /^\/api\/reports\/?$/,
  REPORT,
  /^\/api\/dashboard\/?$/,
  /^\/api\/team-members\/[^/]+\/(dashboard|prep)$/,
  /^\/api\/assigned-to-me\/?$/,
]

/** True when the outbox holds changes (read synchronously, from the hint). */
function hasQueued(): boolean {
  try {
    return Number(globalThis.localStorage?.getItem(OUTBOX_HINT) ?? 0) > 0
  } catch {
    return false
  }
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string' || !body) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

const here = () =>
  typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost'

/** fetch, plus the outbox for the writes above and the queued-changes overlay for reads. */
async function appFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = typeof input === 'string' || input instanceof URL ? null : input
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
  const url = new URL(request ? request.url : String(input), here())
  if (method === 'GET') {
    const response = await globalThis.fetch(input, init)
    if (response.ok && hasQueued() && OVERLAID.some((re) => re.test(url.pathname))) {
      const { overlayResponse } = await import('./outbox')
      return overlayResponse(url.pathname, response)
    }
    return response
  }
  const body = parseBody(init?.body)
  if (request || !isQueueable(method, url.pathname, body)) return globalThis.fetch(input, init)
  const { send } = await import('./outbox')
  return send({ method, path: url.pathname, body, init: init ?? {} })
}

export type { OutboxState, RejectedChange, WriteMethod }
export {
  ASSIGNED,
  appFetch,
  ENTRIES,
  ENTRY,
  hasQueued,
  ITEM,
  ITEMS,
  isQueueable,
  OUTBOX_HINT,
  outboxState,
  REPORT,
  useOutbox,
}
