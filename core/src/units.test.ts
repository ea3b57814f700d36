import { describe, expect, test } from 'bun:test'
import { formatWithUnit } from './units'

describe('formatWithUnit', () => {
  test.each([
    [17.9, '$M', '$17.9M'],
    [410, '€k', '€410k'],
    [1200, '$', '$1,200'],
    [-1.25, '$M', '-$1.25M'],
    [3, 'US$', 'US$3'],
    [40, '$ per seat', '$40 per seat'],
    [2.9, 'x', '2.9×'],
    [2.9, 'X', '2.9×'],
    [2.9, '×', '2.9×'],
    [12.5, '%', '12.5%'],
    [40, 'k', '40k'],
    [1.2, 'M', '1.2M'],
    [42.5, 'k€', '42.5 k€'],
    [118, 'customers', '118 customers'],
    [7, null, '7'],
    [7, '', '7'],
    [7, '  ', '7'],
    [Number.NaN, '$M', '—'],
  ] as const)('%p %p → %p', (n, unit, expected) => {
    expect(formatWithUnit(n, unit)).toBe(expected)
  })
})
