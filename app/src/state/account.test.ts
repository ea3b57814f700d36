import { describe, expect, test } from 'bun:test'
import { parseExport } from './account'

describe('account export files', () => {
  test('a Cadence export is accepted', () => {
    expect(parseExport('{"format":"cadence-export","version":1}')).toEqual({
      format: 'cadence-export',
      version: 1,
    })
  })

  test('anything else is refused with a clear message before reaching the server', () => {
    expect(() => parseExport('not json')).toThrow(
      'The file is not a Cadence export (it is not JSON)',
    )
    expect(() => parseExport('{"format":"other"}')).toThrow('The file is not a Cadence export')
    expect(() => parseExport('null')).toThrow('The file is not a Cadence export')
  })
})
