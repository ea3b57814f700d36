import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { parseSearchQuery } from './query'
import { count, rank, scan } from './rank'
import { ftsTokens, parts } from './tokenizer'

describe('ranking the window in JavaScript', () => {
  test('tokens follow unicode61 with remove_diacritics: lower case, no accents, split on punctuation', () => {
    expect(ftsTokens('Café-Rollout, Q3 BUDGET!')).toEqual(['cafe', 'rollout', 'q3', 'budget'])
    expect(ftsTokens('  ')).toEqual([])
  })

  test('the plain-ASCII shortcut tokenizes exactly like the Unicode path', () => {
    const unicodePath = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (text) => {
        expect(ftsTokens(text)).toEqual(unicodePath(text))
      }),
      { numRuns: 500, seed: 7 },
    )
    expect(ftsTokens('foo_bar-BAZ 42x')).toEqual(['foo', 'bar', 'baz', '42x'])
    expect(ftsTokens('Ünïcode Café')).toEqual(['unicode', 'cafe'])
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

describe('counting in place', () => {
  // The definition: the parts counted in the text's ftsTokens. scan walks ASCII text without
  // building tokens and must count exactly that, for terms (prefixes) and phrases alike.
  const word = fc.constantFrom(
    'board',
    'boa',
    'deck',
    'Deck',
    'BUDGET',
    'bud',
    'q3',
    '42',
    'café',
    'x',
  )
  const separator = fc.constantFrom(' ', ', ', '-', '\n', '\t', '!', '_', '  ')
  const text = fc
    .array(fc.tuple(word, separator), { maxLength: 12 })
    .map((pairs) => pairs.map(([w, s]) => w + s).join(''))

  test('scan counts what ftsTokens and count count, on any text and query', () => {
    const query = fc.oneof(
      word,
      fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
      fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
    )
    fc.assert(
      fc.property(
        fc.oneof(text, fc.string({ unit: 'binary-ascii', maxLength: 60 })),
        query,
        (t, q) => {
          const wanted = parts(parseSearchQuery(q))
          const hits = new Array<number>(wanted.length).fill(0)
          const length = scan(t, wanted, hits, 0, 3)
          const tokens = ftsTokens(t)
          expect(length).toBe(tokens.length)
          expect(hits).toEqual(wanted.map((part) => 3 * count(tokens, part)))
        },
      ),
      { numRuns: 1000, seed: 11 },
    )
  })

  test('a phrase across a line break still counts; a prefix never matches a shorter token', () => {
    const wanted = parts(parseSearchQuery('"board deck" budgets'))
    const hits = [0, 0]
    expect(scan('Board\ndeck, budget BUDGETS', wanted, hits, 0, 1)).toBe(4)
    expect(hits).toEqual([1, 1])
  })
})
