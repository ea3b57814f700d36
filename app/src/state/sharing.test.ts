import { afterEach, describe, expect, test } from 'bun:test'
import type { ReaderQuestion } from '@cadence/ui'

const { json, restoreFetch, stubFetch } = await import('../test/fetch')
const sharing = {
  ...(await import('./sharing')),
  ...(await import('./question-badges')),
}
const { resetCache } = await import('./cache')

afterEach(() => {
  restoreFetch()
  resetCache()
})

const question = (id: number, report_uuid: string, seen: boolean) =>
  ({
    id,
    report_uuid,
    week_start_date: '2026-11-23',
    item_id: null,
    item_content: null,
    followup_item_id: null,
    name: 'Maria',
    text: `Question ${id}`,
    answer: null,
    answered_at: null,
    seen_at: seen ? '2026-11-24T10:00:00.000Z' : null,
    created_at: '2026-11-24T09:00:00.000Z',
  }) as ReaderQuestion

describe("readers' question badges", () => {
  const answer = {
    questions: [question(1, 'r-a', false), question(2, 'r-a', false), question(3, 'r-b', true)],
    unseen: 3,
    unseen_by_report: { 'r-a': 2, 'r-c': 1 },
    acknowledgements: [],
  }

  test('the badges count what the server counts, per report and in all', async () => {
    stubFetch(() => json(answer))
    await sharing.loadQuestionBadges()
    expect(sharing.questionBadges.total).toBe(3)
    expect(sharing.questionBadges.byReport).toEqual({ 'r-a': 2, 'r-c': 1 })
  })

  test("the report page marks its new questions seen, and only that report's badge goes", async () => {
    const calls = stubFetch(({ method }) => (method === 'GET' ? json(answer) : json({})))
    const list = await sharing.loadReportQuestions('r-a')
    expect(list.map((q) => q.id)).toEqual([1, 2])
    await sharing.markQuestionsSeen('r-a', list)
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/questions/1', { seen: true }],
      ['/api/questions/2', { seen: true }],
    ])
    expect(sharing.questionBadges.total).toBe(1)
    expect(sharing.questionBadges.byReport).toEqual({ 'r-c': 1 })
    // Seen ones are not marked again.
    await sharing.markQuestionsSeen('r-b', [question(3, 'r-b', true)])
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2)
  })

  test('signing out clears the badges', async () => {
    stubFetch(() => json(answer))
    await sharing.loadQuestionBadges()
    resetCache()
    expect(sharing.questionBadges.total).toBe(0)
    expect(sharing.questionBadges.byReport).toEqual({})
  })
})

describe("'Copy a private link' (issue 46)", () => {
  const link = (id: number, days: number) => ({
    id,
    url: `http://localhost/r/token-${id}`,
    expires_at: new Date(Date.now() + days * 86_400_000).toISOString(),
  })

  test('copies the live link again instead of making a new one on every click', async () => {
    let next = 1
    const calls = stubFetch(({ method }) =>
      json(method === 'POST' ? link(next++, 30) : { shares: [] }),
    )
    const first = await sharing.privateLink('r-a')
    const again = await sharing.privateLink('r-a')
    expect(again.url).toBe(first.url)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    // Another report has its own link.
    const other = await sharing.privateLink('r-b')
    expect(other.url).not.toBe(first.url)
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/reports/r-a/shares',
      '/api/reports/r-b/shares',
    ])
  })

  test('a revoked or nearly expired link is replaced by a new one', async () => {
    let next = 10
    let days = 30
    const calls = stubFetch(({ method }) =>
      json(method === 'POST' ? link(next++, days) : method === 'DELETE' ? {} : { shares: [] }),
    )
    const first = await sharing.privateLink('r-a')
    await sharing.revokeShare(first.id)
    const second = await sharing.privateLink('r-a')
    expect(second.id).not.toBe(first.id)
    days = 0.5
    resetCache()
    const short = await sharing.privateLink('r-a')
    const replaced = await sharing.privateLink('r-a')
    expect(replaced.id).not.toBe(short.id)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(4)
  })
})
