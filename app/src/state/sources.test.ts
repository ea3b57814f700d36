import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { resetCache } from './cache'
import {
  acceptSuggestion,
  connectSource,
  dismissSuggestion,
  draftSummary,
  loadSuggestions,
  revokeSource,
} from './sources'

// The ui reads these through hooks; the state's requests and what they leave are checked here.

const source = {
  id: 1,
  kind: 'github',
  base_url: 'https://api.github.com',
  filter: null,
  project_uuid: null,
  created_at: '2026-11-20T09:00:00.000Z',
}
const suggestion = (id: string) => ({
  id,
  source_id: 1,
  kind: 'github',
  title: `PR ${id}`,
  url: `https://github.com/acme/api/pull/${id}`,
  occurred_at: '2026-11-24T10:00:00Z',
  project_uuid: null,
  section_type: 'standard',
})

beforeEach(() => resetCache())
afterEach(restoreFetch)

describe('sources state', () => {
  test('connect sends the token once and reloads the list; revoke deletes', async () => {
    const calls = stubFetch((c) => (c.method === 'GET' ? json([source]) : json(source, 201)))
    await connectSource({ kind: 'github', token: 'ghp_x', filter: null, project_uuid: null })
    await revokeSource(1)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/sources',
      'GET /api/sources',
      'DELETE /api/sources/1',
      'GET /api/sources',
    ])
    expect(calls[0].body).toEqual({
      kind: 'github',
      token: 'ghp_x',
      filter: null,
      project_uuid: null,
    })
  })

  test('accept and dismiss post to the suggestion of the report', async () => {
    const calls = stubFetch((c) =>
      c.path.endsWith('/suggestions')
        ? json({ suggestions: [suggestion('s1-a'), suggestion('s1-b')], errors: [] })
        : c.path.endsWith('/dismiss')
          ? new Response(null, { status: 204 })
          : json({ id: 9, content: 'PR s1-a' }),
    )
    await loadSuggestions('r-1')
    await acceptSuggestion('r-1', 's1-a')
    await dismissSuggestion('r-1', 's1-b')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/reports/r-1/suggestions',
      'POST /api/reports/r-1/suggestions/s1-a/accept',
      'POST /api/reports/r-1/suggestions/s1-b/dismiss',
    ])
  })

  test('the draft summary is asked for and nothing else is written', async () => {
    const calls = stubFetch(() =>
      json({ source: 'extractive', model: null, summary: '', sentences: [], dropped: [] }),
    )
    await draftSummary('r-1')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/reports/r-1/draft-summary',
    ])
  })
})
