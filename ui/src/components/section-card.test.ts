import { describe, expect, test } from 'bun:test'
import type { Project, SectionItem } from '../types'
import { groupItems } from './section-card'

const project = (id: number, name: string): Project => ({
  id,
  uuid: `p-${id}`,
  name,
  status: 'active',
  created_at: '2026-01-01',
  updated_at: '2026-01-01',
})
const item = (id: number, project_id: number | null, is_completed = false): SectionItem => ({
  id,
  section_id: 1,
  project_id,
  content: `item ${id}`,
  is_completed,
  item_type: 'task',
  assigned_to_team_member_id: null,
  created_at: '2026-01-01',
})
const projects = [project(1, 'Zeta'), project(2, 'alpha')]

describe('groupItems', () => {
  test('puts items without a project first, then projects by name', () => {
    const groups = groupItems([item(1, 1), item(2, 2), item(3, null)], projects)
    expect(groups.map((g) => g.project?.name ?? null)).toEqual([null, 'alpha', 'Zeta'])
  })
  test('lists pending items before completed ones, keeping their order otherwise', () => {
    const groups = groupItems(
      [item(1, null, true), item(2, null), item(3, null, true), item(4, null)],
      projects,
    )
    expect(groups[0].items.map((i) => i.id)).toEqual([2, 4, 1, 3])
  })
  test('treats an unknown project as no project so the item stays visible', () => {
    const groups = groupItems([item(1, 99)], projects)
    expect(groups).toHaveLength(1)
    expect(groups[0].project).toBeNull()
  })
  test('returns no groups for no items', () => {
    expect(groupItems([], projects)).toEqual([])
  })
})
