import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useParams } from 'wouter'
import { loadProjectPage, useProjectPage } from '../state/projects'
import { ProjectView } from './views'

/** `/projects/:uuid`: the project's timeline of updates. */
function ProjectPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = useProjectPage()
  useEffect(() => {
    void loadProjectPage(uuid)
  }, [uuid])
  const project = page.project?.uuid === uuid ? page.project : null
  if (page.loading && !project) return <PageSkeleton />
  return <ProjectView project={project} updates={project ? page.updates : []} />
}

export default ProjectPage
