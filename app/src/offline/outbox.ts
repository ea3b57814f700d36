// The offline outbox: writes made while offline, or that failed with a network error,
// are kept in IndexedDB (they survive a reload and a closed tab), answered at once with what the
// server would have answered so the state modules apply them optimistically, laid over later
// reads of the same data, and replayed in order when the network returns ('online', at start,
// and every 30 s while changes wait). Items created offline get a temporary negative id; once
// their create is replayed, the real id is recorded and later queued edits of the same item (and
// any later request naming the temporary id) go to the real one. A replay the server refuses
// with a 4xx is kept as 'rejected' for the user to Retry or Discard; a 5xx, 401, 408, 429 or a
// network error stops the replay and keeps the change queued. Nothing is dropped silently.
// It imports no state module: the signed-in user, what is on screen and how to reload it are
// registered by the state modules that own them (./context).
//
// This module is what the app loads of it (appFetch, the shell, sign-out, the session-ended
// export); its parts are
//   ./store            the IndexedDB queue, the temporary id map and the counts
//   ./queueable-write  the write path: to the server, or queued with the answer it would give
//   ./on-screen        what the user sees, for a queued change's label and a create's answer
//   ./replay           the replay in order, Retry and Discard, start and stop
//   ./overlay          the waiting changes laid over reads
//   ./table            the offline table as they read it (contract/src/offline.ts: what a write
//                      is called, answers and changes); appFetch loads it when a write is sent
// and, loaded with the first download, ./core (the counts), ./fetch
// (every API call's fetch) and ./context (what the state modules register).

export { outboxState } from './core'
export { applyPending, overlayResponse } from './overlay'
export { queueableWrite } from './queueable-write'
export {
  discardChange,
  flushOutbox,
  replay,
  retryChange,
  startOutbox,
  stopOutbox,
} from './replay'
export type { OutboxEntry } from './store'
export { allEntries, clearOutbox, DB_NAME, refreshState } from './store'
export { isQueueable } from './table'
