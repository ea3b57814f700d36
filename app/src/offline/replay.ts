// Sending the offline outbox's queue (./outbox): the replay in order (temporary ids mapped to the
// real ones as their creates are answered), retried every 30 s while changes wait, Retry and
// Discard of a rejected change, the flush at sign-out, and the start and stop of it all with the
// signed-in shell. After a sync or a discard, what is on screen is reloaded.
import { errorMessage, notifyUnauthorized } from '../api/errors'
import { outboxContext as app } from './context'
import { isOffline, origin, outboxState, serverFetch } from './core'
import { closeDatabase, database, refreshState, resolvePath, tabs, tempIdIn } from './store'

const RETRY_MS = 30_000

async function runReplay(userId = app.userId()): Promise<number> {
  if (userId === null || isOffline()) return 0
  const db = await database()
  const all = await db.getAll('entries')
  let applied = 0
  for (const entry of all) {
    if (entry.userId !== userId || entry.status !== 'pending') continue
    const path = await resolvePath(db, entry.path)
    if (path === null) {
      const temp = tempIdIn(entry.path)
      const creator = (await db.getAll('entries')).find((e) => e.tempId === temp)
      // Its item's create waits (or was refused and awaits the user): this change waits with it.
      if (creator) continue
      await db.put('entries', {
        ...entry,
        status: 'rejected',
        error: 'The item it changes was never created',
      })
      continue
    }
    let response: Response
    try {
      response = await serverFetch(`${origin()}${path}`, {
        method: entry.method,
        credentials: 'include',
        headers: entry.body !== undefined ? { 'content-type': 'application/json' } : undefined,
        body: entry.body !== undefined ? JSON.stringify(entry.body) : undefined,
      })
    } catch {
      break
    }
    if (response.ok) {
      if (entry.tempId !== undefined) {
        const created = (await response.json().catch(() => null)) as { id?: unknown } | null
        if (typeof created?.id === 'number') await db.put('ids', created.id, entry.tempId)
      }
      await db.delete('entries', entry.seq as number)
      applied++
      continue
    }
    const status = response.status
    // The session ended: auth re-checks it, and a 401 there offers these changes for export.
    if (status === 401) notifyUnauthorized()
    if (status === 401 || status === 408 || status === 429 || status >= 500) break
    const text = await response.text().catch(() => '')
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    await db.put('entries', { ...entry, status: 'rejected', error: errorMessage(status, parsed) })
  }
  await refreshState()
  return applied
}

let replaying: Promise<number> | null = null
let again = false

/**
 * Replays the signed-in user's queue in order. One replay at a time per tab, and across tabs
 * (Web Locks), so a change is never sent twice. Resolves how many changes the server took.
 */
function replay(): Promise<number> {
  if (replaying) {
    // A change queued while a replay runs is sent by one more pass once it ends.
    again = true
    return replaying
  }
  outboxState.syncing = true
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  const once = () =>
    (locks ? locks.request('cadence-outbox', () => runReplay()) : runReplay()) as Promise<number>
  const pending = (async () => {
    let applied = 0
    do {
      again = false
      applied += await once()
    } while (again && !isOffline())
    if (applied > 0 || outboxState.rejected.length > 0) await refreshViews()
    return applied
  })().finally(() => {
    replaying = null
    outboxState.syncing = false
  })
  replaying = pending
  return pending
}

let retryTimer: ReturnType<typeof setInterval> | null = null

/** While changes wait and the browser thinks it is online (a server outage), retry every 30 s. */
function scheduleRetry() {
  if (retryTimer || typeof setInterval === 'undefined') return
  retryTimer = setInterval(() => {
    if (outboxState.pending === 0) {
      if (retryTimer) clearInterval(retryTimer)
      retryTimer = null
      return
    }
    if (!isOffline()) void replay()
  }, RETRY_MS)
}

/** Reloads what the user sees from the server (plus what still waits) after a sync or discard. */
async function refreshViews() {
  app.invalidateCaches()
  const loads: Promise<unknown>[] = []
  const report = app.openReport()
  if (report) loads.push(app.reloadReport(report.uuid))
  const member = app.openMember()
  if (member) loads.push(app.reloadMember(member.teamMember.uuid))
  loads.push(...app.reloadCaches())
  await Promise.allSettled(loads)
}

/** 'Retry' on a rejected change: back in the queue at its place, then a replay. */
async function retryChange(seq: number) {
  const db = await database()
  const entry = await db.get('entries', seq)
  if (!entry) return
  const { error: _error, ...rest } = entry
  await db.put('entries', { ...rest, status: 'pending' })
  await refreshState()
  if (!isOffline()) await replay()
}

/**
 * 'Discard' on a rejected change: removed for good, with the queued changes that depend on it
 * (edits of an item whose create is discarded). What the user sees is reloaded.
 */
async function discardChange(seq: number) {
  const db = await database()
  const entry = await db.get('entries', seq)
  if (!entry) return
  await db.delete('entries', seq)
  if (entry.tempId !== undefined) {
    for (const other of await db.getAll('entries')) {
      if (tempIdIn(other.path) === entry.tempId) await db.delete('entries', other.seq as number)
    }
  }
  await refreshState()
  await refreshViews()
}

/**
 * Sign-out, before the server forgets the session: the user's waiting changes are sent while
 * they still can be (online only). Resolves how many the server took.
 */
async function flushOutbox(userId: number): Promise<number> {
  if (isOffline()) return 0
  await replaying?.catch(() => 0)
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return (await (locks
    ? locks.request('cadence-outbox', () => runReplay(userId))
    : runReplay(userId))) as number
}

let started = false
const onOnline = () => void replay()
const onOtherTab = () => void refreshState({ tell: false })

/** Called once the signed-in shell mounts: counts the queue, replays it, listens for 'online'. */
function startOutbox() {
  if (started || typeof window === 'undefined') return
  started = true
  window.addEventListener('online', onOnline)
  tabs?.addEventListener('message', onOtherTab)
  void refreshState()
    .then(() => {
      if (outboxState.pending > 0) scheduleRetry()
      if (!isOffline() && outboxState.pending > 0) return replay()
    })
    .catch((error) => console.error(error))
}

/**
 * startOutbox's inverse, and what a closed tab does to it: stops listening and retrying, lets a
 * replay under way end, and closes the database (the next use opens it again). The queue itself
 * stays in IndexedDB.
 */
async function stopOutbox() {
  if (started) {
    window.removeEventListener('online', onOnline)
    tabs?.removeEventListener('message', onOtherTab)
    started = false
  }
  if (retryTimer) clearInterval(retryTimer)
  retryTimer = null
  await replaying?.catch(() => 0)
  await closeDatabase()
}

export { discardChange, flushOutbox, replay, retryChange, scheduleRetry, startOutbox, stopOutbox }
