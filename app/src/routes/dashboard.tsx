import { PageSkeleton } from '@cadence/ui'
import { lazy, Suspense, useEffect } from 'react'
import { loadAfterPaint } from '../state/after-paint'
import { cache, useDashboard } from '../state/cache'
import {
  dismissQuestion,
  incompleteDashboardLists,
  loadRestOfDashboardList,
  loadRestOfStalled,
  markAnswersSeen,
  setDashboardItemCompleted,
  setDashboardSort,
  stalledIncomplete,
  useDashboardSort,
} from '../state/dashboard'
import { setDialog } from '../state/dialogs'
import { loadAssigned, loadMyTeams, useAssigned, useMyTeams } from '../state/team-roll-up'
import { DashboardView } from './views'

// Shown for someone on a team or with anything assigned; loads with its first showing.
const AssignedToMeBlock = lazy(() => import('./assigned-to-me'))

function DashboardPage() {
  const dashboard = useDashboard()
  const sort = useDashboardSort()
  const assigned = useAssigned()
  const teams = useMyTeams()
  useEffect(() => {
    cache.dashboard.load().catch((error) => console.error(error))
    // Below the first screen: asked once it is painted, with the shell's data (one render).
    loadAfterPaint((batch) => {
      void loadAssigned(batch)
      void loadMyTeams(batch)
    })
  }, [])
  // The age sort covers the whole list: its rest loads behind the first paint (first 25 each).
  const data = dashboard.data
  useEffect(() => {
    if (!data || !navigator.onLine) return
    for (const kind of incompleteDashboardLists(data))
      void loadRestOfDashboardList(kind).catch(() => {})
    // 'Needs you' stalled: its rest, merged into its groups, behind the first paint too.
    if (stalledIncomplete(data)) void loadRestOfStalled().catch(() => {})
  }, [data])
  if (!dashboard.data) return <PageSkeleton />
  // 'Assigned to me' shows for someone on a team (team roll-up), or with anything assigned.
  const showAssigned = assigned.items.length > 0 || teams.teams.length > 0
  return (
    <DashboardView
      assigned={
        showAssigned ? (
          <Suspense fallback={null}>
            <AssignedToMeBlock />
          </Suspense>
        ) : null
      }
      data={dashboard.data}
      onToggleItem={(item, completed) => setDashboardItemCompleted(item, completed).catch(() => {})}
      onCreateReport={() => setDialog('createReport', true)}
      sort={sort}
      onSortChange={setDashboardSort}
      onAnswersSeen={(ids) => void markAnswersSeen(ids).catch(() => {})}
      onDismissQuestion={(id) => void dismissQuestion(id).catch(() => {})}
      onShowRest={(kind) => void loadRestOfDashboardList(kind).catch(() => {})}
    />
  )
}

export default DashboardPage
