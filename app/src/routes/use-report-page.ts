import { formatWeekRange } from '@cadence/ui'
import { useEffect } from 'react'
import { cache, useProjects, useSettings, useTeamMembers } from '../state/cache'
import { loadReportOnOpen, type ReportState, useReport, useReportShell } from '../state/reports'

/**
 * What the report editor and its draft share: the report of the URL (null until it is the one
 * loaded), loading (also before its load starts), projects, team members and the week range in
 * the user's start and end day.
 */
export function useReportPage(uuid: string) {
  return useReportPageOf(uuid, useReport())
}

/**
 * useReportPage for the editor: its report is an untracked snapshot and the page does not
 * re-render for item changes; its sections follow themselves (useReportSection).
 */
export function useReportEditorPage(uuid: string) {
  return useReportPageOf(uuid, useReportShell())
}

function useReportPageOf(
  uuid: string,
  { current, loading, key }: Pick<ReportState, 'current' | 'loading' | 'key'>,
) {
  const projects = useProjects()
  const members = useTeamMembers()
  const settings = useSettings()
  useEffect(() => {
    void loadReportOnOpen(uuid)
    cache.projects.load().catch(() => {})
    cache.teamMembers.load().catch(() => {})
  }, [uuid])
  const report = current?.uuid === uuid ? current : null
  const weekRange = report
    ? formatWeekRange(
        report.week_start_date,
        settings.data?.weekly_start_day ?? 'monday',
        settings.data?.weekly_end_day ?? 'friday',
      )
    : ''
  // Until a load of this uuid has started (the first paint, before the effect) it is loading, not
  // 'Report not found'; after the server's answer (a 404 included) it is what the answer said.
  return {
    report,
    loading: loading || key !== uuid,
    projects: projects.data ?? [],
    members: members.data ?? [],
    weekRange,
  }
}
