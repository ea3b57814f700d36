import type { ProjectWeekChanges, ReportChanges } from '@cadence/ui'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { createResource, type Resource, useResource } from './resource'

// 'What changed' (docs/week-over-week.md): the 'Since last week' summary of each report and the
// per-week counts of each project, one cached resource per uuid, refetched after item changes.

const reportChanges = new Map<string, Resource<ReportChanges>>()
const projectChanges = new Map<string, Resource<ProjectWeekChanges[]>>()

function reportChangesResource(uuid: string): Resource<ReportChanges> {
  let resource = reportChanges.get(uuid)
  if (!resource) {
    resource = createResource<ReportChanges>(() => call(api.api.reports({ uuid }).changes.get()))
    reportChanges.set(uuid, resource)
  }
  return resource
}

function projectChangesResource(uuid: string): Resource<ProjectWeekChanges[]> {
  let resource = projectChanges.get(uuid)
  if (!resource) {
    resource = createResource<ProjectWeekChanges[]>(async () => {
      const body = await call(api.api.projects({ uuid }).changes.get())
      return body.weeks
    })
    projectChanges.set(uuid, resource)
  }
  return resource
}

/** GET /api/reports/{uuid}/changes, cached; `force` refetches. */
function loadReportChanges(uuid: string, options?: { force?: boolean }) {
  return reportChangesResource(uuid).load(options)
}

/** GET /api/projects/{uuid}/changes (`weeks`, newest first), cached; `force` refetches. */
function loadProjectChanges(uuid: string, options?: { force?: boolean }) {
  return projectChangesResource(uuid).load(options)
}

/**
 * After an item changed (added, edited, completed, deleted): every report's summary and every
 * project's per-week counts are stale. The given report's summary, when it was loaded (it is on
 * screen), is refetched at once; the rest on their next load.
 */
function invalidateChanges(reportUuid?: string) {
  for (const resource of projectChanges.values()) resource.invalidate()
  for (const [uuid, resource] of reportChanges) {
    resource.invalidate()
    if (uuid === reportUuid && resource.state.data)
      resource.load({ force: true }).catch((error) => console.error(error))
  }
}

/** Sign-out: nothing of the previous user stays. */
function resetChanges() {
  for (const resource of reportChanges.values()) resource.reset()
  for (const resource of projectChanges.values()) resource.reset()
  reportChanges.clear()
  projectChanges.clear()
}
onCacheReset(resetChanges)

/** The report's changes (null until loaded). */
function useReportChanges(uuid: string) {
  return useResource(reportChangesResource(uuid))
}

function useProjectChanges(uuid: string) {
  return useResource(projectChangesResource(uuid))
}

export {
  invalidateChanges,
  loadProjectChanges,
  loadReportChanges,
  projectChangesResource,
  reportChangesResource,
  resetChanges,
  useProjectChanges,
  useReportChanges,
}
