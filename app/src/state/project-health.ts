import type { Health, ProjectHealthWeek } from '@cadence/ui'
import { snapshot } from 'valtio'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { reportState } from './reports'
import { createResource, useResourceFor } from './resource'

/**
 * Project health (server/src/modules/project-health, contract/src/project-health.ts): the open
 * report's health table, set by hand and refreshed after its items change, and a project's health
 * history on its page.
 */

/** Sets a project's health on the open report; the panel shows the server's answer. */
async function setProjectHealth(
  reportUuid: string,
  projectUuid: string,
  next: { health: Health; note: string | null },
) {
  const row = await call(
    api.api
      .reports({ uuid: reportUuid })
      ['project-health']({ project_uuid: projectUuid })
      .put({ health: next.health, note: next.note }),
  )
  const report = reportState.current
  if (report?.uuid !== reportUuid) return
  const rows = report.project_health
  report.project_health = rows.some((r) => r.project_uuid === projectUuid)
    ? rows.map((r) => (r.project_uuid === projectUuid ? row : r))
    : rows
}

/** The open report's project health alone, fetched again after its items change. */
const reportHealth = createResource(async (reportUuid: string) => {
  const report = await call(api.api.reports({ uuid: reportUuid }).get())
  return report.project_health
})

let healthTimer: ReturnType<typeof setTimeout> | undefined
/**
 * After an item is added, moved or completed, the table's projects and counts change: fetch the
 * report's health again (once for a burst of edits) and put the newest answer in the open report
 * (only its health: the rest of the report may hold edits not yet answered).
 */
function refreshProjectHealth(reportUuid: string, delayMs = 400) {
  clearTimeout(healthTimer)
  healthTimer = setTimeout(async () => {
    try {
      reportHealth.invalidate()
      await reportHealth.load({ key: reportUuid, force: true })
    } catch (error) {
      console.error(error)
      return
    }
    const newest = snapshot(reportHealth.state)
    const report = reportState.current
    if (report?.uuid === reportUuid && newest.key === reportUuid && newest.data)
      report.project_health = structuredClone(newest.data) as typeof report.project_health
  }, delayMs)
}

/** The project page's health history, by project uuid. */
const projectHealth = createResource(async (projectUuid: string) => {
  const data = await call(api.api.projects({ uuid: projectUuid }).health.get())
  return data.weeks
})

function loadProjectHealth(projectUuid: string): Promise<ProjectHealthWeek[]> {
  return projectHealth.load({ key: projectUuid, force: true })
}

const useProjectHealth = (projectUuid: string) => useResourceFor(projectHealth, projectUuid).data

onCacheReset(() => {
  reportHealth.reset()
  projectHealth.reset()
})

export { loadProjectHealth, refreshProjectHealth, setProjectHealth, useProjectHealth }
