import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useParams } from 'wouter'
import { loadProjectChanges, useProjectChanges } from '../state/changes'
import { loadProjectHealth, useProjectHealth } from '../state/project-health'
import { loadProjectPage, useProjectPage } from '../state/projects'
import { ProjectView } from './views'

/** `/projects/:uuid`: the project's timeline of updates. */
function ProjectPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = useProjectPage(uuid)
  const changes = useProjectChanges(uuid)
  const health = useProjectHealth(uuid)
  useEffect(() => {
    void loadProjectPage(uuid)
    loadProjectChanges(uuid).catch((error) => console.error(error))
    loadProjectHealth(uuid).catch((error) => console.error(error))
  }, [uuid])
  const { project } = page
  if (page.loading) return <PageSkeleton />
  return (
    <ProjectView
      project={project}
      updates={page.updates}
      weekChanges={project ? (changes.data ?? undefined) : undefined}
      health={project ? (health ?? undefined) : undefined}
    />
  )
}

export default ProjectPage
