// The offline outbox (issue 6): writes made while offline, or that failed with a network error,
// are kept in IndexedDB (they survive a reload and a closed tab), answered at once with what the
// server would have answered so the state modules apply them optimistically, laid over later
// reads of the same data, and replayed in order when the network returns ('online', at start,
// and every 30 s while changes wait). Items created offline get a temporary negative id; once
// their create is replayed, the real id is recorded and later queued edits of the same item (and
// any later request naming the temporary id) go to the real one. A replay the server refuses
// with a 4xx is kept as 'rejected' for the user to Retry or Discard; a 5xx, 401, 408, 429 or a
// network error stops the replay and keeps the change queued. Nothing is dropped silently.
// It imports no state module: the signed-in user, what is on screen and how to reload it are
// registered by the state modules that own them (./outbox-context).
import type {
  DashboardData,
  MemberEntry,
  Report,
  SectionItem,
  TeamMemberDashboard,
} from '@cadence/ui'
import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import { errorMessage, notifyUnauthorized } from '../api/errors'
import { outboxContext as app } from './outbox-context'
import {
  ASSIGNED,
  ENTRIES,
  ENTRY,
  ITEM,
  ITEMS,
  isQueueable,
  OUTBOX_HINT,
  outboxState,
  REPORT,
  type WriteMethod,
} from './outbox-core'

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

const DB_NAME = 'cadence-outbox'
const RETRY_MS = 30_000

let dbPromise: Promise<IDBPDatabase<OutboxDB>> | null = null

function database() {
  dbPromise ??= openDB<OutboxDB>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true })
      db.createObjectStore('ids')
    },
  })
  return dbPromise
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false
const currentUserId = () => app.userId()
const origin = () =>
  typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost'

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

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-cadence-queued': '1' },
  })
}

// ---------------------------------------------------------------------------------------------
// What a change concerns, for the rejected list

const KIND_NOUN: Record<string, string> = {
  'talking-points': 'talking point',
  tasks: 'task',
  followups: 'follow-up',
}

function quote(text: unknown) {
  const s = typeof text === 'string' ? text.trim() : ''
  return s.length > 60 ? `"${s.slice(0, 57)}…"` : `"${s}"`
}

/** The content of an item or entry the user can see, for labels. */
function contentOf(id: number, entries: OutboxEntry[]): string | null {
  for (const section of app.openReport()?.sections ?? []) {
    const item = section.items.find((i) => i.id === id)
    if (item) return item.content
  }
  const member = app.openMember()
  if (member) {
    for (const list of [
      member.talkingPoints,
      member.standaloneTasks,
      member.standaloneFollowups,
      member.assignedTasks,
      member.assignedFollowups,
    ]) {
      const found = (list as Array<{ id: number; content: string }>).find((e) => e.id === id)
      if (found) return found.content
    }
  }
  const dashboard = app.cachedDashboard()
  const task = [...(dashboard?.activeTasks ?? []), ...(dashboard?.activeFollowups ?? [])].find(
    (i) => i.id === id,
  )
  if (task) return task.content
  const assigned = app.assignedItems().find((i) => i.id === id)
  if (assigned) return assigned.content
  const created = entries.find((e) => e.tempId === id)?.created
  return typeof created?.content === 'string' ? created.content : null
}

function labelFor(
  method: WriteMethod,
  path: string,
  body: Record<string, unknown> | undefined,
  entries: OutboxEntry[],
): string {
  const entryCreate = path.match(ENTRIES)
  if (method === 'POST') {
    const noun = entryCreate ? KIND_NOUN[entryCreate[2]] : 'item'
    return `Add ${noun} ${quote(body?.content)}`
  }
  const report = path.match(REPORT)
  if (report) {
    const open = app.openReport()
    const current = open?.uuid === report[1] ? open : null
    const fields = Object.keys(body ?? {}).join(' and ')
    const name = current?.title || (current ? `Week of ${current.week_start_date}` : 'report')
    return `Edit ${fields} of ${quote(name)}`
  }
  const entry = path.match(ENTRY)
  const id = Number(entry ? entry[2] : (path.match(ITEM) ?? path.match(ASSIGNED))?.[1])
  const noun = entry ? KIND_NOUN[entry[1]] : 'item'
  const content = contentOf(id, entries)
  const what = content !== null ? quote(content) : `${noun} #${id}`
  if (method === 'DELETE') return `Delete ${content !== null ? `${noun} ${what}` : what}`
  if (body && typeof body.is_completed === 'boolean' && Object.keys(body).length === 1)
    return `${body.is_completed ? 'Complete' : 'Reopen'} ${what}`
  if (body && typeof body.content === 'string') return `Edit ${noun} ${quote(body.content)}`
  return `Edit ${content !== null ? `${noun} ${what}` : what}`
}

