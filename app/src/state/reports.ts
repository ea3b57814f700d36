import type {
  DashboardData,
  ImportStructure,
  ItemMove,
  ItemType,
  Report,
  ReportDetail,
  ReportSection,
  SectionItem,
  SectionTemplate,
} from '@cadence/ui'
import { useCallback, useSyncExternalStore } from 'react'
import { snapshot, subscribe, useSnapshot } from 'valtio'
import { ApiError, api, call, messageOf } from '../api/client'
import { setOutboxContext } from '../offline/context'
import { cache } from './cache'
import { invalidateChanges } from './changes'
import { createResource } from './resource'
import { toast } from './toasts'
import { toIsoDate } from './weeks'

type ReportPatch = Partial<
  Pick<Report, 'title' | 'summary' | 'summary_model' | 'is_submitted' | 'sent_date'>
>
type ItemPatch = Partial<
  Pick<
    SectionItem,
    | 'content'
    | 'project_id'
    | 'is_completed'
    | 'assigned_to_team_member_id'
    | 'is_ask'
    | 'include_in_brief'
  >
>
type NewItem = {
  section_id: number
  content: string
  project_id: number | null
  item_type?: ItemType
  assigned_to_team_member_id: number | null
}

const RECENT_LIMIT = 5

/** The report open on /reports/{uuid} (and its draft), with its sections and project health. */
const openReport = createResource((uuid: string) => call(api.api.reports({ uuid }).get()), {
  state: {
    /** The open report (the resource's data, under the name the pages and the outbox know). */
    get current(): ReportDetail | null {
      return this.data
    },
    set current(report: ReportDetail | null) {
      this.data = report
    },
  },
})

/** The open report's state: `current`, `loading`, and `error` when the last load failed. */
const reportState = openReport.state
type ReportState = typeof reportState

/** Opens (or reloads) a report; a failure is logged and left in `error` ('Report not found'). */
async function loadReport(uuid: string) {
  try {
    await openReport.load({ key: uuid, force: true })
  } catch (error) {
    console.error(error)
  }
}

/** The report loaded with its page's chunk (loadReportAhead), until that page's first open. */
let loadedAhead: string | null = null

/**
 * loadReport before the page renders (routes/signed-in.tsx, with the page's chunk; the answer is
 * usually in already, asked for by src/early-user.js): the page's first render shows the report,
 * not a skeleton first, and its first open does not ask again (loadReportOnOpen).
 */
async function loadReportAhead(uuid: string) {
  loadedAhead = uuid
  await loadReport(uuid)
  if (!(reportState.key === uuid && reportState.loaded)) loadedAhead = null
}

/** loadReport for a page opening `uuid`: once without a request when it was just loaded ahead. */
function loadReportOnOpen(uuid: string) {
  if (loadedAhead === uuid) {
    loadedAhead = null
    return Promise.resolve()
  }
  return loadReport(uuid)
}

// The offline outbox names changes by the open report's items, and reloads it after a sync.
setOutboxContext({ openReport: () => reportState.current, reloadReport: loadReport })

/** Keeps a report's summary fields in the cached lists in step with the open report. */
function syncLists(report: Report) {
  const summary = (r: Report) => (r.uuid === report.uuid ? { ...r, ...pickSummary(report) } : r)
  cache.reports.mutate((list) => list?.map(summary) ?? list)
  cache.dashboard.mutate((d) =>
    d
      ? {
          ...d,
          currentWeekReport: d.currentWeekReport ? summary(d.currentWeekReport) : null,
          recentReports: d.recentReports.map(summary),
        }
      : d,
  )
}

function pickSummary(r: Report) {
  return {
    title: r.title,
    summary: r.summary,
    is_submitted: r.is_submitted,
    sent_date: r.sent_date,
  }
}

/**
 * Optimistic edit of the open report: only fields that differ are applied and sent; on failure
 * exactly those fields are restored and the error is rethrown.
 */
