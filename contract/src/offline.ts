// The offline table: every write the app may queue while offline, and every read that shows the
// queued writes, one declaration each. A write's entry is its route, what it is called for people
// (the rejected list's 'Complete "Ship the deck"'), what the outbox answers at once for a create,
// and how it changes the answers of the overlaid reads (typed by their answers below). The app's
// outbox (app/src/offline/) queues, labels, answers and lays writes over reads by this table only,
// and its API cache leaves out the reads listed in ./offline-cache. Declared here, in the contract, because the
// app reads it and cannot import the server; the server's tests hold every route to one of its
// routes and `onlyFields` to fields its body takes (server/src/lib/offline-writes.test.ts).
// Adding an offline-queueable route is one entry below, under its feature.
//
// No elysia in this file: the app imports its values (`@cadence/contract/offline`), and nothing of
// the schemas may reach a browser bundle (the answer types are imported as types only).

import type { DashboardData } from './dashboard'
// The API cache's part of the table (the reads it never keeps) is on every page's first download,
// so it is its own small module, with the route matching both use.
import { matchRoute } from './offline-cache'
import type { Report, ReportDetail } from './reports'
import type { SectionItem } from './section-items'
import type { MemberEntry, TeamMemberDashboard, TeamMemberPrep } from './team-members'
import type { AssignedItemList } from './team-roll-up'

export type OfflineMethod = 'POST' | 'PUT' | 'DELETE'

// ---------------------------------------------------------------------------------------------
// The reads that show queued writes

/**
 * The reads whose answers show the queued writes laid over them, so a page read offline or during
 * a replay shows what waits to be sent; each with the type of its answer.
 */
export type OverlaidAnswers = {
  '/api/reports': Report[]
  '/api/reports/:uuid': ReportDetail
  '/api/dashboard': DashboardData
  '/api/team-members/:uuid/dashboard': TeamMemberDashboard
  '/api/team-members/:uuid/prep': TeamMemberPrep
  '/api/assigned-to-me': AssignedItemList
}

export type OfflineOverlaidRead = keyof OverlaidAnswers

const READS: Record<OfflineOverlaidRead, string> = {
  '/api/reports': 'the reports list',
  '/api/reports/:uuid': 'a report with its sections',
  '/api/dashboard': 'the dashboard',
  '/api/team-members/:uuid/dashboard': "a team member's page",
  '/api/team-members/:uuid/prep': "a team member's 1:1 prep",
  '/api/assigned-to-me': "'Assigned to me'",
}

export const OFFLINE_OVERLAID_READS = Object.keys(READS) as OfflineOverlaidRead[]

// ---------------------------------------------------------------------------------------------
// What a write's declaration is given

/** The path parameters of a route pattern, by name: `/api/x/:kind/:id` → `{kind, id}`. */
export type RouteParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Record<Name, string> & RouteParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Record<Name, string>
    : Record<never, string>

/** A queued change, as its declaration sees it. */
export type QueuedChange<P extends string = string> = {
  method: OfflineMethod
  params: RouteParams<P>
  /** Its JSON body (none for a delete). */
  body: Record<string, unknown> | undefined
  /** A create: the row the outbox answered at once, with its temporary id. */
  created: Record<string, unknown> | undefined
  /** The id `id` has now: the server's once the create that gave it a temporary id was replayed. */
  realId: (id: number) => number
}

/** What is on screen, for a label or a create's answer. */
export type OnScreen = {
  /** The report open on screen. */
  report: Report | null
  /** The team member page open on screen. */
  member: Pick<TeamMemberDashboard, 'teamMember'> | null
  /** The content of the item or entry of id `id` the user can see (or a queued create's). */
  contentOf: (id: number) => string | null
}

/** What the outbox answers at once for a queued create (what the state modules apply). */
export type CreatedAnswer = {
  tempId: number
  userId: number
  /** ISO 8601: now. */
  now: string
}

/** How a write changes the answers of the overlaid reads it shows in (the others: unchanged). */
export type Overlays<P extends string> = {
  [R in OfflineOverlaidRead]?: (
    answer: OverlaidAnswers[R],
    change: QueuedChange<P>,
  ) => OverlaidAnswers[R]
}

