import { describe, expect } from 'bun:test'
import { test, weekFrom } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'

// Issue 41: an ask is recorded as a decision at most once across its carried copies, keeping
// its project.

describe('an ask decided once', () => {
  test('across carried copies: the second attempt is a 409 naming the first; the project is kept', async () => {
    const { ada, apollo, zephyr, current } = await setUp()
    // An ask on this week's report, carried into next week's.
    const next = weekFrom(1)
    const ask = (
      await ada.api['section-items'].post({
        section_id: current.sections[0].id,
        content: 'Approve the Q1 hiring budget',
        project_id: apollo.id,
      })
    ).data!
    await ada.api['section-items']({ id: ask.id }).put({ is_ask: true })
    const later = (await ada.api.reports.post({ week_start_date: next, carry_over: false })).data!
    const carried = await ada.post(`/api/reports/${later.uuid}/carry-over`, {})
    const reportNow = (await ada.api.reports({ uuid: later.uuid }).get()).data!
    const copy = reportNow.sections
      .flatMap((s) => s.items)
      .find((i) => i.content === 'Approve the Q1 hiring budget')
    expect([200, 201]).toContain(carried.status)
    expect(copy).toBeDefined()
    expect(copy!.carried_from_item_id).not.toBeNull()

    // Recorded from the copy, without a project: it keeps the ask's.
    const first = await ada.api.decisions.post({
      title: 'Approved the Q1 hiring budget',
      decided_on: next,
      source_item_id: copy!.id,
    })
    expect(first.status).toBe(200)
    expect(first.data!).toMatchObject({ project_uuid: apollo.uuid, source_item_id: copy!.id })
    // Both reports' asks name the decision, the original and its carried copy alike.
    for (const uuid of [current.uuid, later.uuid]) {
      const asks = (await ada.api.reports({ uuid }).asks.get()).data!.asks
      expect(asks.find((a) => a.content === 'Approve the Q1 hiring budget')?.decision_id).toBe(
        first.data!.id,
      )
    }
    // Again from the copy, or from the original: 409, naming the first.
    for (const source of [copy!.id, ask.id]) {
      const again = await ada.post('/api/decisions', {
        title: 'Approved again',
        decided_on: next,
        source_item_id: source,
      })
      expect(again.status).toBe(409)
      expect(again.json).toMatchObject({
        error: 'This ask is already recorded as a decision',
        decision_id: first.data!.id,
      })
    }
    // At the same moment from both: one decision.
    const other = (
      await ada.api['section-items'].post({
        section_id: reportNow.sections[0].id,
        content: 'Approve the vendor',
        project_id: zephyr.id,
      })
    ).data!
    await ada.api['section-items']({ id: other.id }).put({ is_ask: true })
    const vendorAsk = async () =>
      (await ada.api.reports({ uuid: later.uuid }).asks.get()).data!.asks.find(
        (a) => a.content === 'Approve the vendor',
      )
    expect((await vendorAsk())?.decision_id).toBeNull()
    const both = await Promise.all(
      [1, 2, 3].map(() =>
        ada.post('/api/decisions', { title: 'Vendor', decided_on: next, source_item_id: other.id }),
      ),
    )
    expect(both.map((r) => r.status).sort()).toEqual([200, 409, 409])
    const winner = both.find((r) => r.status === 200)!.json as { id: number }
    expect((await vendorAsk())?.decision_id).toBe(winner.id)
    // A project given wins; an item that is not an ask is not limited.
    const list = (await ada.api.decisions.get({ query: {} })).data!
    expect(list.filter((d) => d.title === 'Vendor')).toEqual([
      expect.objectContaining({ project_uuid: zephyr.uuid }),
    ])
    const plain = (
      await ada.api['section-items'].post({ section_id: reportNow.sections[0].id, content: 'Note' })
    ).data!
    for (let i = 0; i < 2; i++) {
      const res = await ada.api.decisions.post({
        title: `Plain ${i}`,
        decided_on: next,
        source_item_id: plain.id,
        project_uuid: apollo.uuid,
      })
      expect(res.status).toBe(200)
    }
  })
})
