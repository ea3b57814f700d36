import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useProjects } from '../state/cache'
import { setDialog } from '../state/dialogs'
import { loadPortfolio, useProjectAnalytics, useProjectPortfolio } from '../state/projects'
import { ProjectsOverviewView } from './views'

/** `/projects`: the active projects as a portfolio, worst health first. */
function ProjectsOverviewPage() {
  const portfolio = useProjectPortfolio()
  const analytics = useProjectAnalytics()
  // Asked again whenever the projects change (added, renamed, archived from anywhere).
  const projects = useProjects().data
  useEffect(() => {
    void projects
    void loadPortfolio()
  }, [projects])
  if (!portfolio.data && !portfolio.error) return <PageSkeleton />
  return (
    <ProjectsOverviewView
      portfolio={portfolio.data ?? []}
      analytics={analytics ?? undefined}
      onAddProject={() => setDialog('addProject', true)}
    />
  )
}

export default ProjectsOverviewPage