export type OfflineWrite<P extends string = string> = {
  method: OfflineMethod
  /**
   * The route as the server declares it: `:name` is a path parameter; `:id` is an integer (a
   * negative one is the temporary id the outbox gave a row created offline).
   */
  path: P
  /** Parameters that take one of these values (each value is a route of its own on the server). */
  oneOf?: Readonly<Record<string, readonly string[]>>
  /** Queued only when the body has some of these fields and no other. */
  onlyFields?: readonly string[]
  /** What the change is called for people: 'Complete "Ship the deck"'. */
  label: (change: QueuedChange<P>, screen: OnScreen) => string
  /** A create: the row the outbox answers at once (and reads show until the replay). */
  created?: (
    change: QueuedChange<P>,
    screen: OnScreen,
    answer: CreatedAnswer,
  ) => Record<string, unknown>
  overlays: Overlays<P>
}

/** One declaration, with its path parameters typed from its route. */
function write<P extends string>(declaration: OfflineWrite<P>): OfflineWrite<P> {
  return declaration
}

// ---------------------------------------------------------------------------------------------
// What the declarations share

/** A team member's lists: the same routes for each kind. */
export const MEMBER_ENTRY_KINDS = ['talking-points', 'tasks', 'followups'] as const
type MemberEntryKind = (typeof MEMBER_ENTRY_KINDS)[number]

const KIND_NOUN: Record<MemberEntryKind, string> = {
  'talking-points': 'talking point',
  tasks: 'task',
  followups: 'follow-up',
}

/** The member page's list of each kind. */
const ENTRY_LISTS = {
  'talking-points': 'talkingPoints',
  tasks: 'standaloneTasks',
  followups: 'standaloneFollowups',
} as const satisfies Record<MemberEntryKind, keyof TeamMemberDashboard>

const nounOf = (kind: string) => KIND_NOUN[kind as MemberEntryKind]
const listOf = (kind: string) => ENTRY_LISTS[kind as MemberEntryKind]

function quote(text: unknown) {
  const s = typeof text === 'string' ? text.trim() : ''
  return s.length > 60 ? `"${s.slice(0, 57)}…"` : `"${s}"`
}

const addLabel = (noun: string) => (change: QueuedChange) =>
  `Add ${noun} ${quote(change.body?.content)}`

/** The label of an edit, completion or delete of the row `id` (an item, an entry). */
function rowLabel(noun: string, id: number, { method, body }: QueuedChange, screen: OnScreen) {
  const content = screen.contentOf(id)
  const what = content !== null ? quote(content) : `${noun} #${id}`
  if (method === 'DELETE') return `Delete ${content !== null ? `${noun} ${what}` : what}`
  if (body && typeof body.is_completed === 'boolean' && Object.keys(body).length === 1)
    return `${body.is_completed ? 'Complete' : 'Reopen'} ${what}`
  if (body && typeof body.content === 'string') return `Edit ${noun} ${quote(body.content)}`
  return `Edit ${content !== null ? `${noun} ${what}` : what}`
}

/** `list` with the change to the row `id` made: edited (PUT), removed (DELETE), or as it was. */
function patchList<T extends { id: number }>(list: T[], change: QueuedChange, id: number): T[] {
  if (!Array.isArray(list)) return list
  const matches = (x: T) => x.id === id || x.id === change.realId(id)
  if (change.method === 'DELETE') return list.filter((x) => !matches(x))
  if (change.method === 'PUT') return list.map((x) => (matches(x) ? { ...x, ...change.body } : x))
  return list
}

/** `report` with a title or summary edit made when it is the report `uuid`. */
function patchReport<T extends Report>(report: T, change: QueuedChange, uuid: string): T {
  return report.uuid === uuid ? { ...report, ...change.body } : report
}

/** A report item's edit, completion or delete, wherever the item is listed. */
const itemOverlays: Overlays<'/api/section-items/:id'> = {
  '/api/reports/:uuid': (report, change) => ({
    ...report,
    sections: report.sections.map((s) => ({
      ...s,
      items: patchList(s.items, change, Number(change.params.id)),
    })),
  }),
  '/api/team-members/:uuid/dashboard': (member, change) => assignedPatched(member, change),
  '/api/team-members/:uuid/prep': (member, change) => assignedPatched(member, change),
  '/api/dashboard': (dashboard, change) => ({
    ...dashboard,
    activeTasks: patchList(dashboard.activeTasks, change, Number(change.params.id)),
    activeFollowups: patchList(dashboard.activeFollowups, change, Number(change.params.id)),
  }),
}

