import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { type Decision, NO_DECISION_FILTERS as NO_FILTERS } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { resetCache } from './cache'
import { deleteDecision, loadDecisions, recordItemAsDecision, saveDecision } from './decisions'
import { clearToasts, toastState } from './toasts'

const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)

const decision = (id: number, title: string): Decision => ({
  id,
  title,
  decided_on: '2026-11-18',
  decided_by_member_uuid: null,
  decided_by_name: null,
  rationale: null,
  revisit_on: null,
  revisit_due: false,
  project_uuid: null,
  project_name: null,
  source_item_id: null,
  created_at: '2026-11-18T10:00:00.000Z',
  updated_at: '2026-11-18T10:00:00.000Z',
})

beforeEach(() => {
  resetCache()
  clearToasts()
})
afterEach(restoreFetch)

describe('decisions', () => {
  test('the list asks the server with its filters, blank ones left out', async () => {
    const calls = stubFetch(() => json([decision(1, 'A')]))
    await loadDecisions({ query: ' launch ', project_uuid: 'p-1', decided_by: '' })
    expect(calls.map((c) => c.path)).toEqual(['/api/decisions?query=launch&project_uuid=p-1'])
  })

  test('an item is recorded in one click with its text, project, assignee and today', async () => {
    const calls = stubFetch(() => json(decision(7, 'Ship it')))
    const made = await recordItemAsDecision(
      { id: 42, content: ' Ship it ', project_uuid: 'p-1', assignee_uuid: 'm-1' },
      '2026-11-25',
    )
    expect(made?.id).toBe(7)
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/decisions',
        body: {
          title: 'Ship it',
          decided_on: '2026-11-25',
          decided_by_member_uuid: 'm-1',
          rationale: null,
          revisit_on: null,
          project_uuid: 'p-1',
          source_item_id: 42,
        },
      },
    ])
    expect(messages()[0]).toStartWith('success: Recorded as a decision')
  })

  test("a refused save keeps the server's message for the dialog", async () => {
    stubFetch(() => json({ error: 'revisit_on must be on or after decided_on' }, 400))
    const input = {
      title: 'A',
      decided_on: '2026-11-18',
      decided_by_member_uuid: null,
      rationale: null,
      revisit_on: '2026-11-01',
      project_uuid: null,
    }
    await expect(saveDecision(input, 3)).rejects.toThrow(
      'revisit_on must be on or after decided_on',
    )
  })

  test('a failed delete puts the decision back and says why', async () => {
    stubFetch(() => json([decision(1, 'A'), decision(2, 'B')]))
    await loadDecisions(NO_FILTERS)
    stubFetch(() => json({ error: 'Decision not found' }, 404))
    await deleteDecision(2)
    expect(messages()).toEqual(['error: Failed to delete the decision: Decision not found'])
    const kept = await loadDecisions(NO_FILTERS)
    expect(kept?.map((d) => d.title)).toEqual(['A', 'B'])
  })
})
