import { afterEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { importAccount, parseExport } from './account'

afterEach(restoreFetch)

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

  test('an import posts the file as it is and answers the typed counts', async () => {
    const doc = { format: 'cadence-export', version: 1, reports: [] }
    const counts = { reports: 2, projects: 1, team_members: 0 }
    const calls = stubFetch(({ method, path }) =>
      method === 'POST' && path === '/api/import' ? json(counts) : json([]),
    )
    expect(await importAccount(new Blob([JSON.stringify(doc)]))).toEqual(counts as never)
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/import', body: doc })
  })
})
