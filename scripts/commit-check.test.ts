import { expect, test } from 'bun:test'
import { subjectProblems } from './commit-check'

test('a short imperative subject with a body passes', () => {
  expect(subjectProblems('Regenerate Drizzle snapshots\n\nWhy it was needed.')).toEqual([])
  expect(subjectProblems('Fix the PDF footer')).toEqual([])
})

test('long, past-tense, full-stopped or bodies without a blank line fail', () => {
  expect(subjectProblems(`Add ${'x'.repeat(70)}`)[0]).toContain('characters')
  expect(subjectProblems('Added the readers list')).toHaveLength(1)
  expect(subjectProblems('Changes not sent follows edits')).toEqual([])
  expect(subjectProblems('Add the readers list.')).toHaveLength(1)
  expect(subjectProblems('Add the readers list\nbody at once')).toHaveLength(1)
})