async function updateReport(patch: ReportPatch): Promise<void> {
  const report = reportState.current
  if (!report) return
  const changed: ReportPatch = {}
  const previous: ReportPatch = {}
  for (const key of Object.keys(patch) as (keyof ReportPatch)[]) {
    if (patch[key] !== undefined && patch[key] !== report[key]) {
      Object.assign(changed, { [key]: patch[key] })
      Object.assign(previous, { [key]: report[key] })
    }
  }
  // Issue 47: the model goes with the summary it drafted; a summary sent without one was typed
  // (the server then clears it).
  const model = patch.summary_model ?? null
  if ('summary' in changed || 'summary_model' in changed) {
    Object.assign(previous, { summary: report.summary, summary_model: report.summary_model })
    changed.summary = patch.summary ?? report.summary
    if (model) changed.summary_model = model
    else delete changed.summary_model
  }
  if (Object.keys(changed).length === 0) return
  Object.assign(report, changed)
  if ('summary' in changed) report.summary_model = model
  try {
    await call(api.api.reports({ uuid: report.uuid }).put(changed))
    syncLists(reportState.current ?? report)
  } catch (error) {
    if (reportState.current?.uuid === report.uuid) Object.assign(reportState.current, previous)
    throw error
  }
}

/**
 * A report with no sections gets the three usual ones (saved as templates when there are none):
 * POST /api/reports/{uuid}/starter-sections answers the report, shown at once; one toast.
 */
