import { describe, expect, test } from 'bun:test'
import { ftsTokens, rank } from './engine'
import { parseSearchQuery } from './query'

describe('ranking the window in JavaScript', () => {
  test('tokens follow unicode61 with remove_diacritics: lower case, no accents, split on punctuation', () => {
    expect(ftsTokens('Café-Rollout, Q3 BUDGET!')).toEqual(['cafe', 'rollout', 'q3', 'budget'])
    expect(ftsTokens('  ')).toEqual([])
  })

  test('a title hit ranks above a body hit; more hits above fewer; newer first on a tie', () => {
    const rows: [number, string, string][] = [
      [10, '', 'Budget review with finance'],
      [20, 'Budget', ''],
      [30, '', 'Budget budget budget'],
      [40, '', 'Budget review with finance'],
    ]
    expect(rank(rows, parseSearchQuery('budg'))).toEqual([20, 30, 40, 10])
  })

  test('a phrase counts only its words in order; terms are prefixes', () => {
    const rows: [number, string, string][] = [
      [1, '', 'deck board deck'],
      [2, '', 'board deck board deck'],
    ]
    expect(rank(rows, parseSearchQuery('"board deck"'))).toEqual([2, 1])
    expect(rank(rows, parseSearchQuery('boa'))).toEqual([2, 1])
  })

  test('shorter texts rank above longer ones with the same hits', () => {
    const rows: [number, string, string][] = [
      [1, '', 'launch the pricing page with finance before the offsite next week'],
      [2, '', 'launch pricing'],
    ]
    expect(rank(rows, parseSearchQuery('launch'))).toEqual([2, 1])
  })
})
