import { paths } from '@cadence/core/paths'
import { useEffect } from 'react'
import { useParams } from 'wouter'
import { cache, useProjects } from '../state/cache'
import { loadPrep, toggleTalkingPoint, usePrep } from '../state/prep'
import { PrepareOneOnOneView } from './views'

/** `/team-members/:uuid/prep`: the printable 'Prepare 1:1' page for one team member. */
function PrepPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = usePrep()
  const projects = useProjects()
  useEffect(() => {
    void loadPrep(uuid)
    cache.projects.load().catch(() => {})
  }, [uuid])
  const data = page.prep?.teamMember.uuid === uuid ? page.prep : null
  return (
    <PrepareOneOnOneView
      data={data}
      loading={page.loading && !data}
      projects={projects.data ?? []}
      backHref={paths.teamMember(uuid)}
      onPrint={() => window.print()}
      onToggleTalkingPoint={(entry, covered) => void toggleTalkingPoint(entry.id, covered)}
    />
  )
}

export default PrepPage
