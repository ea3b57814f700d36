import { PageSkeleton, type ProjectHealthWeek } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useParams } from 'wouter'
import { loadProjectChanges, useProjectChanges } from '../state/changes'
import { loadProjectPage, useProjectPage } from '../state/projects'
import { loadProjectHealth } from '../state/sharing'
import { ProjectView } from './views'

/** `/projects/:uuid`: the project's timeline of updates. */
function ProjectPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = useProjectPage()
  const changes = useProjectChanges(uuid)
  const [health, setHealth] = useState<{ uuid: string; weeks: ProjectHealthWeek[] } | null>(null)
  useEffect(() => {
    void loadProjectPage(uuid)
    loadProjectChanges(uuid).catch((error) => console.error(error))
    loadProjectHealth(uuid)
      .then((weeks) => setHealth({ uuid, weeks }))
      .catch((error) => console.error(error))
  }, [uuid])
  const project = page.project?.uuid === uuid ? page.project : null
  if (page.loading && !project) return <PageSkeleton />
  return (
    <ProjectView
      project={project}
      updates={project ? page.updates : []}
      weekChanges={project ? (changes.data ?? undefined) : undefined}
      health={project && health?.uuid === uuid ? health.weeks : undefined}
    />
  )
}

export default ProjectPage
