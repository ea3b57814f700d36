// The offline outbox's queue (./outbox): the IndexedDB database that keeps the changes waiting
// to be sent (in the order they were made) and the map of temporary ids to the ids the server
// gave, the counts in `outboxState` and the localStorage hint that follow it (told to the
// app's other tabs), and the temporary ids of items created offline.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import { outboxContext as app } from './context'
import { OUTBOX_HINT, outboxState, type WriteMethod } from './core'

type OutboxEntry = {
  /** IndexedDB key: the order changes were made in, which is the order they are replayed in. */
  seq?: number
  userId: number
  method: WriteMethod
  /** As sent; may name a temporary (negative) id of an item created offline. */
  path: string
  body?: Record<string, unknown>
  /** Creates: the temporary id the item carries until its create is replayed. */
  tempId?: number
  /** Creates: what the app was answered (and what reads show until the replay). */
  created?: Record<string, unknown>
  /** What the change is, for people: 'Complete "Ship the deck"'. */
  label: string
  status: 'pending' | 'rejected'
  /** Why the server refused it (rejected changes). */
  error?: string
  queuedAt: string
}

interface OutboxDB extends DBSchema {
  entries: { key: number; value: OutboxEntry }
  /** Temporary id → the id the server gave the item. */
  ids: { key: number; value: number }
}

type OutboxDatabase = IDBPDatabase<OutboxDB>

const DB_NAME = 'cadence-outbox'

let dbPromise: Promise<OutboxDatabase> | null = null

function database() {
  dbPromise ??= openDB<OutboxDB>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true })
      db.createObjectStore('ids')
    },
  })
  return dbPromise
}

/** After the database failed to open: the next use tries again. */
function forgetDatabase() {
  dbPromise = null
}

/** Closes the database if it is open; the next use opens it again. */
async function closeDatabase() {
  const open = dbPromise
  dbPromise = null
  if (open) (await open).close()
}

/** Every temporary id whose create was replayed, with the id the server gave. */
async function idMap(db: OutboxDatabase): Promise<Map<number, number>> {
  const ids = new Map<number, number>()
  let cursor = await db.transaction('ids').store.openCursor()
  while (cursor) {
    ids.set(cursor.key, cursor.value)
    cursor = await cursor.continue()
  }
  return ids
}

// ---------------------------------------------------------------------------------------------
// Temporary ids

let lastTemp = 0
/** A negative id no server row has; unique across reloads (time based). */
function nextTempId(): number {
  const candidate = -(Date.now() * 1000)
  lastTemp = candidate < lastTemp ? candidate : lastTemp - 1
  return lastTemp
}

const TEMP_SEGMENT = /\/(-\d+)(?=\/|$)/

function tempIdIn(path: string): number | null {
  const match = path.match(TEMP_SEGMENT)
  return match ? Number(match[1]) : null
}

/** `path` with its temporary id replaced by the real one; null while its create waits. */
async function resolvePath(db: OutboxDatabase, path: string): Promise<string | null> {
  const temp = tempIdIn(path)
  if (temp === null) return path
  const real = await db.get('ids', temp)
  return real === undefined ? null : path.replace(TEMP_SEGMENT, `/${real}`)
}

// ---------------------------------------------------------------------------------------------
// The counts

function setHint(count: number) {
  try {
    if (count > 0) globalThis.localStorage?.setItem(OUTBOX_HINT, String(count))
    else globalThis.localStorage?.removeItem(OUTBOX_HINT)
  } catch {}
}

/** Every change of every user, in order. */
async function allEntries(): Promise<OutboxEntry[]> {
  return (await database()).getAll('entries')
}

/** Other tabs of the app hear of every change to the queue, so their counts stay true. */
const tabs = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('cadence-outbox') : null

/** Re-reads the queue into `outboxState` (and the hint the fetch wrapper reads). */
async function refreshState({ tell = true }: { tell?: boolean } = {}) {
  const entries = await allEntries()
  if (tell) tabs?.postMessage('changed')
  setHint(entries.length)
  const userId = app.userId()
  const mine = entries.filter((e) => e.userId === userId)
  outboxState.pending = mine.filter((e) => e.status === 'pending').length
  outboxState.rejected = mine
    .filter((e) => e.status === 'rejected')
    .map((e) => ({ seq: e.seq as number, label: e.label, error: e.error ?? 'Rejected' }))
}

/** Sign-out: the queue and the id map are emptied (the next user must not inherit them). */
async function clearOutbox() {
  const db = await database()
  await db.clear('entries')
  await db.clear('ids')
  setHint(0)
  outboxState.pending = 0
  outboxState.rejected = []
}

export type { OutboxDatabase, OutboxEntry }
export {
  allEntries,
  clearOutbox,
  closeDatabase,
  DB_NAME,
  database,
  forgetDatabase,
  idMap,
  nextTempId,
  refreshState,
  resolvePath,
  TEMP_SEGMENT,
  tabs,
  tempIdIn,
}
