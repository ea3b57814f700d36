import { describe, expect, test } from 'bun:test'
import { sortByAge } from './dashboard'

const items = [
  { id: 1, open_weeks: 0 },
  { id: 2, open_weeks: 4 },
  { id: 3, open_weeks: 1 },
  { id: 4, open_weeks: 4 },
  { id: 5 },
]

describe('sortByAge', () => {
  test('newest puts the fewest open weeks first, items without age counting as new', () => {
    expect(sortByAge(items, 'newest').map((i) => i.id)).toEqual([1, 5, 3, 2, 4])
  })
  test('oldest first puts the most open weeks first and keeps the order of equal ages', () => {
    expect(sortByAge(items, 'oldest').map((i) => i.id)).toEqual([2, 4, 3, 1, 5])
  })
  test('the given list is left as it was', () => {
    sortByAge(items, 'oldest')
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5])
  })
})
