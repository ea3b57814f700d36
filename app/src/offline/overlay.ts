// Laying the offline outbox's waiting changes over reads (./outbox): the report, a team member's
// page, the dashboard, the reports list and 'Assigned to me' show what waits to be sent, offline
// and while a replay is under way.

import { findOverlaidRead, type QueuedChange } from '@cadence/contract/offline'
import { outboxContext as app } from './context'
import { database, idMap, type OutboxEntry } from './store'
import { writeOf } from './table'

/** A queued entry as the offline table's functions take it (temporary ids mapped by `ids`). */
function changeOf(entry: OutboxEntry, params: Record<string, string>, ids: Map<number, number>) {
  return {
    method: entry.method,
    params,
    body: entry.body,
    created: entry.created,
    realId: (id: number) => ids.get(id) ?? id,
  } satisfies QueuedChange
}

/**
 * Lays the user's waiting changes over a read's JSON (pure; what reads show offline and while
 * a replay is under way). `path` is the read's pathname; each write changes the answer as its
 * entry in the offline table says (contract/src/offline.ts), the read's answer typed there.
 */
function applyPending(
  path: string,
  data: unknown,
  entries: OutboxEntry[],
  ids: Map<number, number>,
): unknown {
  const read = findOverlaidRead(path)
  if (!read) return data
  let out = data
  for (const entry of entries) {
    if (entry.status !== 'pending' || !out || typeof out !== 'object') continue
    const match = writeOf(entry)
    // The table types each read's answer; this answer is the server's, validated against it.
    const overlay = match?.write.overlays[read] as
      | ((answer: unknown, change: QueuedChange) => unknown)
      | undefined
    if (match && overlay) out = overlay(out, changeOf(entry, match.params, ids))
  }
  return out
}

/**
 * appFetch's read path while changes wait: an overlaid read's answer with the signed-in user's
 * waiting changes laid over it; any other answer as it is.
 */
async function overlayResponse(path: string, response: Response): Promise<Response> {
  const userId = app.userId()
  if (userId === null || !findOverlaidRead(path)) return response
  let data: unknown
  try {
    data = await response.clone().json()
  } catch {
    return response
  }
  const db = await database()
  const entries = (await db.getAll('entries')).filter(
    (e) => e.userId === userId && e.status === 'pending',
  )
  if (!entries.length) return response
  const ids = await idMap(db)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(JSON.stringify(applyPending(path, data, entries, ids)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

export { applyPending, overlayResponse }