// ---------------------------------------------------------------------------------------------
// What the server would have answered

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
  const entryCreate = path.match(ENTRIES)
  if (entryCreate) {
    const member = app.openMember()?.teamMember
    return {
      id: tempId,
      team_member_id: member?.uuid === entryCreate[1] ? member.id : 0,
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
    project_id: projectId,
    content,
    is_completed: false,
    item_type: itemType,
    assigned_to_team_member_id:
      (body?.assigned_to_team_member_id as number | null | undefined) ?? null,
    created_at: now,
  } satisfies SectionItem
}

// ---------------------------------------------------------------------------------------------
// The queue

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
  const userId = currentUserId()
  const mine = entries.filter((e) => e.userId === userId)
  outboxState.pending = mine.filter((e) => e.status === 'pending').length
  outboxState.rejected = mine
    .filter((e) => e.status === 'rejected')
    .map((e) => ({ seq: e.seq as number, label: e.label, error: e.error ?? 'Rejected' }))
}

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
    const id = path.match(ITEM)?.[1] ?? path.match(ENTRY)?.[2] ?? path.match(ASSIGNED)?.[1]
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
  const userId = currentUserId()
  if (userId === null) return globalThis.fetch(`${origin()}${path}`, init)
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined
  let db: IDBPDatabase<OutboxDB>
  try {
    db = await database()
  } catch (error) {
    // No IndexedDB here (a locked-down profile): the write goes out as if there were no outbox.
    console.error(error)
    dbPromise = null
    return globalThis.fetch(`${origin()}${path}`, init)
  }
  let target = path
  const temp = tempIdIn(path)
  if (temp !== null) {
    const real = await db.get('ids', temp)
    if (real === undefined) return enqueue(method, path, fields, userId)
    target = path.replace(TEMP_SEGMENT, `/${real}`)
  }
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

async function resolvePath(db: IDBPDatabase<OutboxDB>, path: string): Promise<string | null> {
  const temp = tempIdIn(path)
  if (temp === null) return path
  const real = await db.get('ids', temp)
  return real === undefined ? null : path.replace(TEMP_SEGMENT, `/${real}`)
}

