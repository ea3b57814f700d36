import type { ProjectWeekChanges, ReportChanges } from '@cadence/ui'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { createResourceFamily, useResource } from './resource'

// 'What changed' (docs/week-over-week.md): the 'Since last week' summary of each report and the
// per-week counts of each project, one cached resource per uuid, refetched after item changes.

const reportChanges = createResourceFamily((uuid: string) =>
  call(api.api.reports({ uuid }).changes.get()),
)

const projectChanges = createResourceFamily(async (uuid: string) => {
  const body = await call(api.api.projects({ uuid }).changes.get())
  return body.weeks
})

const reportChangesResource = (uuid: string) => reportChanges.get(uuid)
const projectChangesResource = (uuid: string) => projectChanges.get(uuid)

/** GET /api/reports/{uuid}/changes, cached; `force` refetches. */
function loadReportChanges(uuid: string, options?: { force?: boolean }): Promise<ReportChanges> {
  return reportChanges.get(uuid).load(options)
}

/** GET /api/projects/{uuid}/changes (`weeks`, newest first), cached; `force` refetches. */
function loadProjectChanges(
  uuid: string,
  options?: { force?: boolean },
): Promise<ProjectWeekChanges[]> {
  return projectChanges.get(uuid).load(options)
}

/**
 * After an item changed (added, edited, completed, deleted): every report's summary and every
 * project's per-week counts are stale. The given report's summary, when it was loaded (it is on
 * screen), is refetched at once; the rest on their next load.
 */
function invalidateChanges(reportUuid?: string) {
  for (const [, resource] of projectChanges.entries()) resource.invalidate()
  for (const [uuid, resource] of reportChanges.entries()) {
    resource.invalidate()
    if (uuid === reportUuid && resource.state.data)
      resource.reload().catch((error) => console.error(error))
  }
}

/** Sign-out: nothing of the previous user stays. */
function resetChanges() {
  reportChanges.reset()
  projectChanges.reset()
}
onCacheReset(resetChanges)

/** The report's changes (null until loaded). */
function useReportChanges(uuid: string) {
  return useResource(reportChanges.get(uuid))
}

function useProjectChanges(uuid: string) {
  return useResource(projectChanges.get(uuid))
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
