import { describe, expect, test } from 'bun:test'
import type { Project } from '../types'
import { filterProjects } from './settings'

const project = (id: number, name: string, refs: number, updated: string): Project => ({
  id,
  user_id: 1,
  uuid: `p-${id}`,
  name,
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: updated,
  total_references: refs,
  task_count: 0,
  followup_count: 0,
  reports_count: 0,
})
const all = [
  project(1, 'Atlas', 3, '2026-03-01T00:00:00Z'),
  project(2, 'apollo', 0, '2026-05-01T00:00:00Z'),
  project(3, 'Hiring', 9, '2026-01-01T00:00:00Z'),
]
const names = (list: Project[]) => list.map((p) => p.name)

describe('filterProjects', () => {
  test('searches names case-insensitively, ignoring surrounding spaces', () => {
    expect(names(filterProjects(all, '  A', 'all', 'name'))).toEqual(['apollo', 'Atlas'])
    expect(filterProjects(all, 'zzz', 'all', 'name')).toEqual([])
  })
  test('filters by whether a project is referenced', () => {
    expect(names(filterProjects(all, '', 'unused', 'name'))).toEqual(['apollo'])
    expect(names(filterProjects(all, '', 'referenced', 'name'))).toEqual(['Atlas', 'Hiring'])
  })
  test('sorts by name, last updated or references', () => {
    expect(names(filterProjects(all, '', 'all', 'updated'))).toEqual(['apollo', 'Atlas', 'Hiring'])
    expect(names(filterProjects(all, '', 'all', 'references'))).toEqual([
      'Hiring',
      'Atlas',
      'apollo',
    ])
  })
})
