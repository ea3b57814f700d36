import type { Project } from '@cadence/ui'
import { api, call, messageOf } from '../api/client'
import { cache, onCacheReset } from './cache'
import { createResource, useResource, useResourceFor } from './resource'
import { toast } from './toasts'

type ProjectStatus = Project['status']

/** The updates (timeline) of the project open on /projects/{uuid}. */
const projectUpdates = createResource((uuid: string) =>
  call(api.api.projects({ uuid }).updates.get()),
)

/** /projects as a portfolio: each active project's health, trend, owner and last update. */
const projectPortfolio = createResource(() => call(api.api.projects.portfolio.get()))

/** The overview's activity cards (30-day totals), shown after the portfolio. */
const projectAnalytics = createResource(() => call(api.api.projects.analytics.get()))

/** The project page: the project from the cached list, then its updates. */
async function loadProjectPage(uuid: string) {
  try {
    const list = await cache.projects.load()
    if (list.some((p) => p.uuid === uuid)) await projectUpdates.load({ key: uuid, force: true })
  } catch (error) {
    console.error(error)
  }
}

onCacheReset(() => {
  projectUpdates.reset()
  projectPortfolio.reset()
  projectAnalytics.reset()
})

async function loadPortfolio() {
  await Promise.all([
    projectPortfolio.reload().catch((error) => console.error(error)),
    projectAnalytics.reload().catch((error) => console.error(error)),
  ])
}

async function addProject(name: string): Promise<Project | null> {
  const trimmed = name.trim()
  if (!trimmed) return null
  try {
    // The answer is the project's columns; a new project has no references yet.
    const project = await call(api.api.projects.post({ name: trimmed }))
    const full: Project = {
      total_references: 0,
      task_count: 0,
      followup_count: 0,
      reports_count: 0,
      ...project,
    }
    cache.projects.mutate((list) => [...(list ?? []), full])
    toast.success(`Project "${full.name}" added successfully!`)
    return full
  } catch (error) {
    toast.error(`Failed to add project: ${messageOf(error, 'Unknown error')}`)
    return null
  }
}

/** PUT carrying only the status; the cache changes at once and is restored on failure. */
async function putStatus(uuids: readonly string[], status: ProjectStatus) {
  const previous = cache.projects.mutate(
    (list) => list?.map((p) => (uuids.includes(p.uuid) ? { ...p, status } : p)) ?? list,
  )
  const results = await Promise.allSettled(
    uuids.map((uuid) => call(api.api.projects({ uuid }).put({ status }))),
  )
  const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[]
  if (failed.length > 0) {
    cache.projects.mutate(() => previous)
    cache.projects.invalidate()
    throw failed[0].reason
  }
  cache.dashboard.invalidate()
}

async function setProjectStatus(uuid: string, status: ProjectStatus): Promise<boolean> {
  try {
    await putStatus([uuid], status)
    return true
  } catch (error) {
    const verb = status === 'archived' ? 'archive' : 'reactivate'
    toast.error(`Failed to ${verb} project: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

async function setProjectsStatus(uuids: readonly string[], status: ProjectStatus) {
  if (uuids.length === 0) return false
  try {
    await putStatus(uuids, status)
    toast.success(`${status === 'archived' ? 'Archived' : 'Activated'} ${uuids.length} project(s)`)
    return true
  } catch {
    toast.error(
      status === 'archived' ? 'Failed to archive projects' : 'Failed to activate projects',
    )
    return false
  }
}

async function renameProject(uuid: string, name: string): Promise<boolean> {
  const trimmed = name.trim()
  const current = cache.projects.state.data?.find((p) => p.uuid === uuid)
  if (!trimmed || trimmed === current?.name) return false
  const previous = cache.projects.mutate(
    (list) => list?.map((p) => (p.uuid === uuid ? { ...p, name: trimmed } : p)) ?? list,
  )
  try {
    await call(api.api.projects({ uuid }).put({ name: trimmed }))
    return true
  } catch (error) {
    cache.projects.mutate(() => previous)
    toast.error(`Failed to update project name: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

/**
 * Settings › Projects: a project's owner (a team member's id; null: none, and the portfolio shows
 * its first assignee). The list changes at once and goes back if the server refuses.
 */
async function setProjectOwner(uuid: string, ownerMemberId: number | null): Promise<boolean> {
  const previous = cache.projects.mutate(
    (list) =>
      list?.map((p) => (p.uuid === uuid ? { ...p, owner_member_id: ownerMemberId } : p)) ?? list,
  )
  try {
    await call(api.api.projects({ uuid }).put({ owner_member_id: ownerMemberId }))
    projectPortfolio.invalidate()
    return true
  } catch (error) {
    cache.projects.mutate(() => previous)
    toast.error(`Failed to set the project's owner: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

/** Plain delete, or with a destination for its references (null = General). */
async function deleteProject(uuid: string, moveTo?: number | null): Promise<boolean> {
  try {
    await call(
      api.api
        .projects({ uuid })
        .delete(moveTo === undefined ? undefined : { move_to_project_id: moveTo }),
    )
    cache.projects.mutate((list) => list?.filter((p) => p.uuid !== uuid) ?? list)
    cache.projects.invalidate()
    cache.dashboard.invalidate()
    return true
  } catch (error) {
    toast.error(`Failed to delete project: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

async function combineProjects(uuids: readonly string[], newName: string): Promise<boolean> {
  if (uuids.length < 2) {
    toast.error('Please select at least 2 projects to combine')
    return false
  }
  try {
    const result: { message?: string } = await call(
      api.api.projects.combine.post({ projectUuids: [...uuids], newProjectName: newName.trim() }),
    )
    await cache.projects.load({ force: true })
    cache.dashboard.invalidate()
    if (result?.message) toast.success(result.message)
    return true
  } catch (error) {
    toast.error(`Failed to combine projects: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

/**
 * The project page of `uuid`: the project (from the projects list), its updates, `loading` (until
 * both answered), and `notFound` once the list has no such project or a load failed.
 */
function useProjectPage(uuid: string) {
  const projects = useResource(cache.projects)
  const updates = useResourceFor(projectUpdates, uuid)
  const project = projects.data?.find((p) => p.uuid === uuid) ?? null
  const failed = (projects.error !== null && !projects.data) || updates.error !== null
  return {
    project: failed ? null : project,
    updates: project ? (updates.data ?? []) : [],
    // Loading until the project's updates answered: its timeline never shows empty meanwhile.
    loading:
      (projects.loading && !projects.data) ||
      (project !== null && !updates.loaded && updates.error === null),
    notFound: failed || (projects.loaded && project === null),
  }
}

const useProjectPortfolio = () => useResource(projectPortfolio)
const useProjectAnalytics = () => useResource(projectAnalytics).data

export {
  addProject,
  combineProjects,
  deleteProject,
  loadPortfolio,
  loadProjectPage,
  projectPortfolio,
  projectUpdates,
  renameProject,
  setProjectOwner,
  setProjectStatus,
  setProjectsStatus,
  useProjectAnalytics,
  useProjectPage,
  useProjectPortfolio,
}
