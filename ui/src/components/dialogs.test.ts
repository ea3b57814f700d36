import { describe, expect, test } from 'bun:test'
import { validateTeamMember } from './add-team-member-dialog'
import { combineError } from './combine-projects-dialog'

describe('validateTeamMember', () => {
  test('asks for a name and, when one is typed, a valid email', () => {
    expect(validateTeamMember({ name: ' ', email: 'nope' })).toEqual({
      name: 'Name is required',
      email: 'Enter a valid e-mail or leave it empty',
    })
  })
  test('the email is optional (issue 46)', () => {
    expect(validateTeamMember({ name: 'Ada', email: '' })).toEqual({})
    expect(validateTeamMember({ name: 'Ada', email: '   ' })).toEqual({})
  })
  test('accepts a name and a valid email', () => {
    expect(validateTeamMember({ name: 'Ada', email: 'ada@example.com' })).toEqual({})
  })
})

describe('combineError', () => {
  test('needs at least 2 projects', () => {
    expect(combineError(1, 'X')).toBe('Please select at least 2 projects to combine')
  })
  test('needs a non-blank name of at most 255 characters', () => {
    expect(combineError(2, '   ')).toBe('Project name is required')
    expect(combineError(2, 'x'.repeat(256))).toContain('255')
    expect(combineError(2, 'Atlas')).toBeNull()
  })
})
