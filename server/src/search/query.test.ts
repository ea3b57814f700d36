import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ftsString, isSearchable, parseSearchQuery, toMatchExpression } from './query'

describe('search query syntax', () => {
  test('plain words become prefix terms ANDed together', () => {
    const q = parseSearchQuery('  Apol  launch ')
    expect(q).toEqual({
      terms: ['Apol', 'launch'],
      phrases: [],
      types: [],
      project: null,
      status: null,
      health: null,
    })
    expect(toMatchExpression(q)).toBe('"apol"* "launch"*')
  })

  test('a quoted phrase matches exactly, without a prefix star', () => {
    const q = parseSearchQuery('"budget review" q3')
    expect(q.phrases).toEqual(['budget review'])
    expect(toMatchExpression(q)).toBe('"budget review" "q3"*')
  })

  test('an unclosed quote runs to the end of the query', () => {
    expect(parseSearchQuery('"half open').phrases).toEqual(['half open'])
  })

  test('type, project, status and health filters are recognised and removed from the text', () => {
    const q = parseSearchQuery(
      'type:task project:"Apollo Launch" status:completed health:at-risk deploy',
    )
    expect(q).toEqual({
      terms: ['deploy'],
      phrases: [],
      types: ['task'],
      project: 'Apollo Launch',
      status: 'completed',
      health: 'at_risk',
    })
    expect(parseSearchQuery('health:off-track').health).toBe('off_track')
    expect(parseSearchQuery('health:On-Track').health).toBe('on_track')
    // An unknown health is searched as the words typed.
    expect(parseSearchQuery('health:great')).toMatchObject({
      health: null,
      terms: ['health:great'],
    })
  })

  test('every documented type and status is understood, plurals too', () => {
    for (const type of ['task', 'followup', 'report', 'project', 'team_member'])
      expect(parseSearchQuery(`type:${type}`).types).toEqual([type as never])
    expect(parseSearchQuery('type:tasks type:followups').types).toEqual(['task', 'followup'])
    for (const status of ['active', 'completed', 'submitted', 'draft'])
      expect(parseSearchQuery(`status:${status}`).status).toBe(status as never)
    expect(parseSearchQuery('project:Apollo').project).toBe('Apollo')
  })

  test('unknown keys and values are searched as plain text', () => {
    expect(parseSearchQuery('type:banana').terms).toEqual(['type:banana'])
    expect(parseSearchQuery('re:budget').terms).toEqual(['re:budget'])
  })

  test('filters alone give no MATCH expression', () => {
    expect(toMatchExpression(parseSearchQuery('type:task status:active'))).toBeNull()
  })

  test('FTS5 operators and quotes in user text are quoted, never syntax', () => {
    expect(toMatchExpression(parseSearchQuery('ab" OR bc'))).toBe('"ab"* "or"* "bc"*')
    expect(ftsString('say "hi"')).toBe('"say ""hi"""')
    expect(toMatchExpression(parseSearchQuery('NEAR( xy* ^yz'))).toBe('"near"* "xy"* "yz"*')
    expect(toMatchExpression(parseSearchQuery('*** ---'))).toBeNull()
  })

  test('fewer than 2 non-blank characters is not searchable', () => {
    expect(isSearchable('')).toBe(false)
    expect(isSearchable(' a ')).toBe(false)
    expect(isSearchable('a b')).toBe(true)
    expect(isSearchable('ab')).toBe(true)
  })

  test('no user text can break the MATCH syntax (property)', () => {
    const db = new Database(':memory:')
    db.exec(
      "CREATE VIRTUAL TABLE s USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')",
    )
    db.run("INSERT INTO s(title, body) VALUES ('Apollo launch', 'ship the \"rocket\" NEAR OR AND')")
    const stmt = db.query('SELECT rowid FROM s WHERE s MATCH ?')
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom('"', '*', '^', ':', '(', ')', ' ', 'a', 'OR', 'NEAR', '-', '+', '\\'),
        maxLength: 30,
      }),
    )
    fc.assert(
      fc.property(text, (input) => {
        const match = toMatchExpression(parseSearchQuery(input))
        if (match !== null) expect(() => stmt.all(match)).not.toThrow()
      }),
      { numRuns: 500 },
    )
  })

  test('each word, however it is typed, finds the row that contains it (property)', () => {
    const db = new Database(':memory:')
    db.exec("CREATE VIRTUAL TABLE s USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
    const stmt = db.query('SELECT rowid FROM s WHERE s MATCH ?')
    const word = fc.stringMatching(/^[a-zà-öø-ÿ]{2,12}$/)
    fc.assert(
      fc.property(word, fc.integer({ min: 2, max: 12 }), (w, cut) => {
        db.run('DELETE FROM s')
        db.run('INSERT INTO s(rowid, body) VALUES (1, ?)', [`alpha ${w} omega`])
        const prefix = w.slice(0, Math.max(2, Math.min(cut, w.length)))
        expect(stmt.all(toMatchExpression(parseSearchQuery(prefix))!)).toHaveLength(1)
      }),
      { numRuns: 200 },
    )
  })
})
