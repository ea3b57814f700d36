// Laying the offline outbox's waiting changes over reads (./outbox): the report, a team member's
// page, the dashboard, the reports list and 'Assigned to me' show what waits to be sent, offline
// and while a replay is under way.

import { findOverlaidRead } from '@cadence/contract/offline'
import type {
  AssignedItem,
  DashboardData,
  MemberEntry,
  Report,
  SectionItem,
  TeamMemberDashboard,
} from '@cadence/ui'
import { outboxContext as app } from './context'
import { writeOf } from './core'
import { database, idMap, type OutboxEntry } from './store'

/** What a queued edit or delete finds in a list by its id. */
type Changeable = { id: number }

function realId(id: number, ids: Map<number, number>) {
  return ids.get(id) ?? id
}

/** The id a change targets and the kind of thing it targets. */
function targetOf(
  entry: OutboxEntry,
): { kind: 'item' | 'entry' | 'report' | 'assigned'; id: string } | null {
  const match = writeOf(entry)
  switch (match?.write.path) {
    case '/api/section-items/:id':
      return { kind: 'item', id: match.params.id }
    case '/api/assigned-to-me/:id':
      return { kind: 'assigned', id: match.params.id }
    case '/api/team-members/:kind/:id':
      return { kind: 'entry', id: match.params.id }
    case '/api/reports/:uuid':
      return { kind: 'report', id: match.params.uuid }
  }
  return null
}

/** `list` with the change to the thing of id `id` made: edited, removed, or as it was. */
function patchList<T extends Changeable>(
  list: T[],
  entry: OutboxEntry,
  id: number,
  ids: Map<number, number>,
): T[]
function patchList<T extends Changeable>(
  list: T[] | undefined,
  entry: OutboxEntry,
  id: number,
  ids: Map<number, number>,
): T[] | undefined
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

/** What one waiting change is: its target (a report, an item, …) and the declared write. */
type Change = {
  entry: OutboxEntry
  ids: Map<number, number>
  target: ReturnType<typeof targetOf>
  write: ReturnType<typeof writeOf>
  route: string | undefined
}

function applyOne(path: string, data: unknown, entry: OutboxEntry, ids: Map<number, number>) {
  if (!data || typeof data !== 'object') return data
  const write = writeOf(entry)
  const change: Change = { entry, ids, target: targetOf(entry), write, route: write?.write.path }
  const { target } = change
  const read = findOverlaidRead(path)

  // Assigned to me (team roll-up): completions and notes waiting to be sent.
  if (read === '/api/assigned-to-me') {
    const list = data as { items?: AssignedItem[] }
    if (target?.kind !== 'assigned' || !Array.isArray(list.items)) return data
    return { ...list, items: patchList(list.items, entry, Number(target.id), ids) }
  }

  // The reports list.
  if (Array.isArray(data)) {
    if (target?.kind === 'report' && read === '/api/reports')
      return (data as Report[]).map((r) => patchReport(r, entry, target.id))
    return data
  }

  const report = data as Report
  if (read === '/api/reports/:uuid' && Array.isArray(report.sections))
    return overlayReport(report as ReportWithSections, change)
  const member = data as TeamMemberDashboard
  if (member.teamMember && typeof member.teamMember === 'object')
    return overlayMember(member, change)
  const dashboard = data as DashboardData
  if (Array.isArray(dashboard.activeTasks)) return overlayDashboard(dashboard, change)
  return data
}

type ReportWithSections = Report & { sections: NonNullable<Report['sections']> }

/** One report with its sections. */
function overlayReport(report: ReportWithSections, { entry, ids, target, write, route }: Change) {
  if (target?.kind === 'report') return patchReport(report, entry, target.id)
  // This week's value of a metric (its trend and flag wait for the server).
  if (route === '/api/reports/:uuid/metric-values/:metric_id') {
    if (write?.params.uuid !== report.uuid) return report
    const id = Number(write.params.metric_id)
    const value = (entry.body as { value?: number | null } | undefined)?.value ?? null
    return { ...report, metrics: report.metrics?.map((m) => (m.id === id ? { ...m, value } : m)) }
  }
  if (route === '/api/section-items' && entry.created) {
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
      sections: report.sections.map((s) => ({ ...s, items: patchList(s.items, entry, id, ids) })),
    }
  }
  return report
}

/** A team member's page. */
function overlayMember(member: TeamMemberDashboard, { entry, ids, target, write, route }: Change) {
  const params = write?.params ?? {}
  if (
    route === '/api/team-members/:uuid/:kind' &&
    entry.created &&
    params.uuid === member.teamMember.uuid
  ) {
    const key = ENTRY_LISTS[params.kind as keyof typeof ENTRY_LISTS]
    const list = (member[key] ?? []) as MemberEntry[]
    if (list.some((e) => e.id === (entry.created as MemberEntry).id)) return member
    return { ...member, [key]: [...list, entry.created] }
  }
  if (route === '/api/team-members/:kind/:id') {
    const key = ENTRY_LISTS[params.kind as keyof typeof ENTRY_LISTS]
    return { ...member, [key]: patchList(member[key], entry, Number(params.id), ids) }
  }
  if (target?.kind === 'item') {
    const id = Number(target.id)
    return {
      ...member,
      assignedTasks: patchList(member.assignedTasks, entry, id, ids),
      assignedFollowups: patchList(member.assignedFollowups, entry, id, ids),
    }
  }
  return member
}

/** The dashboard. */
function overlayDashboard(dashboard: DashboardData, { entry, ids, target }: Change) {
  if (target?.kind === 'item') {
    const id = Number(target.id)
    return {
      ...dashboard,
      activeTasks: patchList(dashboard.activeTasks, entry, id, ids),
      activeFollowups: patchList(dashboard.activeFollowups, entry, id, ids),
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
  return dashboard
}

/** appFetch's read path: the answer with the signed-in user's waiting changes laid over it. */
async function overlayResponse(path: string, response: Response): Promise<Response> {
  const userId = app.userId()
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
