import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { ReportAsk } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem } from '../test/fixtures'
import { answerSharedAsk, closeAsk, recordAskDecision, reportAsks } from './asks'
import { resetCache } from './cache'
import { reportState } from './reports'

const ask = (over: Partial<ReportAsk> = {}): ReportAsk => ({
  item_id: 100,
  content: 'Approve the Q1 hiring budget',
  project_name: null,
  closed_at: null,
  history: [],
  open_again: false,
  answers: [
    {
      id: 1,
      item_id: 100,
      name: 'Maria',
      answer: 'comment',
      text: 'Which teams?',
      created_at: '2026-11-20T09:00:00Z',
    },
    {
      id: 2,
      item_id: 100,
      name: 'Sam',
      answer: 'approve',
      text: null,
      created_at: '2026-11-21T10:00:00Z',
    },
    {
      id: 3,
      item_id: 100,
      name: 'Maria',
      answer: 'approve',
      text: null,
      created_at: '2026-11-22T10:00:00Z',
    },
  ],
  ...over,
})

beforeEach(() => {
  resetCache()
  reportState.current = null
})
afterEach(() => restoreFetch())

describe('asks', () => {
  test('an approved ask is recorded as a decision dated its first approval, naming who approved', async () => {
    const calls = stubFetch(() => json({ id: 7 }, 201))
    await recordAskDecision(ask())
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/decisions',
        body: {
          title: 'Approve the Q1 hiring budget',
          decided_on: '2026-11-21',
          rationale: 'Approved by Sam, Maria on the brief',
          source_item_id: 100,
        },
      },
    ])
  })

  test('an ask nobody approved is never recorded', async () => {
    const calls = stubFetch(() => json({ id: 7 }, 201))
    await expect(recordAskDecision(ask({ answers: ask().answers.slice(0, 1) }))).rejects.toThrow(
      'Only an approved ask',
    )
    expect(calls).toEqual([])
  })

  test('an approval of an earlier wording does not count: the ask is not recorded on it', async () => {
    const calls = stubFetch(() => json({ id: 7 }, 201))
    const earlier = ask().answers.map((a) => ({ ...a, earlier_wording: true }))
    await expect(recordAskDecision(ask({ answers: earlier }))).rejects.toThrow(
      'Only an approved ask',
    )
    expect(calls).toEqual([])
  })

  test('an ask already recorded (409, a carried copy of it) is done, not an error', async () => {
    stubFetch(() => json({ error: 'This ask is recorded as a decision already' }, 409))
    await expect(recordAskDecision(ask())).resolves.toBeUndefined()
  })

  test('closing marks the open report’s item closed and reloads the asks', async () => {
    reportState.current = reportDetail({
      uuid: 'r1',
      sections: [
        reportSection({
          id: 10,
          items: [sectionItem({ id: 100, section_id: 10, content: 'Approve', is_ask: true })],
        }),
      ],
    })
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? json(ask({ closed_at: '2026-11-23T08:00:00.000Z' }))
        : json({ asks: [ask({ closed_at: '2026-11-23T08:00:00.000Z' })] }),
    )
    await closeAsk('r1', 100, true)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/asks/100',
      'GET /api/reports/r1/asks',
    ])
    expect(calls[0].body).toEqual({ closed: true })
    expect(reportState.current?.sections[0].items[0].ask_closed_at).toBe('2026-11-23T08:00:00.000Z')
    expect(reportAsks.state.data?.[0].closed_at).toBe('2026-11-23T08:00:00.000Z')
  })

  test('a reader’s answer goes to the link’s ask, a comment with its text', async () => {
    const calls = stubFetch(() => json({}, 201))
    await answerSharedAsk('tok', { item_id: 41, name: 'Maria', answer: 'approve', text: null })
    await answerSharedAsk('tok', { item_id: 41, name: 'Omar', answer: 'comment', text: 'Why?' })
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/shared/tok/asks/41/answers', { name: 'Maria', answer: 'approve' }],
      ['/api/shared/tok/asks/41/answers', { name: 'Omar', answer: 'comment', text: 'Why?' }],
    ])
  })
})
