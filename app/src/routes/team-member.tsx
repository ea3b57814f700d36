import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useParams } from 'wouter'
import { cache, useProjects } from '../state/cache'
import { addEntry, deleteEntry, loadTeamMember, toggleEntry, useTeamMember } from '../state/team'
import { TeamMemberView } from './views'

/** `/team-members/:uuid`: talking points, tasks and follow-ups for one person. */
function TeamMemberPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = useTeamMember()
  const projects = useProjects()
  useEffect(() => {
    void loadTeamMember(uuid)
    cache.projects.load().catch(() => {})
  }, [uuid])
  const dashboard = page.dashboard?.teamMember.uuid === uuid ? page.dashboard : null
  if (page.loading && !dashboard) return <PageSkeleton />
  return (
    <TeamMemberView
      data={dashboard}
      projects={projects.data ?? []}
      onAdd={(kind, content, projectId) => void addEntry(kind, content, projectId)}
      onToggle={(kind, entry, completed) => void toggleEntry(kind, entry.id, completed)}
      onDelete={(kind, entry) => void deleteEntry(kind, entry.id)}
      prepareOneOnOneHref={`/team-members/${uuid}/prep`}
    />
  )
}

export default TeamMemberPage
