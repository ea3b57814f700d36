import { AssignedToMe, formatDate, PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { cache, useDashboard } from '../state/cache'
import { setDashboardItemCompleted, setDashboardSort, useDashboardSort } from '../state/dashboard'
import { setDialog } from '../state/dialogs'
import {
  loadAssigned,
  loadMyTeams,
  updateAssigned,
  useAssigned,
  useMyTeams,
} from '../state/team-roll-up'
import { DashboardView } from './views'

function DashboardPage() {
  const dashboard = useDashboard()
  const sort = useDashboardSort()
  const assigned = useAssigned()
  const teams = useMyTeams()
  useEffect(() => {
    cache.dashboard.load().catch((error) => console.error(error))
    void loadAssigned()
    void loadMyTeams()
  }, [])
  // `/#assigned-to-me` (a search result): brought into view once the list is there.
  const assignedShown = assigned.loaded && !!dashboard.data
  useEffect(() => {
    if (assignedShown && window.location.hash === '#assigned-to-me')
      document.getElementById('assigned-to-me')?.scrollIntoView({ block: 'start' })
  }, [assignedShown])
  if (!dashboard.data) return <PageSkeleton />
  // 'Assigned to me' shows for someone on a team (team roll-up), or with anything assigned.
  const showAssigned = assigned.items.length > 0 || teams.teams.length > 0
  return (
    <DashboardView
      assigned={
        showAssigned ? (
          <AssignedToMe
            items={assigned.items}
            onToggle={(id, done) => void updateAssigned(id, { is_completed: done })}
            onNote={(id, note) =>
              void updateAssigned(id, {
                is_completed: assigned.items.find((i) => i.id === id)?.is_completed ?? false,
                note: note || null,
              })
            }
            formatWeek={formatDate}
          />
        ) : null
      }
      data={dashboard.data}
      onToggleItem={(item, completed) => setDashboardItemCompleted(item, completed).catch(() => {})}
      onCreateReport={() => setDialog('createReport', true)}
      sort={sort}
      onSortChange={setDashboardSort}
    />
  )
}

export default DashboardPage
