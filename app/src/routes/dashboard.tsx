import { PageSkeleton, type SectionItem } from '@cadence/ui'
import { useEffect } from 'react'
import { cache, useDashboard } from '../state/cache'
import { setDashboardItemCompleted, setDashboardSort, useDashboardSort } from '../state/dashboard'
import { setDialog } from '../state/dialogs'
import { DashboardView } from './views'

function DashboardPage() {
  const dashboard = useDashboard()
  const sort = useDashboardSort()
  useEffect(() => {
    cache.dashboard.load().catch((error) => console.error(error))
  }, [])
  if (!dashboard.data) return <PageSkeleton />
  return (
    <DashboardView
      data={dashboard.data}
      onToggleItem={(item: SectionItem, completed: boolean) =>
        setDashboardItemCompleted(item, completed).catch(() => {})
      }
      onCreateReport={() => setDialog('createReport', true)}
      sort={sort}
      onSortChange={setDashboardSort}
    />
  )
}

export default DashboardPage