async function runReplay(userId = currentUserId()): Promise<number> {
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
      response = await globalThis.fetch(`${origin()}${path}`, {
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

/** Sign-out: the queue and the id map are emptied (the next user must not inherit them). */
async function clearOutbox() {
  const db = await database()
  await db.clear('entries')
  await db.clear('ids')
  setHint(0)
  outboxState.pending = 0
  outboxState.rejected = []
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
  const open = dbPromise
  dbPromise = null
  if (open) (await open).close()
}

// ---------------------------------------------------------------------------------------------
// Laying queued changes over reads

type Changeable = { id: number } & Record<string, unknown>

function realId(id: number, ids: Map<number, number>) {
  return ids.get(id) ?? id
}

/** The id a change targets and the kind of thing it targets. */
function targetOf(
  entry: OutboxEntry,
): { kind: 'item' | 'entry' | 'report' | 'assigned'; id: string } | null {
  const item = entry.path.match(ITEM)
  if (item) return { kind: 'item', id: item[1] }
  const assigned = entry.path.match(ASSIGNED)
  if (assigned) return { kind: 'assigned', id: assigned[1] }
  const e = entry.path.match(ENTRY)
  if (e) return { kind: 'entry', id: e[2] }
  const report = entry.path.match(REPORT)
  if (report) return { kind: 'report', id: report[1] }
  return null
}

function patchList<T extends Changeable>(
  list: T[] | undefined,
  entry: OutboxEntry,
  id: number,
  ids: Map<number, number>,
): T[] | undefined {
  if (!Array.isArray(list)) return list
  const matches = (x: T) => x.id === id || x.id === realId(id, ids)
  if (entry.method === 'DELETE') return list.filter((x) => !matches(x))
  if (entry.method === 'PUT') return list.map((x) => (matches(x) ? { ...x, ...entry.body } : x))
  return list
}

function patchReport<T extends Partial<Report>>(report: T, entry: OutboxEntry, uuid: string): T {
  return report.uuid === uuid ? { ...report, ...entry.body } : report
}

const ENTRY_LISTS = {
  'talking-points': 'talkingPoints',
  tasks: 'standaloneTasks',
  followups: 'standaloneFollowups',
} as const

/**
 * Lays the user's waiting changes over a read's JSON (pure; what reads show offline and while
 * a replay is under way). `path` is the read's pathname.
 */
function applyPending(
  path: string,
  data: unknown,
  entries: OutboxEntry[],
  ids: Map<number, number>,
): unknown {
  let out = data
  for (const entry of entries) {
    if (entry.status !== 'pending') continue
    out = applyOne(path, out, entry, ids)
  }
  return out
}

function applyOne(path: string, data: unknown, entry: OutboxEntry, ids: Map<number, number>) {
  if (!data || typeof data !== 'object') return data
  const target = targetOf(entry)
  const entryCreate = entry.path.match(ENTRIES)

  // Assigned to me (team roll-up): completions and notes waiting to be sent.
  if (/^\/api\/assigned-to-me\/?$/.test(path)) {
    const list = data as { items?: Changeable[] }
    if (target?.kind !== 'assigned' || !Array.isArray(list.items)) return data
    return { ...list, items: patchList(list.items, entry, Number(target.id), ids) }
  }

  // The reports list.
  if (Array.isArray(data)) {
    if (target?.kind === 'report' && /^\/api\/reports\/?$/.test(path))
      return (data as Report[]).map((r) => patchReport(r, entry, target.id))
    return data
  }

  // One report with its sections.
  const report = data as Report
  if (path.match(REPORT) && Array.isArray(report.sections)) {
    if (target?.kind === 'report') return patchReport(report, entry, target.id)
    if (entry.method === 'POST' && entry.path.match(ITEMS) && entry.created) {
      const created = entry.created as SectionItem
      return {
        ...report,
        sections: report.sections.map((s) =>
          s.id === created.section_id && !s.items.some((i) => i.id === created.id)
            ? { ...s, items: [...s.items, created] }
            : s,
        ),
      }
    }
    if (target?.kind === 'item') {
      const id = Number(target.id)
      return {
        ...report,
        sections: report.sections.map((s) => ({
          ...s,
          items: patchList(
            s.items as unknown as Changeable[],
            entry,
            id,
            ids,
          ) as unknown as SectionItem[],
        })),
      }
    }
    return data
  }

  // A team member's page.
  const member = data as TeamMemberDashboard
  if (member.teamMember && typeof member.teamMember === 'object') {
    if (entryCreate && entry.created && entryCreate[1] === member.teamMember.uuid) {
      const key = ENTRY_LISTS[entryCreate[2] as keyof typeof ENTRY_LISTS]
      const list = (member[key] ?? []) as MemberEntry[]
      if (list.some((e) => e.id === (entry.created as MemberEntry).id)) return data
      return { ...member, [key]: [...list, entry.created] }
    }
    const entryTarget = entry.path.match(ENTRY)
    if (entryTarget) {
      const key = ENTRY_LISTS[entryTarget[1] as keyof typeof ENTRY_LISTS]
      const list = member[key] as unknown as Changeable[] | undefined
      return { ...member, [key]: patchList(list, entry, Number(entryTarget[2]), ids) }
    }
    if (target?.kind === 'item') {
      const id = Number(target.id)
      return {
        ...member,
        assignedTasks: patchList(member.assignedTasks as unknown as Changeable[], entry, id, ids),
        assignedFollowups: patchList(
          member.assignedFollowups as unknown as Changeable[],
          entry,
          id,
          ids,
        ),
      }
    }
    return data
  }

  // The dashboard.
  const dashboard = data as DashboardData
  if (Array.isArray(dashboard.activeTasks)) {
    if (target?.kind === 'item') {
      const id = Number(target.id)
      return {
        ...dashboard,
        activeTasks: patchList(dashboard.activeTasks as unknown as Changeable[], entry, id, ids),
        activeFollowups: patchList(
          dashboard.activeFollowups as unknown as Changeable[],
          entry,
          id,
          ids,
        ),
      }
    }
    if (target?.kind === 'report') {
      return {
        ...dashboard,
        currentWeekReport: dashboard.currentWeekReport
          ? patchReport(dashboard.currentWeekReport, entry, target.id)
          : null,
        recentReports: (dashboard.recentReports ?? []).map((r) => patchReport(r, entry, target.id)),
      }
    }
  }
  return data
}

/** appFetch's read path: the answer with the signed-in user's waiting changes laid over it. */
async function overlayResponse(path: string, response: Response): Promise<Response> {
  const userId = currentUserId()
  if (userId === null) return response
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
  const ids = new Map<number, number>()
  let cursor = await db.transaction('ids').store.openCursor()
  while (cursor) {
    ids.set(cursor.key, cursor.value)
    cursor = await cursor.continue()
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(JSON.stringify(applyPending(path, data, entries, ids)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

export type { OutboxEntry }
export {
  allEntries,
  applyPending,
  clearOutbox,
  DB_NAME,
  discardChange,
  flushOutbox,
  isQueueable,
  outboxState,
  overlayResponse,
  refreshState,
  replay,
  retryChange,
  send,
  startOutbox,
  stopOutbox,
}
