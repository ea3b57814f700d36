import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { cache, useProjects } from '../state/cache'
import { loadAnalytics, useProjectAnalytics } from '../state/projects'
import { ProjectsOverviewView } from './views'

const NO_ANALYTICS = {
  total_active_projects: 0,
  total_recent_activity: 0,
  total_tasks_last_30_days: 0,
}

/** `/projects`: stat cards and the active projects. */
function ProjectsOverviewPage() {
  const projects = useProjects()
  const analytics = useProjectAnalytics()
  useEffect(() => {
    cache.projects.load().catch(() => {})
    void loadAnalytics()
  }, [])
  if (!projects.data && !projects.error) return <PageSkeleton />
  return (
    <ProjectsOverviewView
      projects={(projects.data ?? []).filter((p) => p.status === 'active')}
      analytics={analytics ?? NO_ANALYTICS}
    />
  )
}

export default ProjectsOverviewPage
