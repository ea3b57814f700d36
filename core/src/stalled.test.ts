import { describe, expect, test } from 'bun:test'
import { groupStalled, type StalledSource } from './stalled'

const item = (id: number, open_weeks: number, assignee: string | null): StalledSource => ({
  id,
  content: `Item ${id}`,
  open_weeks,
  report_uuid: 'r1',
  assignee_uuid: assignee,
  assignee_name: assignee ? `Name of ${assignee}` : null,
})

describe('groupStalled', () => {
  test('groups by person, the executive last, the longest-waiting person first, oldest first', () => {
    const groups = groupStalled(
      [],
      [
        item(1, 3, null),
        item(2, 2, 'dana'),
        item(3, 5, 'lee'),
        item(4, 9, null),
        item(5, 4, 'dana'),
      ],
    )
    expect(groups.map((g) => [g.team_member_uuid, g.name, g.items.map((i) => i.id)])).toEqual([
      ['lee', 'Name of lee', [3]],
      ['dana', 'Name of dana', [5, 2]],
      [null, null, [4, 1]],
    ])
    // Entries carry only what 'Needs you' shows.
    expect(Object.keys(groups[0].items[0]).sort()).toEqual([
      'content',
      'id',
      'open_weeks',
      'report_uuid',
    ])
  })

  test('a later page merges into the groups held, once per item, and leaves them unchanged', () => {
    const first = groupStalled([], [item(1, 6, 'dana'), item(2, 1, 'lee')])
    const before = structuredClone(first)
    const merged = groupStalled(first, [item(1, 6, 'dana'), item(3, 7, 'lee'), item(4, 2, null)])
    expect(merged.map((g) => [g.team_member_uuid, g.items.map((i) => i.id)])).toEqual([
      ['lee', [3, 2]],
      ['dana', [1]],
      [null, [4]],
    ])
    expect(first).toEqual(before)
  })

  test('equal ages keep a stable order by id', () => {
    const [group] = groupStalled([], [item(9, 2, 'dana'), item(3, 2, 'dana'), item(5, 2, 'dana')])
    expect(group.items.map((i) => i.id)).toEqual([3, 5, 9])
  })
})
