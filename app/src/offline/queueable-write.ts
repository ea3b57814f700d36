// The offline outbox's write path (./outbox): a write that can be queued goes straight to the
// server, or into the queue, answered at once with what the server would have answered (a create
// gets a temporary id) so the state modules apply it optimistically. Its label and a create's
// answer are its entry's in the offline table (contract/src/offline.ts).
import { outboxContext as app } from './context'
import { isOffline, origin, serverFetch, type WriteMethod } from './core'
import { onScreen } from './on-screen'
import { replay, scheduleRetry } from './replay'
import {
  database,
  forgetDatabase,
  nextTempId,
  type OutboxDatabase,
  type OutboxEntry,
  refreshState,
  resolvePath,
} from './store'
import { writeOf } from './table'

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-cadence-queued': '1' },
  })
}

// ---------------------------------------------------------------------------------------------
// Into the queue, or to the server

async function enqueue(
  method: WriteMethod,
  path: string,
  body: Record<string, unknown> | undefined,
  userId: number,
): Promise<Response> {
  const db = await database()
  const screen = onScreen(await db.getAll('entries'))
  const match = writeOf({ method, path, body })
  const now = new Date().toISOString()
  const change = {
    method,
    params: match?.params ?? {},
    body,
    created: undefined,
    realId: (id: number) => id,
  }
  const entry: OutboxEntry = {
    userId,
    method,
    path,
    ...(body !== undefined ? { body } : {}),
    label: match?.write.label(change, screen) ?? '',
    status: 'pending',
    queuedAt: now,
  }
  let answer: unknown = { success: true }
  if (match?.write.created) {
    entry.tempId = nextTempId()
    entry.created = match.write.created(change, screen, { tempId: entry.tempId, userId, now })
    answer = entry.created
  } else if (method === 'PUT') {
    const id = match?.params.id
    answer = { ...(id !== undefined ? { id: Number(id) } : {}), ...body }
  }
  await db.add('entries', entry)
  await refreshState()
  scheduleRetry()
  return json(answer)
}

type Outgoing = {
  method: WriteMethod
  path: string
  body: unknown
  init: RequestInit
}

/**
 * Sends one queueable write (called by appFetch): straight to the server when online and nothing
 * waits before it; into the queue when offline, when earlier changes still wait (order), when it
 * names an item whose create has not been replayed, or when the request fails on the network.
 */
async function queueableWrite({ method, path, body, init }: Outgoing): Promise<Response> {
  const userId = app.userId()
  if (userId === null) return serverFetch(`${origin()}${path}`, init)
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined
  let db: OutboxDatabase
  try {
    db = await database()
  } catch (error) {
    // No IndexedDB here (a locked-down profile): the write goes out as if there were no outbox.
    console.error(error)
    forgetDatabase()
    return serverFetch(`${origin()}${path}`, init)
  }
  const target = await resolvePath(db, path)
  if (target === null) return enqueue(method, path, fields, userId)
  const waiting = (await db.getAll('entries')).some(
    (e) => e.userId === userId && e.status === 'pending',
  )
  if (isOffline() || waiting) {
    const response = await enqueue(method, target, fields, userId)
    if (!isOffline()) void replay()
    return response
  }
  try {
    return await serverFetch(`${origin()}${target}`, init)
  } catch (error) {
    // A network failure (TypeError); an abort is the caller's choice, not a lost change.
    if (error instanceof TypeError) return enqueue(method, target, fields, userId)
    throw error
  }
}

export { queueableWrite }
