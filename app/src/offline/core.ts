// What every part of the offline outbox shares, and what the rest of the app reads of it: the
// counts the shell shows, the localStorage hint, and which writes can be queued. It is part of the
// first download (./fetch imports it) and imports nothing of the app.
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
 * The writes that work offline: creates, edits, completions and deletes of section
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

/** The browser says it is offline (navigator.onLine false); unknown counts as online. */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The origin API paths are sent to (http://localhost where there is none, as in tests). */
const origin = () =>
  typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost'

/** True when the outbox holds changes (read synchronously, from the hint). */
function hasQueued(): boolean {
  try {
    return Number(globalThis.localStorage?.getItem(OUTBOX_HINT) ?? 0) > 0
  } catch {
    return false
  }
}

export type { OutboxState, RejectedChange, WriteMethod }
export {
  ASSIGNED,
  ENTRIES,
  ENTRY,
  hasQueued,
  ITEM,
  ITEMS,
  isOffline,
  isQueueable,
  OUTBOX_HINT,
  origin,
  outboxState,
  REPORT,
  useOutbox,
}
