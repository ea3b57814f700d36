import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail } from '../test/fixtures'
import { resetCache } from './cache'
import { reportState, updateReport } from './reports'
import {
  acceptSuggestion,
  applyDraftSummary,
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

  test('a model draft used as the summary is saved with its model; typing it clears the model', async () => {
    reportState.current = reportDetail({ uuid: 'r-1', summary: 'Old', summary_model: null })
    const calls = stubFetch((c) => json({ ...reportState.current, ...(c.body as object) }))
    await applyDraftSummary('Done: Apollo.', 'llama3.1:8b')
    // The same text used again from another model: the summary is sent with it (never alone).
    await applyDraftSummary('Done: Apollo.', 'qwen2.5')
    await updateReport({ summary: 'Done: Apollo, on Tuesday.' })
    // An extractive draft: no model made it.
    await applyDraftSummary('Completed: Apollo.', null)
    expect(calls.map((c) => c.body)).toEqual([
      { summary: 'Done: Apollo.', summary_model: 'llama3.1:8b' },
      { summary: 'Done: Apollo.', summary_model: 'qwen2.5' },
      { summary: 'Done: Apollo, on Tuesday.' },
      { summary: 'Completed: Apollo.' },
    ])
    expect(reportState.current?.summary_model).toBeNull()
    reportState.current = null
  })
})
