// The offline table (contract/src/offline.ts) as the outbox reads it. Not on the first download:
// appFetch imports it when a write is sent, and the outbox's parts with the outbox.
import { findOfflineWrite } from '@cadence/contract/offline'
import type { WriteMethod } from './core'

/**
 * The writes that work offline are the table's: creates, edits, completions and deletes of
 * section items, of a team member's talking points, tasks and follow-ups, report title/summary
 * edits, completing or reopening an item assigned to me, and a metric's value this week.
 */
function isQueueable(method: string, path: string, body: unknown): method is WriteMethod {
  return findOfflineWrite(method, path, body) !== undefined
}

/** The declared write a queued change is, with its path parameters (see isQueueable). */
function writeOf(change: { method: string; path: string; body?: unknown }) {
  return findOfflineWrite(change.method, change.path, change.body)
}

export { isQueueable, writeOf }
