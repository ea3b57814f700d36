import { describe, expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { makeClient } from '../../test/helpers'
import { test } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'
import { readerLinksFor } from '../sharing/recipient-links'

// Issue 41, 'Answers you can trust': one current answer per reader and ask, the rest in its
// history; an answer belongs to the wording it was given to.

const tokenOf = (url: string) => url.split('/r/')[1]

async function anAsk() {
  const base = await setUp()
  const { ada, current, db, config } = base
  const item = (
    await ada.api['section-items'].post({
      section_id: current.sections[0].id,
      content: 'Approve the Q1 hiring budget',
      project_id: base.apollo.id,
    })
  ).data!
  await ada.api['section-items']({ id: item.id }).put({ is_ask: true })
  const link = (await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 }))
    .data!
  const row = await db.row<{ id: number; user_id: number }>(
    sql`SELECT id, user_id FROM reports WHERE uuid = ${current.uuid}`,
  )
  const report = { id: Number(row!.id), user_id: Number(row!.user_id) }
  const personal = await readerLinksFor({ db, config }, report, ['rob@example.com'])
  return { ...base, item, token: tokenOf(link.url), robToken: personal.get('rob@example.com')! }
}

describe('answers you can trust', () => {
  test('approve, decline, approve from one reader: one current answer, two in history', async () => {
    const { app, ada, current, item, token } = await anAsk()
    const reader = makeClient(app)
    const answer = (name: string, kind: 'approve' | 'decline') =>
      reader.post(`/api/shared/${token}/asks/${item.id}/answers`, { name, answer: kind })
    expect((await answer('Maria', 'approve')).status).toBe(201)
    expect((await answer('maria ', 'decline')).status).toBe(201)
    expect((await answer('Maria', 'approve')).status).toBe(201)
    expect((await answer('Omar', 'decline')).status).toBe(201)
    const [ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.answers.map((a) => [a.name, a.answer])).toEqual([
      ['Maria', 'approve'],
      ['Omar', 'decline'],
    ])
    expect(ask.history.map((a) => [a.name, a.answer])).toEqual([
      ['Maria', 'approve'],
      ['maria', 'decline'],
    ])
    for (const old of ask.history) expect(old.replaced_at).toBeString()
    // The reader's page shows the link's current answers only.
    const shared = (await reader.get(`/api/shared/${token}`)).json
    expect(shared.ask_answers.map((a: { answer: string }) => a.answer)).toEqual([
      'approve',
      'decline',
    ])
  })

  test('at the same moment too: one current answer, never a 500', async () => {
    const { app, ada, current, item, robToken } = await anAsk()
    const reader = makeClient(app)
    const results = await Promise.all(
      (['approve', 'decline', 'approve', 'decline'] as const).map((answer) =>
        reader.post(`/api/shared/${robToken}/asks/${item.id}/answers`, { answer }),
      ),
    )
    for (const res of results) expect([201, 409]).toContain(res.status)
    const [ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.answers).toHaveLength(1)
    expect(ask.answers.length + ask.history.length).toBe(
      results.filter((r) => r.status === 201).length,
    )
  })

  test('a personal link answers without a name, as its recipient', async () => {
    const { app, ada, current, item, robToken } = await anAsk()
    const reader = makeClient(app)
    const first = await reader.post(`/api/shared/${robToken}/asks/${item.id}/answers`, {
      answer: 'approve',
    })
    expect(first.status).toBe(201)
    expect(first.json.name).toBe('rob@example.com')
    // A name given on it is shown, and it is still the same reader.
    const second = await reader.post(`/api/shared/${robToken}/asks/${item.id}/answers`, {
      name: 'Rob Chen',
      answer: 'decline',
    })
    expect(second.status).toBe(201)
    const [ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.answers.map((a) => [a.name, a.answer])).toEqual([['Rob Chen', 'decline']])
    expect(ask.history.map((a) => a.answer)).toEqual(['approve'])
    // The shared page of that link shows Rob's current answer.
    const shared = (await reader.get(`/api/shared/${robToken}`)).json
    expect(shared.ask_answers).toEqual([expect.objectContaining({ answer: 'decline' })])
  })

  test('an answer to an earlier wording shows as such, and the ask is open again', async () => {
    const { app, ada, current, item, token } = await anAsk()
    expect((await ada.api.reports({ uuid: current.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    const reader = makeClient(app)
    const given = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
      name: 'Maria',
      answer: 'approve',
    })
    expect(given.json).toMatchObject({ edition_number: 1, earlier_wording: false })
    let [ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.open_again).toBe(false)
    // Edited but not sent: the readers still have the first wording.
    await ada.api['section-items']({ id: item.id }).put({
      content: 'Approve the Q1 hiring budget of $1.2M',
    })
    ;[ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.answers[0].earlier_wording).toBe(false)
    // Sent: the answer was given to an earlier wording, and the ask is open again.
    expect((await ada.api.reports({ uuid: current.uuid }).editions.post({})).status).toBe(201)
    ;[ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.answers).toEqual([
      expect.objectContaining({ name: 'Maria', edition_number: 1, earlier_wording: true }),
    ])
    expect(ask.open_again).toBe(true)
    // Answered again on the new wording: current, and the earlier one in history.
    const again = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
      name: 'Maria',
      answer: 'approve',
    })
    expect(again.json).toMatchObject({ edition_number: 2, earlier_wording: false })
    ;[ask] = (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks
    expect(ask.answers.map((a) => [a.edition_number, a.earlier_wording])).toEqual([[2, false]])
    expect(ask.history.map((a) => [a.edition_number, a.earlier_wording])).toEqual([[1, true]])
    expect(ask.open_again).toBe(false)
  })
})
