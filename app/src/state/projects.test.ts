import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { Project } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { cache, resetCache } from './cache'
import {
  addProject,
  combineProjects,
  deleteProject,
  setProjectOwner,
  setProjectStatus,
  setProjectsStatus,
} from './projects'
import { clearToasts, toastState } from './toasts'

const project = (uuid: string, name: string, status: Project['status'] = 'active'): Project => ({
  id: uuid.charCodeAt(0),
  user_id: 1,
  uuid,
  name,
  status,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  total_references: 0,
  task_count: 0,
  followup_count: 0,
  reports_count: 0,
})

const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)

beforeEach(() => {
  resetCache()
  clearToasts()
  cache.projects.mutate(() => [
    project('a', 'Apollo'),
    project('b', 'Borealis'),
    project('c', 'Cygnus'),
  ])
})
afterEach(restoreFetch)

describe('project status', () => {
  test('a single status change is a PUT carrying only the status, applied to the cache at once', async () => {
    const calls = stubFetch(() => json({}))
    const pending = setProjectStatus('a', 'archived')
    expect(cache.projects.state.data?.[0].status).toBe('archived')
    expect(await pending).toBe(true)
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/projects/a', body: { status: 'archived' } },
    ])
  })

  test('a failed change restores the cache and names the action', async () => {
    stubFetch(() => json({ error: 'Project not found' }, 404))
    expect(await setProjectStatus('a', 'archived')).toBe(false)
    expect(cache.projects.state.data?.[0].status).toBe('active')
    expect(messages()).toEqual(['error: Failed to archive project: Project not found'])
  })

  test('bulk archive and activate report the count', async () => {
    stubFetch(() => json({}))
    await setProjectsStatus(['a', 'b'], 'archived')
    await setProjectsStatus(['a'], 'active')
    expect(messages()).toEqual([
      'success: Archived 2 project(s)',
      'success: Activated 1 project(s)',
    ])
  })

  test('a failed bulk change rolls back every project', async () => {
    stubFetch(({ path }) => (path === '/api/projects/b' ? json({ error: 'x' }, 500) : json({})))
    await setProjectsStatus(['a', 'b'], 'archived')
    expect(cache.projects.state.data?.map((p) => p.status)).toEqual(['active', 'active', 'active'])
    expect(messages()).toEqual(['error: Failed to archive projects'])
  })
})

describe('project lifecycle', () => {
  test('adding a project appends it and quotes its name', async () => {
    stubFetch(() => json(project('d', 'Draco'), 201))
    await addProject('  Draco ')
    expect(cache.projects.state.data?.map((p) => p.name)).toContain('Draco')
    expect(messages()).toEqual(['success: Project "Draco" added successfully!'])
  })

  test('delete with a destination sends move_to_project_id (null is General)', async () => {
    const calls = stubFetch(() => json({ remappedItems: 3, message: 'ok' }))
    expect(await deleteProject('a', null)).toBe(true)
    expect(calls[0]).toEqual({
      method: 'DELETE',
      path: '/api/projects/a',
      body: { move_to_project_id: null },
    })
    expect(cache.projects.state.data?.map((p) => p.uuid)).toEqual(['b', 'c'])
  })

  test('combining needs at least two projects', async () => {
    const calls = stubFetch(() => json({}))
    expect(await combineProjects(['a'], 'Merged')).toBe(false)
    expect(calls).toHaveLength(0)
    expect(messages()).toEqual(['error: Please select at least 2 projects to combine'])
  })
})

describe('project owner', () => {
  test('the owner is a PUT of owner_member_id, shown at once', async () => {
    const calls = stubFetch(() => json({}))
    const pending = setProjectOwner('b', 12)
    expect(cache.projects.state.data?.[1].owner_member_id).toBe(12)
    expect(await pending).toBe(true)
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/projects/b', body: { owner_member_id: 12 } },
    ])
  })

  test('a refusal puts the owner back and says why', async () => {
    stubFetch(() => json({ error: 'Team member not found' }, 404))
    expect(await setProjectOwner('a', 99)).toBe(false)
    expect(cache.projects.state.data?.[0].owner_member_id).toBeUndefined()
    expect(messages()).toEqual(["error: Failed to set the project's owner: Team member not found"])
  })
})
