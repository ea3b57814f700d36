import { paths } from '@cadence/core/paths'
import { ListSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { cache, useTeamMembers } from '../state/cache'
import { setDialog } from '../state/dialogs'
import { TeamOverviewView } from './views'

/** `/team`: team cards and the member list. */
function TeamOverviewPage() {
  const members = useTeamMembers()
  useEffect(() => {
    cache.teamMembers.load({ force: true }).catch(() => {})
  }, [])
  if (!members.data && !members.error) return <ListSkeleton />
  return (
    <TeamOverviewView
      members={members.data ?? []}
      onAddMember={() => setDialog('addTeamMember', true)}
      teamUpdatesHref={paths.teamUpdates()}
    />
  )
}

export default TeamOverviewPage
