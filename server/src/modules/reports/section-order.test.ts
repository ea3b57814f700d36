import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { createTestApp, signIn } from '../../test/helpers'

// Settings' order of sections (issue 46): a report made after a reorder takes it, and the draft
// can take it with PUT /api/reports/:uuid/sections/order. Both engines.

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  const bob = await signIn(ctx.app, 'bob@example.com')
  const templates: { id: number; name: string }[] = []
  for (const name of ['Wins', 'Risks', 'Asks'])
    templates.push((await ada.post('/api/section-templates', { name, type: 'standard' })).json)
  return { ...ctx, ada, bob, templates }
}

const names = (report: { sections: { section_name: string }[] }) =>
  report.sections.map((s) => s.section_name)

describe("a report's sections in Settings' order", () => {
  test('a report created after PUT /api/section-templates/reorder uses the new order', async () => {
    const { ada, templates } = await setup()
    const before = (await ada.post('/api/reports', { week_start_date: '2026-11-09' })).json
    expect(names(before)).toEqual(['Wins', 'Risks', 'Asks'])
    const [wins, risks, asks] = templates
    const reordered = await ada.put('/api/section-templates/reorder', {
      sections: [
        { id: asks.id, sort_order: 0 },
        { id: wins.id, sort_order: 1 },
        { id: risks.id, sort_order: 2 },
      ],
    })
    expect(reordered.status).toBe(200)
    const after = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    expect(names(after)).toEqual(['Asks', 'Wins', 'Risks'])
    // The earlier report keeps its own order until asked.
    const earlier = (await ada.get(`/api/reports/${before.uuid}`)).json
    expect(names(earlier)).toEqual(['Wins', 'Risks', 'Asks'])
  })

  test('PUT /api/reports/:uuid/sections/order takes every section once, else 400 and no change', async () => {
    const { ada, bob, db } = await setup()
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const older = (await ada.post('/api/reports', { week_start_date: '2026-11-09' })).json
    const [w, r, a] = report.sections.map((s: { id: number }) => s.id)
    const stored = async () =>
      JSON.stringify(
        await db.rows(sql`SELECT id, report_id, sort_order FROM report_sections ORDER BY id`),
      )
    const unchanged = await stored()
    const put = (ids: unknown, client = ada, uuid = report.uuid) =>
      client.put(`/api/reports/${uuid}/sections/order`, { section_ids: ids })
    const exactlyOnce = "section_ids must list each of the report's sections exactly once"
    for (const ids of [[w, r], [w, r, a, a], [w, r, r], [w, r, older.sections[0].id], []]) {
      const answer = await put(ids)
      expect([answer.status, answer.json.error]).toEqual([400, exactlyOnce])
    }
    for (const ids of [[w, r, 'a'], 'x', [0, 1, 2]]) expect((await put(ids)).status).toBe(400)
    // Another user's report, or none: 404.
    expect((await put([w, r, a], bob)).status).toBe(404)
    expect((await put([w, r, a], ada, 'no-such-report')).status).toBe(404)
    expect(await stored()).toBe(unchanged)
    // The good one.
    const done = await put([a, w, r])
    expect([done.status, done.json]).toEqual([200, { section_ids: [a, w, r] }])
    expect(names((await ada.get(`/api/reports/${report.uuid}`)).json)).toEqual([
      'Asks',
      'Wins',
      'Risks',
    ])
    // The other report is untouched.
    expect(names((await ada.get(`/api/reports/${older.uuid}`)).json)).toEqual([
      'Wins',
      'Risks',
      'Asks',
    ])
  })
})
