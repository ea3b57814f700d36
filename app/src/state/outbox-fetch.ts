// The fetch every API call goes through (app/src/api/client.ts). It stays tiny because it is
// part of the first download: the offline machinery (./outbox, IndexedDB) loads only when a
// write that can be queued is sent, or when a read may need queued changes laid over it.
import { hasQueued, isQueueable, origin, REPORT } from './outbox-core'

/** Reads whose answers show queued changes (the report, member, dashboard and reports list). */
const OVERLAID = [
  /^\/api\/reports\/?$/,
  REPORT,
  /^\/api\/dashboard\/?$/,
  /^\/api\/team-members\/[^/]+\/(dashboard|prep)$/,
  /^\/api\/assigned-to-me\/?$/,
]

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string' || !body) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** fetch, plus the outbox for the writes above and the queued-changes overlay for reads. */
async function appFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = typeof input === 'string' || input instanceof URL ? null : input
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
  const url = new URL(request ? request.url : String(input), origin())
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

// What the shell, auth and the tests read of the outbox, from where it always was.
export type { OutboxState, RejectedChange, WriteMethod } from './outbox-core'
export {
  ASSIGNED,
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
} from './outbox-core'
export { appFetch }
