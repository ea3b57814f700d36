// The offline outbox's write path (./outbox): a write that can be queued goes straight to the
// server, or into the queue, answered at once with what the server would have answered (a create
// gets a temporary id) so the state modules apply it optimistically.
import type { MemberEntry, SectionItem } from '@cadence/ui'
import { outboxContext as app } from './context'
import { isOffline, origin, type WriteMethod, writeOf } from './core'
import { labelFor } from './label'
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

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-cadence-queued': '1' },
  })
}

// ---------------------------------------------------------------------------------------------
// What the server would have answered

/**
 * What of a new report item only the server decides: its place in the section and its age
 * (measured by the user's start day and today). A queued item goes without them until the sync,
 * and its row shows no ageing meanwhile.
 */
type DecidedByServer = 'sort_order' | 'open_weeks' | 'origin_week_start_date' | 'is_stalled'

function sectionTypeOf(sectionId: unknown) {
  return app.openReport()?.sections?.find((s) => s.id === sectionId)?.section_type
}

function createdFor(
  path: string,
  body: Record<string, unknown> | undefined,
  tempId: number,
  userId: number,
): Record<string, unknown> {
  const now = new Date().toISOString()
  const content = typeof body?.content === 'string' ? body.content : ''
  const projectId = (body?.project_id as number | null | undefined) ?? null
  const write = writeOf({ method: 'POST', path, body })
  if (write?.write.path === '/api/team-members/:uuid/:kind') {
    const member = app.openMember()?.teamMember
    return {
      id: tempId,
      team_member_id: member?.uuid === write.params.uuid ? member.id : 0,
      user_id: userId,
      project_id: projectId,
      content,
      is_completed: false,
      created_at: now,
      updated_at: now,
    } satisfies MemberEntry
  }
  const type = sectionTypeOf(body?.section_id)
  const itemType =
    (body?.item_type as SectionItem['item_type'] | undefined) ??
    (type === 'tasks' ? 'task' : type === 'followups' ? 'followup' : 'standard')
  return {
    id: tempId,
    section_id: Number(body?.section_id),
    user_id: userId,
    project_id: projectId,
    content,
    is_completed: false,
    item_type: itemType,
    assigned_to_team_member_id:
      (body?.assigned_to_team_member_id as number | null | undefined) ?? null,
    source_item_id: null,
    source_author_name: null,
    assignee_completed_at: null,
    assignee_note: null,
    is_ask: false,
    ask_closed_at: null,
    created_at: now,
    updated_at: now,
    carried_from_item_id: null,
    carried_forward: false,
  } satisfies Omit<SectionItem, DecidedByServer>
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
  const entries = await db.getAll('entries')
  const entry: OutboxEntry = {
    userId,
    method,
    path,
    ...(body !== undefined ? { body } : {}),
    label: labelFor(method, path, body, entries),
    status: 'pending',
    queuedAt: new Date().toISOString(),
  }
  let answer: unknown = { success: true }
  if (method === 'POST') {
    entry.tempId = nextTempId()
    entry.created = createdFor(path, body, entry.tempId, userId)
    answer = entry.created
  } else if (method === 'PUT') {
    const id = writeOf({ method, path, body })?.params.id
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
async function send({ method, path, body, init }: Outgoing): Promise<Response> {
  const userId = app.userId()
  if (userId === null) return globalThis.fetch(`${origin()}${path}`, init)
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined
  let db: OutboxDatabase
  try {
    db = await database()
  } catch (error) {
    // No IndexedDB here (a locked-down profile): the write goes out as if there were no outbox.
    console.error(error)
    forgetDatabase()
    return globalThis.fetch(`${origin()}${path}`, init)
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
    return await globalThis.fetch(`${origin()}${target}`, init)
  } catch (error) {
    // A network failure (TypeError); an abort is the caller's choice, not a lost change.
    if (error instanceof TypeError) return enqueue(method, target, fields, userId)
    throw error
  }
}

export { send }