async function addStarterSections(uuid: string): Promise<boolean> {
  try {
    const report = await call(api.api.reports({ uuid })['starter-sections'].post())
    if (reportState.current?.uuid === uuid) reportState.current = report
    cache.sectionTemplates.invalidate()
    toast.success('Sections added: Highlights, Action Items and Follow-ups')
    return true
  } catch (error) {
    console.error(error)
    toast.error(`Could not add the sections: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

/** Draft ↔ Sent. Send uses today; Mark as Sent a chosen date; back to Draft clears the date. */
async function setReportStatus(status: 'draft' | 'sent', sentDate?: string): Promise<boolean> {
  const patch: ReportPatch =
    status === 'sent'
      ? { is_submitted: true, sent_date: sentDate || toIsoDate(new Date()) }
      : { is_submitted: false, sent_date: null }
  try {
    await updateReport(patch)
    cache.dashboard.invalidate()
    await cache.reports.load({ force: true }).catch(() => {})
    return true
  } catch (error) {
    // A report status update failure is only logged.
    console.error(error)
    return false
  }
}

const markAsSent = (date: string) => setReportStatus('sent', date)
const markAsDraft = () => setReportStatus('draft')

/**
 * POST /api/reports. The new report becomes the current-week report and heads the recent list
 * (at most 5). A 409 for an existing week opens that report instead. Resolves the uuid to open.
 */
async function createReport(input: {
  week_start_date: string
  title?: string
  summary?: string
  /** Carry the previous report's open tasks and follow-ups (the server defaults to the setting). */
  carry_over?: boolean
  /** The one toast of a report made (the tour says 'Your first report created!'). */
  createdMessage?: string
}): Promise<{ uuid: string; existed: boolean; carried: number }> {
  const body = {
    week_start_date: input.week_start_date,
    ...(input.title?.trim() ? { title: input.title.trim() } : {}),
    ...(input.summary?.trim() ? { summary: input.summary.trim() } : {}),
    ...(typeof input.carry_over === 'boolean' ? { carry_over: input.carry_over } : {}),
  }
  try {
    const { carried_count: carried, ...report } = await call(api.api.reports.post(body))
    cache.dashboard.mutate((d: DashboardData | null) =>
      d
        ? {
            ...d,
            currentWeekReport: report,
            recentReports: [report, ...d.recentReports.filter((r) => r.uuid !== report.uuid)].slice(
              0,
              RECENT_LIMIT,
            ),
          }
        : d,
    )
    cache.reports.mutate((list) =>
      list ? [report, ...list.filter((r) => r.uuid !== report.uuid)] : list,
    )
    cache.reports.invalidate()
    toast.success(input.createdMessage ?? 'Weekly report created successfully!')
    if (carried > 0) {
      // Carried items are open items of the dashboard lists now (the newest copy of each chain).
      cache.dashboard.invalidate()
      invalidateChanges()
      toast.info(`Carried ${carried} open ${carried === 1 ? 'item' : 'items'} from last week`)
    }
    return { uuid: report.uuid, existed: false, carried }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const uuid = existingUuid(error, input.week_start_date)
      if (uuid) {
        toast.info('A report already exists for this week. Opening it now...')
        return { uuid, existed: true, carried: 0 }
      }
    }
    toast.error(`Failed to create report: ${messageOf(error, 'Unknown error')}`)
    throw error
  }
}

function existingUuid(error: ApiError, weekStart: string): string | null {
  const body = error.body as { uuid?: unknown } | null
  if (body && typeof body.uuid === 'string') return body.uuid
  const match = cache.reports.state.data?.find((r) => r.week_start_date === weekStart)
  return match?.uuid ?? null
}

/** Deletes a report: clears the current-week slot, drops it from the recent list, invalidates. */
async function deleteReport(uuid: string): Promise<boolean> {
  try {
    await call(api.api.reports({ uuid }).delete())
  } catch (error) {
    toast.error(`Failed to delete report: ${messageOf(error, 'Unknown error occurred')}`)
    return false
  }
  cache.dashboard.mutate((d) =>
    d
      ? {
          ...d,
          currentWeekReport: d.currentWeekReport?.uuid === uuid ? null : d.currentWeekReport,
          recentReports: d.recentReports.filter((r) => r.uuid !== uuid),
        }
      : d,
  )
  cache.dashboard.invalidate()
  cache.reports.mutate((list) => list?.filter((r) => r.uuid !== uuid) ?? list)
  if (reportState.current?.uuid === uuid) reportState.current = null
  toast.success('Report and all related content deleted successfully')
  return true
}

function findItem(id: number): { item: SectionItem; items: SectionItem[] } | null {
  for (const section of reportState.current?.sections ?? []) {
    const item = section.items.find((i) => i.id === id)
    if (item) return { item, items: section.items }
  }
  return null
}

/** PUT /api/report-sections/{id} {content}, optimistically. */
async function updateSectionContent(sectionId: number, content: string) {
  const section = reportState.current?.sections?.find((s) => s.id === sectionId)
  if (!section || section.content === content) return
  const previous = section.content
  section.content = content
  try {
    await call(api.api['report-sections']({ id: sectionId }).put({ content }))
  } catch (error) {
    section.content = previous
    toast.error('Failed to update section')
    throw error
  }
}

async function addItem(input: NewItem): Promise<SectionItem | null> {
  if (!input.content.trim()) return null
  const created = await call(
    api.api['section-items'].post({ ...input, content: input.content.trim() }),
  )
  const section = reportState.current?.sections?.find((s) => s.id === input.section_id)
  section?.items.push(created)
  if (created.item_type !== 'standard') cache.dashboard.invalidate()
  invalidateChanges(reportState.current?.uuid)
  return created
}

/**
 * Resolves in a later task: a write started from a click goes out after the click's own task, so
 * the optimistic change is not held behind the outbox's IndexedDB work and the request.
 */
const afterThisTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Optimistic item edit sending only the changed fields; restores them on failure. */
async function updateItem(id: number, patch: ItemPatch): Promise<void> {
  const found = findItem(id)
  const changed: ItemPatch = {}
  const previous: ItemPatch = {}
  for (const key of Object.keys(patch) as (keyof ItemPatch)[]) {
    if (patch[key] !== undefined && (!found || patch[key] !== found.item[key])) {
      Object.assign(changed, { [key]: patch[key] })
      if (found) Object.assign(previous, { [key]: found.item[key] })
    }
  }
  if (Object.keys(changed).length === 0) return
  if (found) Object.assign(found.item, changed)
  try {
    await afterThisTask()
    await call(api.api['section-items']({ id }).put(changed))
    if ('is_completed' in changed || 'assigned_to_team_member_id' in changed)
      cache.dashboard.invalidate()
    invalidateChanges(reportState.current?.uuid)
  } catch (error) {
    const again = findItem(id)
    if (again) Object.assign(again.item, previous)
    throw error
  }
}

async function toggleItem(id: number, completed: boolean) {
  const found = findItem(id)
  const isTaskLike = found?.item.item_type !== 'standard'
  try {
    await updateItem(id, { is_completed: completed })
    if (isTaskLike && completed)
      toast.success('Task completed', {
        label: 'Undo',
        run: () => void toggleItem(id, false),
      })
    else if (isTaskLike) toast.success('Task marked as pending')
  } catch {
    toast.error(isTaskLike ? 'Failed to update task' : 'Failed to update status')
  }
}

async function deleteItem(id: number): Promise<boolean> {
  try {
    await call(api.api['section-items']({ id }).delete())
  } catch {
    toast.error('Failed to delete item')
    return false
  }
  const found = findItem(id)
  if (found) found.items.splice(found.items.indexOf(found.item), 1)
  cache.dashboard.invalidate()
  invalidateChanges(reportState.current?.uuid)
  toast.success('Item deleted successfully')
  return true
}

/** POST /api/reports/import/preview: the parsed structure, nothing written. */
/**
 * Her order: the item moved at once in the open report, then PUT /api/section-items/{id}/position
 * (and PUT /api/section-items/{id} {project_id} when it lands in another project's group). On
 * failure the report's order is put back and a toast says so.
 */
async function moveItem(id: number, move: ItemMove): Promise<boolean> {
  const sections = reportState.current?.sections ?? []
  const from = sections.find((s) => s.items.some((i) => i.id === id))
  const to = sections.find((s) => s.id === move.section_id)
  if (!from || !to) return false
  const fromIndex = from.items.findIndex((i) => i.id === id)
  const [item] = from.items.splice(fromIndex, 1)
  const previous = { section_id: item.section_id, project_id: item.project_id }
  const projectChanges = move.project_id !== undefined && move.project_id !== item.project_id
  item.section_id = move.section_id
  if (projectChanges) item.project_id = move.project_id ?? null
  const at = move.before_id === null ? -1 : to.items.findIndex((i) => i.id === move.before_id)
  if (at < 0) to.items.push(item)
  else to.items.splice(at, 0, item)
  try {
    await afterThisTask()
    const placed = await call(
      api.api['section-items']({ id }).position.put({
        section_id: move.section_id,
        before_id: move.before_id,
      }),
    )
    item.sort_order = placed.sort_order
    if (projectChanges)
      await call(api.api['section-items']({ id }).put({ project_id: move.project_id ?? null }))
    invalidateChanges(reportState.current?.uuid)
    return true
  } catch (error) {
    console.error(error)
    // Put the item back where it was (a reload would show the server's order anyway).
    const now = reportState.current?.sections?.find((s) => s.items.some((i) => i.id === id))
    const moved = now?.items.find((i) => i.id === id)
    if (now && moved) {
      now.items.splice(now.items.indexOf(moved), 1)
      Object.assign(moved, previous)
      const back = reportState.current?.sections?.find((s) => s.id === previous.section_id)
      back?.items.splice(Math.min(fromIndex, back.items.length), 0, moved)
    }
    toast.error('Failed to move item')
    return false
  }
}

/**
 * The report's sections in Settings' order: those made from a section template by the
 * template's place, then the others in their own order. Null when already so.
 */
function sectionsInSettingsOrder(
  sections: readonly { id: number; section_template_id: number | null }[],
  templates: readonly Pick<SectionTemplate, 'id'>[],
): number[] | null {
  const place = new Map(templates.map((t, index) => [t.id, index]))
  const key = (s: { section_template_id: number | null }) =>
    s.section_template_id === null
      ? Number.POSITIVE_INFINITY
      : (place.get(s.section_template_id) ?? Number.POSITIVE_INFINITY)
  const sorted = [...sections].sort((a, b) => key(a) - key(b))
  return sorted.every((s, i) => s.id === sections[i].id) ? null : sorted.map((s) => s.id)
}

/** 'Apply to this report': PUT /api/reports/{uuid}/sections/order at once, put back on failure. */
async function applySectionOrder(uuid: string, sectionIds: readonly number[]): Promise<boolean> {
  const report = reportState.current
  if (!report || report.uuid !== uuid || !report.sections) return false
  const previous = [...report.sections]
  const byId = new Map(previous.map((s) => [s.id, s]))
  report.sections = sectionIds.map((id) => byId.get(id)!).filter(Boolean)
  try {
    await call(api.api.reports({ uuid }).sections.order.put({ section_ids: [...sectionIds] }))
    invalidateChanges(uuid)
    toast.success('Sections reordered successfully')
    return true
  } catch (error) {
    console.error(error)
    if (reportState.current?.uuid === uuid) reportState.current.sections = previous
    toast.error('Failed to reorder sections')
    return false
  }
}

async function previewImport(text: string): Promise<ImportStructure> {
  if (!text.trim()) throw new Error('Please paste report content to preview')
  try {
    return await call(api.api.reports.import.preview.post({ text }))
  } catch (error) {
    toast.error('Failed to parse report content')
    throw error
  }
}

/** The toast with the counts of an import result. */
function importedMessage(items: number, projects: number): string {
  const base = `Imported ${items} items from report`
  return projects > 0 ? `${base} and created ${projects} new project(s)` : base
}

/** POST /api/reports/{uuid}/import, then reload the report; failures are logged and rethrown. */
async function importIntoReport(uuid: string, text: string): Promise<void> {
  try {
    const result = await call(api.api.reports({ uuid }).import.post({ text }))
    const items = result.importedItems
    const projects = result.createdProjects
    toast.success('Report imported successfully!')
    toast.success(importedMessage(items, projects))
    // Imported items may name projects created just now: fetch them with the report, so
    // those items show under their project at once instead of after the cache expires.
    const newProjects =
      projects > 0 ? cache.projects.load({ force: true }).catch(() => {}) : Promise.resolve()
    cache.dashboard.invalidate()
    invalidateChanges(uuid)
    await Promise.all([loadReport(uuid), newProjects])
  } catch (error) {
    console.error(error)
    toast.error('Failed to import report')
    throw error
  }
}

function useReport() {
  return useSnapshot(reportState) as ReportState
}

/**
 * The open report for the editor page, subscribed to coarsely: the page re-renders when the
 * report's own fields, its list of sections, `loading` or `key` change, not when an item changes (the
 * report it returns is an untracked snapshot; each section follows itself with useReportSection).
 */
function useReportShell(): Pick<ReportState, 'current' | 'loading' | 'key'> {
  const snap = useSnapshot(reportState) as ReportState
  const tracked = snap.current
  if (tracked) {
    // Reading a field through the tracked snapshot subscribes to it.
    for (const key of Object.keys(tracked) as (keyof ReportDetail)[]) {
      if (key !== 'sections') void tracked[key]
    }
    for (const section of tracked.sections ?? []) void section.id
  }
  return {
    current: snapshot(reportState).current as ReportDetail | null,
    loading: snap.loading,
    key: snap.key,
  }
}

/**
 * One section of the open report (by id), re-rendering only when that section changed: valtio
 * keeps the snapshot of an unchanged section (and of each unchanged item) the same object, so a
 * toggle compares one reference per card instead of every field each card read, and the card
 * gets a plain frozen snapshot, not a tracking proxy.
 * Notified synchronously: an item toggled in a click handler re-renders the section in the same
 * render as the card's own state (its completion animation), one commit instead of two.
 */
function useReportSection(id: number): ReportSection | null {
  const read = useCallback(
    () =>
      (snapshot(reportState).current?.sections?.find((s) => s.id === id) ??
        null) as ReportSection | null,
    [id],
  )
  return useSyncExternalStore(subscribeSync, read, read)
}

const subscribeSync = (onChange: () => void) => subscribe(reportState, onChange, true)

export type { ItemPatch, NewItem, ReportPatch, ReportState }
export {
  addItem,
  addStarterSections,
  applySectionOrder,
  createReport,
  deleteItem,
  deleteReport,
  importedMessage,
  importIntoReport,
  loadReport,
  loadReportAhead,
  loadReportOnOpen,
  markAsDraft,
  markAsSent,
  moveItem,
  previewImport,
  RECENT_LIMIT,
  reportState,
  sectionsInSettingsOrder,
  setReportStatus,
  toggleItem,
  updateItem,
  updateReport,
  updateSectionContent,
  useReport,
  useReportSection,
  useReportShell,
}
