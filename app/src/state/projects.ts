import type { Project, ProjectAnalytics, ProjectUpdate } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call, messageOf } from '../api/client'
import { cache } from './cache'
import { toast } from './toasts'

type ProjectStatus = Project['status']

type ProjectPageState = {
  project: Project | null
  updates: ProjectUpdate[]
  analytics: ProjectAnalytics | null
  loading: boolean
  notFound: boolean
}

const projectState = proxy<ProjectPageState>({
  project: null,
  updates: [],
  analytics: null,
  loading: false,
  notFound: false,
})

async function loadProjectPage(uuid: string) {
  projectState.loading = true
  projectState.notFound = false
  try {
    const list = await cache.projects.load()
    const project = list.find((p) => p.uuid === uuid) ?? null
    projectState.project = project
    if (!project) {
      projectState.notFound = true
      projectState.updates = []
      return
    }
    projectState.updates = await call(api.api.projects({ uuid }).updates.get())
  } catch (error) {
    console.error(error)
    projectState.project = null
    projectState.updates = []
    projectState.notFound = true
  } finally {
    projectState.loading = false
  }
}

async function loadAnalytics() {
  try {
    projectState.analytics = await call(api.api.projects.analytics.get())
  } catch (error) {
    console.error(error)
    projectState.analytics = null
  }
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

function useProjectPage() {
  return useSnapshot(projectState) as ProjectPageState
}

export type { ProjectPageState }
export {
  addProject,
  combineProjects,
  deleteProject,
  loadAnalytics,
  loadProjectPage,
  projectState,
  renameProject,
  setProjectStatus,
  setProjectsStatus,
  useProjectPage,
}