function assignedPatched<T extends TeamMemberDashboard | TeamMemberPrep>(
  member: T,
  change: QueuedChange<'/api/section-items/:id'>,
): T {
  const id = Number(change.params.id)
  return {
    ...member,
    assignedTasks: patchList(member.assignedTasks, change, id),
    assignedFollowups: patchList(member.assignedFollowups, change, id),
  }
}

/** A member entry created on the member page `uuid`, added to its list once. */
function entryAdded<T extends TeamMemberDashboard | TeamMemberPrep>(
  member: T,
  change: QueuedChange<'/api/team-members/:uuid/:kind'>,
): T {
  const created = change.created as MemberEntry | undefined
  if (!created || change.params.uuid !== member.teamMember.uuid) return member
  const key = listOf(change.params.kind)
  const list = member[key] ?? []
  if (list.some((e) => e.id === created.id)) return member
  return { ...member, [key]: [...list, created] }
}

function entryPatched<T extends TeamMemberDashboard | TeamMemberPrep>(
  member: T,
  change: QueuedChange<'/api/team-members/:kind/:id'>,
): T {
  const key = listOf(change.params.kind)
  return { ...member, [key]: patchList(member[key], change, Number(change.params.id)) }
}

const entryRow = write({
  method: 'PUT',
  path: '/api/team-members/:kind/:id',
  oneOf: { kind: MEMBER_ENTRY_KINDS },
  label: (change, screen) =>
    rowLabel(nounOf(change.params.kind), Number(change.params.id), change, screen),
  overlays: {
    '/api/team-members/:uuid/dashboard': entryPatched,
    '/api/team-members/:uuid/prep': entryPatched,
  },
})

const itemRow = write({
  method: 'PUT',
  path: '/api/section-items/:id',
  label: (change, screen) => rowLabel('item', Number(change.params.id), change, screen),
  overlays: itemOverlays,
})

/**
 * What of a new report item only the server decides: its place in the section and its age
 * (measured by the user's start day and today). A queued item goes without them until the sync,
 * and its row shows no ageing meanwhile.
 */
type DecidedByServer = 'sort_order' | 'open_weeks' | 'origin_week_start_date' | 'is_stalled'

// ---------------------------------------------------------------------------------------------
// The writes

