import { paths } from '@cadence/core/paths'
import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { Redirect } from 'wouter'
import { cache, useDashboard, useReports, useSettings } from '../state/cache'
import { setDialog } from '../state/dialogs'
import { findCurrentWeekReport } from '../state/weeks'
import { ReportsOverviewView } from './views'

/** `/reports`: the current-week report when one exists, else 'No Current Week Report'. */
function ReportsOverviewPage() {
  const reports = useReports()
  const dashboard = useDashboard()
  const settings = useSettings()
  useEffect(() => {
    cache.reports.load().catch((error) => console.error(error))
    cache.dashboard.load().catch((error) => console.error(error))
  }, [])
  const startDay = settings.data?.weekly_start_day ?? 'monday'
  const current =
    dashboard.data?.currentWeekReport ??
    (reports.data ? findCurrentWeekReport(reports.data, new Date(), startDay) : null)
  if (current) return <Redirect to={paths.report(current.uuid)} replace />
  if ((!reports.data && !reports.error) || (!dashboard.data && !dashboard.error)) {
    return <PageSkeleton />
  }
  return (
    <ReportsOverviewView
      recentReports={dashboard.data?.recentReports ?? reports.data?.slice(0, 5) ?? []}
      onCreateReport={() => setDialog('createReport', true)}
    />
  )
}

export default ReportsOverviewPage
