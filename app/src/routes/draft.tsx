import { formatWeekRange, ReportSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useLocation, useParams } from 'wouter'
import { cache, useProjects, useSettings, useTeamMembers } from '../state/cache'
import { loadReport, useReport } from '../state/reports'
import { DraftView } from './views'

/** `/reports/:uuid/draft`: the printable preview. */
function DraftPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const [, navigate] = useLocation()
  const { current, loading } = useReport()
  const projects = useProjects()
  const members = useTeamMembers()
  const settings = useSettings()
  useEffect(() => {
    void loadReport(uuid)
    cache.projects.load().catch(() => {})
    cache.teamMembers.load().catch(() => {})
  }, [uuid])
  const report = current?.uuid === uuid ? current : null
  if (loading && !report) return <ReportSkeleton />
  return (
    <DraftView
      report={report}
      weekRange={
        report
          ? formatWeekRange(
              report.week_start_date,
              settings.data?.weekly_start_day ?? 'monday',
              settings.data?.weekly_end_day ?? 'friday',
            )
          : ''
      }
      projects={projects.data ?? []}
      members={members.data ?? []}
      onBack={() => navigate(report ? `/reports/${uuid}` : '/dashboard')}
      onPrint={() => window.print()}
    />
  )
}

export default DraftPage
