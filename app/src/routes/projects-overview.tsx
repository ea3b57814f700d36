import { PageSkeleton } from '@cadence/ui'
import { useEffect, useRef } from 'react'
import { useProjects } from '../state/cache'
import { setDialog } from '../state/dialogs'
import { loadPortfolio, useProjectAnalytics, useProjectPortfolio } from '../state/projects'
import { ProjectsOverviewView } from './views'

/** `/projects`: the active projects as a portfolio, worst health first. */
function ProjectsOverviewPage() {
  const portfolio = useProjectPortfolio()
  const analytics = useProjectAnalytics()
  // Asked on opening, and again whenever the projects change (added, renamed, archived from
  // anywhere); not when the list first arrives (the shell's load on start), which changes nothing.
  const projects = useProjects().data
  const known = useRef<typeof projects | undefined>(undefined)
  useEffect(() => {
    const opening = known.current === undefined
    const changed = known.current != null
    known.current = projects
    if (opening || changed) void loadPortfolio()
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
