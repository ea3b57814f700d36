import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { addDays } from '../../lib/weeks'
import { makeClient, signIn } from '../../test/helpers'
import { LAST_WEEK, twoWeeksOfAda as setUp, THIS_WEEK } from '../../test/two-weeks'

const tokenOf = (url: string) => url.split('/r/')[1]

/** Ada's this-week report with 'Approve the Q1 hiring budget' marked as an ask, and a link. */
async function anAsk() {
  const base = await setUp()
  const { ada, current } = base
  const item = (
    await ada.post('/api/section-items', {
      section_id: current.sections[0].id,
      content: 'Approve the Q1 hiring budget',
      project_id: base.apollo.id,
    })
  ).json
  const marked = await ada.put(`/api/section-items/${item.id}`, { is_ask: true })
  const link = (await ada.post(`/api/reports/${current.uuid}/shares`, {})).json
  return { ...base, item, marked, token: tokenOf(link.url), link }
}

describe('asks of the readers', () => {
  test('an ask answered from a private link reaches the author’s report page', async () => {
    const { app, ada, current, item, marked, token } = await anAsk()
    expect(marked.status).toBe(200)
    expect(marked.json).toMatchObject({ id: item.id, is_ask: true, ask_closed_at: null })
    const reader = makeClient(app)
    const shared = await reader.get(`/api/shared/${token}`)
    expect(shared.json.report.asks).toEqual([
      { id: item.id, content: 'Approve the Q1 hiring budget', project_name: 'Apollo' },
    ])
    expect(shared.json.ask_answers).toEqual([])

    const answer = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
      name: '  Maria\u0007 ',
      answer: 'approve',
    })
    expect(answer.status).toBe(201)
    expect(answer.json).toEqual({
      id: expect.any(Number),
      item_id: item.id,
      name: 'Maria',
      answer: 'approve',
      text: null,
      created_at: expect.any(String),
    })
    const comment = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
      name: 'Omar',
      answer: 'comment',
      text: 'Only if the contractor budget shrinks',
    })
    expect(comment.status).toBe(201)
    // The reader sees the link's answers; the author sees every answer on the report page.
    expect(
      (await reader.get(`/api/shared/${token}`)).json.ask_answers.map(
        (a: { name: string }) => a.name,
      ),
    ).toEqual(['Maria', 'Omar'])
    const asks = await ada.get(`/api/reports/${current.uuid}/asks`)
    expect(asks.status).toBe(200)
    expect(asks.json.asks).toEqual([
      {
        item_id: item.id,
        content: 'Approve the Q1 hiring budget',
        project_name: 'Apollo',
        closed_at: null,
        answers: [
          expect.objectContaining({ name: 'Maria', answer: 'approve', text: null }),
          expect.objectContaining({
            name: 'Omar',
            answer: 'comment',
            text: 'Only if the contractor budget shrinks',
          }),
        ],
      },
    ])
    // The report's own answer carries the mark.
    const report = (await ada.get(`/api/reports/${current.uuid}`)).json
    const items = report.sections.flatMap((s: { items: unknown[] }) => s.items)
    expect(items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ is_ask: true })
  })

  test('only an open ask of that brief takes an answer: 404 otherwise, 409 once closed', async () => {
    const { app, ada, current, item, token, launch, last } = await anAsk()
    const reader = makeClient(app)
    const post = (id: number, body: object = { name: 'Maria', answer: 'decline' }) =>
      reader.post(`/api/shared/${token}/asks/${id}/answers`, body)
    // An item of the brief that is not an ask, an item of another report, of another user, none.
    expect((await post(launch.id)).status).toBe(404)
    const lastItem = (
      await ada.post('/api/section-items', { section_id: last.sections[0].id, content: 'Old ask' })
    ).json
    await ada.put(`/api/section-items/${lastItem.id}`, { is_ask: true })
    expect((await post(lastItem.id)).status).toBe(404)
    const eve = await signIn(app, 'eve@example.com')
    await eve.post('/api/section-templates', { name: 'Notes', type: 'standard' })
    const evesReport = (await eve.post('/api/reports', { week_start_date: THIS_WEEK })).json
    const evesItem = (
      await eve.post('/api/section-items', { section_id: evesReport.sections[0].id, content: 'S' })
    ).json
    await eve.put(`/api/section-items/${evesItem.id}`, { is_ask: true })
    expect((await post(evesItem.id)).status).toBe(404)
    expect((await post(999_999)).status).toBe(404)
    expect((await ada.get(`/api/reports/${current.uuid}/asks`)).json.asks[0].answers).toEqual([])

    // Closed by the author: the brief no longer lists it, and it takes no answer.
    const closed = await ada.put(`/api/asks/${item.id}`, { closed: true })
    expect(closed.status).toBe(200)
    expect(closed.json.closed_at).toBeString()
    expect((await reader.get(`/api/shared/${token}`)).json.report.asks).toEqual([])
    const refused = await post(item.id)
    expect(refused.status).toBe(409)
    expect(refused.json.error).toBe('This ask is closed')
    // Opened again, it is answered again.
    expect((await ada.put(`/api/asks/${item.id}`, { closed: false })).json.closed_at).toBeNull()
    expect((await post(item.id)).status).toBe(201)
    // Another user can neither read nor close Ada's asks.
    expect((await eve.get(`/api/reports/${current.uuid}/asks`)).status).toBe(404)
    expect((await eve.put(`/api/asks/${item.id}`, { closed: true })).status).toBe(404)
    expect((await ada.put(`/api/asks/${launch.id}`, { closed: true })).status).toBe(404)
  })

  test('a sent report takes answers to the asks of its latest edition only', async () => {
    const { app, ada, current, item, token, launch } = await anAsk()
    expect((await ada.put(`/api/reports/${current.uuid}`, { is_submitted: true })).status).toBe(200)
    // Marked after the send: not in the edition the readers have.
    await ada.put(`/api/section-items/${launch.id}`, { is_ask: true })
    const reader = makeClient(app)
    const shared = (await reader.get(`/api/shared/${token}`)).json
    expect(shared.edition.number).toBe(1)
    expect(shared.report.asks.map((a: { id: number }) => a.id)).toEqual([item.id])
    const post = (id: number) =>
      reader.post(`/api/shared/${token}/asks/${id}/answers`, { name: 'Maria', answer: 'approve' })
    expect((await post(launch.id)).status).toBe(404)
    expect((await post(item.id)).status).toBe(201)
    // 'Send update' freezes the new ask into the next edition.
    expect((await ada.post(`/api/reports/${current.uuid}/editions`, {})).status).toBe(201)
    expect((await post(launch.id)).status).toBe(201)
  })

  test('nothing after revocation or expiry; the readers’ limits count questions and answers together', async () => {
    const { app, db, ada, current, item, token, link } = await anAsk()
    const reader = makeClient(app)
    const answer = () =>
      reader.post(`/api/shared/${token}/asks/${item.id}/answers`, { name: 'M', answer: 'approve' })
    // Bad input: nothing written.
    const bad = [
      { name: '', answer: 'approve' },
      { name: '   ', answer: 'approve' },
      { name: 'M', answer: 'maybe' },
      { name: 'M', answer: 'comment' },
      { name: 'M', answer: 'comment', text: '  ' },
      { name: 'M', answer: 'comment', text: 'x'.repeat(2001) },
      { name: 'x'.repeat(101), answer: 'approve' },
    ]
    for (const body of bad) {
      const res = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
    }
    expect(
      (await reader.post(`/api/shared/${token}/asks/abc/answers`, { name: 'M', answer: 'approve' }))
        .status,
    ).toBe(400)
    // Stored as text, answered as JSON, never as markup.
    const html = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
      name: '<img src=x onerror=alert(1)>',
      answer: 'comment',
      text: '<script>alert(1)</script>',
    })
    expect(html.status).toBe(201)
    expect(html.json.text).toBe('<script>alert(1)</script>')
    // The same ten a minute from one address as questions and acknowledgements: 9 more, then 429.
    let status = 0
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await reader.post(`/api/shared/${token}/questions`, { name: `R${i}`, text: 'Q' }))
        .status
    }
    expect(status).toBe(429)
    expect((await answer()).status).toBe(429)
    expect((await ada.get(`/api/reports/${current.uuid}/asks`)).json.asks[0].answers).toHaveLength(
      1,
    )

    // Expired and revoked links: the same 404 as every reader's route, nothing written.
    const other = await makeClient(app)
    const second = (await ada.post(`/api/reports/${current.uuid}/shares`, {})).json
    await db.exec(
      sql`UPDATE shares SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${second.id}`,
    )
    const expired = await other.post(`/api/shared/${tokenOf(second.url)}/asks/${item.id}/answers`, {
      name: 'M',
      answer: 'approve',
    })
    expect(expired.status).toBe(404)
    expect(expired.json.error).toBe('This link is no longer available')
    expect((await ada.delete(`/api/shares/${link.id}`)).status).toBe(200)
    expect((await answer()).status).toBe(404)
    expect((await ada.get(`/api/reports/${current.uuid}/asks`)).json.asks[0].answers).toHaveLength(
      1,
    )
  })

  test('an open ask is carried into the next report’s follow-ups with its answers until closed', async () => {
    const { app, ada, current, item, token } = await anAsk()
    const reader = makeClient(app)
    await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
      name: 'Maria',
      answer: 'comment',
      text: 'Which teams?',
    })
    const next = (await ada.post('/api/reports', { week_start_date: addDays(THIS_WEEK, 7) })).json
    const followups = next.sections.find(
      (s: { section_type: string }) => s.section_type === 'followups',
    )
    const copy = followups.items.find(
      (i: { carried_from_item_id: number }) => i.carried_from_item_id === item.id,
    )
    expect(copy).toMatchObject({
      content: 'Approve the Q1 hiring budget',
      item_type: 'followup',
      is_ask: true,
      ask_closed_at: null,
    })
    // The copy shows the answers given so far.
    const asks = (await ada.get(`/api/reports/${next.uuid}/asks`)).json.asks
    expect(asks).toHaveLength(1)
    expect(asks[0]).toMatchObject({ item_id: copy.id, closed_at: null })
    expect(asks[0].answers.map((a: { text: string }) => a.text)).toEqual(['Which teams?'])
    // Closing the copy closes the ask it came from: the old brief takes no more answers, and the
    // week after carries it no further.
    expect((await ada.put(`/api/asks/${copy.id}`, { closed: true })).status).toBe(200)
    expect((await ada.get(`/api/reports/${current.uuid}/asks`)).json.asks[0].closed_at).toBeString()
    expect(
      (
        await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, {
          name: 'M',
          answer: 'approve',
        })
      ).status,
    ).toBe(409)
    const after = (await ada.post('/api/reports', { week_start_date: addDays(THIS_WEEK, 14) })).json
    const carried = after.sections.flatMap((s: { items: { is_ask: boolean }[] }) => s.items)
    expect(carried.filter((i: { is_ask: boolean }) => i.is_ask)).toEqual([])
    expect(LAST_WEEK < THIS_WEEK).toBe(true)
  })

  test('the account export and import keep which items are asks and which are closed', async () => {
    const { app, ada, item, launch } = await anAsk()
    expect((await ada.api['section-items']({ id: launch.id }).put({ is_ask: true })).status).toBe(
      200,
    )
    expect((await ada.api.asks({ item_id: launch.id }).put({ closed: true })).status).toBe(200)
    const doc = (await ada.api.export.get()).data!
    const eve = await signIn(app, 'eve@example.com')
    expect((await eve.api.import.post(doc)).status).toBe(200)
    const reports = (await eve.api.reports.get()).data!
    const items: { content: string; is_ask?: boolean; ask_closed_at?: string | null }[] = []
    for (const r of reports) {
      const full = (await eve.api.reports({ uuid: r.uuid }).get()).data!
      items.push(...full.sections.flatMap((s) => s.items))
    }
    const byContent = (c: string) => items.find((i) => i.content === c)!
    expect(byContent(item.content)).toMatchObject({ is_ask: true, ask_closed_at: null })
    expect(byContent(launch.content).is_ask).toBe(true)
    expect(byContent(launch.content).ask_closed_at).toBeString()
    expect(byContent('Zephyr pilot')).toMatchObject({ is_ask: false, ask_closed_at: null })
  })

  test('the e-mail lists the open asks right after the health table, escaped', async () => {
    const { ada, current, apollo, item } = await anAsk()
    await ada.put(`/api/reports/${current.uuid}/project-health/${apollo.uuid}`, {
      health: 'at_risk',
    })
    await ada.put(`/api/section-items/${item.id}`, { content: 'Approve <b>Q1</b> budget' })
    const text = (await ada.get(`/api/reports/${current.uuid}/export?format=text`)).text
    expect(text).toContain('Asks of you\n-----------\n1. Approve <b>Q1</b> budget (Apollo)')
    expect(text.indexOf('Project health')).toBeLessThan(text.indexOf('Asks of you'))
    const html = (await ada.get(`/api/reports/${current.uuid}/export?format=html`)).text
    expect(html).toContain('Approve &lt;b&gt;Q1&lt;/b&gt; budget')
    await ada.put(`/api/asks/${item.id}`, { closed: true })
    expect((await ada.get(`/api/reports/${current.uuid}/export?format=text`)).text).not.toContain(
      'Asks of you',
    )
  })

  test('the OpenAPI document has every asks route with its answer schema', async () => {
    const { app } = await setUp()
    const doc = (await makeClient(app).get('/api/openapi.json')).json
    const answers = doc.paths['/api/shared/{token}/asks/{item_id}/answers']
    expect(Object.keys(answers)).toEqual(['post'])
    expect(JSON.stringify(answers.post.responses['201'])).toContain('"answer"')
    expect(Object.keys(doc.paths['/api/reports/{uuid}/asks'])).toEqual(['get'])
    expect(JSON.stringify(doc.paths['/api/asks/{item_id}'].put.responses['200'])).toContain(
      'closed_at',
    )
    expect(answers.post.tags).toEqual(['asks'])
    // The item's own answer documents the mark.
    expect(JSON.stringify(doc.paths['/api/section-items/{id}'].put.responses['200'])).toContain(
      'is_ask',
    )
  })
})
