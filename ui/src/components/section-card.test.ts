import { describe, expect, test } from 'bun:test'
import { byId } from '../lib/by-id'
import type { Project, SectionItem } from '../types'
import { groupItems } from './section-card'

const project = (id: number, name: string): Project => ({
  id,
  user_id: 1,
  uuid: `p-${id}`,
  name,
  status: 'active',
  created_at: '2026-01-01',
  updated_at: '2026-01-01',
  total_references: 0,
  task_count: 0,
  followup_count: 0,
  reports_count: 0,
})
const item = (id: number, project_id: number | null, is_completed = false): SectionItem => ({
  id,
  section_id: 1,
  user_id: 1,
  project_id,
  content: `item ${id}`,
  is_completed,
  item_type: 'task',
  assigned_to_team_member_id: null,
  source_item_id: null,
  source_author_name: null,
  assignee_completed_at: null,
  assignee_note: null,
  is_ask: false,
  ask_closed_at: null,
  sort_order: id,
  created_at: '2026-01-01',
  updated_at: '2026-01-01',
  carried_from_item_id: null,
  carried_forward: false,
  origin_week_start_date: '2026-01-01',
  open_weeks: 0,
  is_stalled: false,
})
const projects = [project(1, 'Zeta'), project(2, 'alpha')]

describe('groupItems', () => {
  test('no project first, then projects as her items stand, not by name', () => {
    const groups = groupItems([item(1, 1), item(2, 2), item(3, null), item(4, 1)], projects)
    expect(groups.map((g) => g.project?.name ?? null)).toEqual([null, 'Zeta', 'alpha'])
    expect(groups[1].items.map((i) => i.id)).toEqual([1, 4])
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
  test('groups a mixed list exactly: every item once, in its project, order kept', () => {
    const many = [project(3, 'Mid'), ...projects, project(4, 'beta')]
    const items = [
      item(1, 4, true),
      item(2, 3),
      item(3, null, true),
      item(4, 1),
      item(5, 4),
      item(6, 77),
      item(7, 3, true),
      item(8, 2),
      item(9, null),
    ]
    const groups = groupItems(items, many)
    expect(groups.map((g) => [g.key, g.project?.name ?? null, g.items.map((i) => i.id)])).toEqual([
      ['null', null, [6, 9, 3]],
      ['4', 'beta', [5, 1]],
      ['3', 'Mid', [2, 7]],
      ['1', 'Zeta', [4]],
      ['2', 'alpha', [8]],
    ])
    // the items themselves, not copies
    expect(groups[4].items[0]).toBe(items[7])
  })
  test('gives the same groups with a prebuilt map of projects by id', () => {
    const items = [item(1, 1), item(2, 2, true), item(3, null)]
    expect(groupItems(items, projects, byId(projects))).toEqual(groupItems(items, projects))
  })
})

describe('byId', () => {
  test('maps entries by id and reuses the map for the same list', () => {
    const map = byId(projects)
    expect(map.get(2)?.name).toBe('alpha')
    expect(map.get(99)).toBeUndefined()
    expect(byId(projects)).toBe(map)
    expect(byId([...projects])).not.toBe(map)
  })
})
