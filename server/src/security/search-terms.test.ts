import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { parseSearchQuery, toMatchExpression } from '../search/query'
import { INDEX_PARTS, indexParts, PREFIX_MIN, parts, SEARCH_WORDS } from '../search/tokenizer'
import { type Client, createTestApp, signIn } from '../test/helpers'

/**
 * A search costs what an ordinary one costs, whatever is typed: each word is a lookup in the index
 * every user shares, so a word repeated counts once, only the first SEARCH_WORDS words count, and
 * a one-letter word matches that whole word only (a one-letter prefix reads a large part of any
 * index), and the index itself is asked for at most INDEX_PARTS of them (the rest are checked on
 * the rows it finds). The same rules on both engines (src/search/tokenizer.ts); the timing is in
 * `bun run bench` ("search: largest allowed query").
 */

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setup() {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  // A tasks section: each item is a result of its own (a standard item is found as its report).
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
  const add = async (content: string) =>
    (await ada.api['section-items'].post({ section_id: report.sections[0].id, content })).data!
  return { ada, report, add }
}

const search = async (client: Client, query: string) => {
  const res = await client.api.search.get({ query: { query } })
  expect(res.status).toBe(200)
  return res.data!.results
}
const contents = (results: { content?: string }[]) => results.map((r) => r.content).sort()

describe('search terms', () => {
  test('a word repeated to the length limit searches as that word once', async () => {
    const { ada, add } = await setup()
    await add('Apollo launch checklist')
    await add('x marks the spot')
    await add('Budget review')
    const once = await search(ada, 'ap')
    expect(contents(once)).toEqual(['Apollo launch checklist'])
    expect(contents(await search(ada, 'ap '.repeat(160)))).toEqual(contents(once))
    expect(contents(await search(ada, 'x '.repeat(200)))).toEqual(['x marks the spot'])
  })

  test(`only the first ${SEARCH_WORDS} words count`, async () => {
    const { ada, add } = await setup()
    const words = Array.from({ length: SEARCH_WORDS }, (_, i) => `word${i}`)
    await add(words.join(' '))
    // Twelve words that all match, then words the item does not have: the extra ones are unread.
    const query = [...words, 'absent', 'missing', 'nowhere'].join(' ')
    expect(contents(await search(ada, query))).toEqual([words.join(' ')])
    // Within the bound every word must match, as before.
    expect(await search(ada, [...words.slice(0, SEARCH_WORDS - 1), 'absent'].join(' '))).toEqual([])
  })

  test('a one-letter word matches that whole word, not every word it begins', async () => {
    const { ada, add } = await setup()
    await add('Plan a launch')
    await add('Apollo launch')
    expect(contents(await search(ada, 'a launch'))).toEqual(['Plan a launch'])
    expect(contents(await search(ada, 'ap launch'))).toEqual(['Apollo launch'])
  })

  test(`words beyond the ${INDEX_PARTS} the index is asked for still have to match`, async () => {
    const { ada, add } = await setup()
    await add('alpha beta gamma delta')
    await add('alpha beta gamma')
    await add('alpha gamma delta beta epsilon')
    // The index is asked for the three longest words; `de` and `ep` are checked on its rows.
    const query = parseSearchQuery('alpha beta gamma de')
    expect(indexParts(query).map((p) => p.tokens.join(' '))).toEqual(['alpha', 'beta', 'gamma'])
    expect(contents(await search(ada, 'alpha beta gamma de'))).toEqual([
      'alpha beta gamma delta',
      'alpha gamma delta beta epsilon',
    ])
    expect(contents(await search(ada, 'alpha beta gamma de ep'))).toEqual([
      'alpha gamma delta beta epsilon',
    ])
    expect(await search(ada, 'alpha beta gamma de zz')).toEqual([])
  })

  test('a long phrase is cut at the bound and still finds what it begins', async () => {
    const { ada, add } = await setup()
    const text = Array.from({ length: 20 }, (_, i) => `w${i}x`).join(' ')
    await add(text)
    expect(contents(await search(ada, `"${text}"`))).toEqual([text])
  })

  test('whatever is typed, the index is asked for at most the bound of words, no repeats, no short prefixes (property)', () => {
    const word = fc.oneof(
      fc.constantFrom('x', 'a', 'Ab', 'ab', 'budget', 'BUDGET', 'café', 'q3', 'a-b-c', '"x y"'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    )
    fc.assert(
      fc.property(fc.array(word, { maxLength: 120 }), (words) => {
        const query = parseSearchQuery(words.join(' ').slice(0, 500))
        const found = parts(query)
        expect(found.reduce((n, p) => n + p.tokens.length, 0)).toBeLessThanOrEqual(SEARCH_WORDS)
        const keys = found.map((p) => `${p.prefix}${p.tokens.join(' ')}`)
        expect(new Set(keys).size).toBe(keys.length)
        for (const p of found)
          if (p.prefix) expect(p.tokens.at(-1)!.length >= PREFIX_MIN).toBe(true)
        const match = toMatchExpression(query)
        expect((match?.match(/"\*?/g)?.length ?? 0) / 2).toBe(Math.min(found.length, INDEX_PARTS))
        for (const p of indexParts(query)) expect(found).toContain(p)
      }),
      { numRuns: 500, seed: 27 },
    )
  })
})