const WRITES = [
  // section-items (contract/src/section-items.ts): a report's items created, edited, completed, deleted.
  write({
    method: 'POST',
    path: '/api/section-items',
    label: addLabel('item'),
    created: ({ body }, screen, { tempId, userId, now }) => {
      const type = screen.report?.sections?.find((s) => s.id === body?.section_id)?.section_type
      const itemType =
        (body?.item_type as SectionItem['item_type'] | undefined) ??
        (type === 'tasks' ? 'task' : type === 'followups' ? 'followup' : 'standard')
      return {
        id: tempId,
        section_id: Number(body?.section_id),
        user_id: userId,
        project_id: (body?.project_id as number | null | undefined) ?? null,
        content: typeof body?.content === 'string' ? body.content : '',
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
    },
    overlays: {
      '/api/reports/:uuid': (report, { created }) => {
        const item = created as SectionItem | undefined
        if (!item) return report
        return {
          ...report,
          sections: report.sections.map((s) =>
            s.id === item.section_id && !s.items.some((i) => i.id === item.id)
              ? { ...s, items: [...s.items, item] }
              : s,
          ),
        }
      },
    },
  }),
  itemRow,
  { ...itemRow, method: 'DELETE' },
  // team-members (contract/src/team-members.ts): a member's talking points, tasks and follow-ups.
  write({
    method: 'POST',
    path: '/api/team-members/:uuid/:kind',
    oneOf: { kind: MEMBER_ENTRY_KINDS },
    label: (change) => addLabel(nounOf(change.params.kind))(change),
    created: ({ body, params }, screen, { tempId, userId, now }) => {
      const member = screen.member?.teamMember
      return {
        id: tempId,
        team_member_id: member && member.uuid === params.uuid ? member.id : 0,
        user_id: userId,
        project_id: (body?.project_id as number | null | undefined) ?? null,
        content: typeof body?.content === 'string' ? body.content : '',
        is_completed: false,
        created_at: now,
        updated_at: now,
      } satisfies MemberEntry
    },
    overlays: {
      '/api/team-members/:uuid/dashboard': entryAdded,
      '/api/team-members/:uuid/prep': entryAdded,
    },
  }),
  entryRow,
  { ...entryRow, method: 'DELETE' },
  // reports (contract/src/reports.ts): a report's title and summary, never its Send.
  write({
    method: 'PUT',
    path: '/api/reports/:uuid',
    onlyFields: ['title', 'summary'],
    label: ({ params, body }, screen) => {
      const current = screen.report?.uuid === params.uuid ? screen.report : null
      const fields = Object.keys(body ?? {}).join(' and ')
      const name = current?.title || (current ? `Week of ${current.week_start_date}` : 'report')
      return `Edit ${fields} of ${quote(name)}`
    },
    overlays: {
      '/api/reports': (reports, change) =>
        reports.map((r) => patchReport(r, change, change.params.uuid)),
      '/api/reports/:uuid': (report, change) => patchReport(report, change, change.params.uuid),
      '/api/dashboard': (dashboard, change) => ({
        ...dashboard,
        currentWeekReport: dashboard.currentWeekReport
          ? patchReport(dashboard.currentWeekReport, change, change.params.uuid)
          : null,
        recentReports: (dashboard.recentReports ?? []).map((r) =>
          patchReport(r, change, change.params.uuid),
        ),
      }),
    },
  }),
  // team-roll-up (contract/src/team-roll-up.ts): completing or reopening an item assigned to me.
  write({
    method: 'PUT',
    path: '/api/assigned-to-me/:id',
    label: (change, screen) => rowLabel('item', Number(change.params.id), change, screen),
    overlays: {
      '/api/assigned-to-me': (list, change) =>
        Array.isArray(list.items)
          ? { ...list, items: patchList(list.items, change, Number(change.params.id)) }
          : list,
    },
  }),
  // metrics (contract/src/metrics.ts): this week's value of a metric on a report.
  write({
    method: 'PUT',
    path: '/api/reports/:uuid/metric-values/:metric_id',
    label: ({ params, body }, screen) => {
      const metric = screen.report?.metrics?.find((m) => m.id === Number(params.metric_id))
      const name = quote(metric?.name ?? 'metric')
      const value = body?.value
      return typeof value === 'number' ? `Set ${name} to ${value}` : `Clear ${name}`
    },
    overlays: {
      // This week's value (its trend and flag wait for the server).
      '/api/reports/:uuid': (report, { params, body }) => {
        if (params.uuid !== report.uuid) return report
        const id = Number(params.metric_id)
        const value = (body as { value?: number | null } | undefined)?.value ?? null
        return {
          ...report,
          metrics: report.metrics.map((m) => (m.id === id ? { ...m, value } : m)),
        }
      },
    },
  }),
]

/** A queueable write's route, as declared above. */
export type OfflineRoute = (typeof WRITES)[number]['path']

/** Every queueable write, as the outbox reads it (its functions take any route's parameters). */
export const OFFLINE_WRITES = WRITES as readonly OfflineWrite[]

// ---------------------------------------------------------------------------------------------
// Matching

export type OfflineMatch = {
  write: OfflineWrite
  params: Record<string, string>
}

/**
 * The offline write a request is, with its path parameters, or undefined when it must go to the
 * server now. `body` is the request's JSON body (for `onlyFields`).
 */
export function findOfflineWrite(
  method: string,
  path: string,
  body?: unknown,
): OfflineMatch | undefined {
  for (const write of OFFLINE_WRITES) {
    if (write.method !== method) continue
    const params = matchRoute(write.path, path)
    if (!params) continue
    const allowed = Object.entries(write.oneOf ?? {}).every(([name, values]) =>
      values.includes(params[name]),
    )
    if (!allowed) continue
    if (write.onlyFields) {
      const keys = body && typeof body === 'object' ? Object.keys(body) : []
      if (!keys.length || !keys.every((k) => write.onlyFields?.includes(k))) continue
    }
    return { write, params }
  }
}

/** The overlaid read `path` is (GET), or undefined when no queued write shows in its answer. */
export function findOverlaidRead(path: string): OfflineOverlaidRead | undefined {
  return OFFLINE_OVERLAID_READS.find((route) => matchRoute(route, path) !== undefined)
}
