import { describe, expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { addDays } from '../../lib/weeks'
import { makeClient, signIn } from '../../test/helpers'
import { test, thisWeek, weekFrom } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'

// Through the typed client (`client.api`). By path only: answers the types refuse (bad input, a
// non-numeric item id), the e-mail's text and HTML (files) and the OpenAPI document.

const tokenOf = (url: string) => url.split('/r/')[1]

/** Ada's this-week report with 'Approve the Q1 hiring budget' marked as an ask, and a link. */
async function anAsk() {
  const base = await setUp()
  const { ada, current } = base
  const item = (
    await ada.api['section-items'].post({
      section_id: current.sections[0].id,
      content: 'Approve the Q1 hiring budget',
      project_id: base.apollo.id,
    })
  ).data!
  const marked = await ada.api['section-items']({ id: item.id }).put({ is_ask: true })
  const link = (await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 }))
    .data!
  return { ...base, item, marked, token: tokenOf(link.url), link }
}

describe('asks of the readers', () => {
  test('an ask answered from a private link reaches the author’s report page', async () => {
    const { app, ada, current, item, marked, token } = await anAsk()
    expect(marked.status).toBe(200)
    expect(marked.data!).toMatchObject({ id: item.id, is_ask: true, ask_closed_at: null })
    const reader = makeClient(app)
    const shared = await reader.api.shared({ token }).get()
    expect(shared.data!.report.asks).toEqual([
      { id: item.id, content: 'Approve the Q1 hiring budget', project_name: 'Apollo' },
    ])
    expect(shared.data!.ask_answers).toEqual([])

    const answer = await reader.api.shared({ token }).asks({ item_id: item.id }).answers.post({
      name: '  Maria\u0007 ',
      answer: 'approve',
    })
    expect(answer.status).toBe(201)
    expect(answer.data!).toEqual({
      id: expect.any(Number),
      item_id: item.id,
      name: 'Maria',
      answer: 'approve',
      text: null,
      created_at: expect.any(String),
      edition_number: null,
      earlier_wording: false,
      replaced_at: null,
    })
    const comment = await reader.api.shared({ token }).asks({ item_id: item.id }).answers.post({
      name: 'Omar',
      answer: 'comment',
      text: 'Only if the contractor budget shrinks',
    })
    expect(comment.status).toBe(201)
    // The reader sees the link's answers; the author sees every answer on the report page.
    expect(
      (await reader.api.shared({ token }).get()).data!.ask_answers?.map((a) => a.name),
    ).toEqual(['Maria', 'Omar'])
    const asks = await ada.api.reports({ uuid: current.uuid }).asks.get()
    expect(asks.status).toBe(200)
    expect(asks.data!.asks).toEqual([
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
        history: [],
        open_again: false,
        decision_id: null,
      },
    ])
    // The report's own answer carries the mark.
    const report = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    const items = report.sections.flatMap((s) => s.items)
    expect(items.find((i) => i.id === item.id)).toMatchObject({ is_ask: true })
  })

  test('only an open ask of that brief takes an answer: 404 otherwise, 409 once closed', async () => {
    const { app, ada, current, item, token, launch, last } = await anAsk()
    const reader = makeClient(app)
    const post = (
      id: number,
      body: { name: string; answer: 'approve' | 'decline' | 'comment' } = {
        name: 'Maria',
        answer: 'decline',
      },
    ) => reader.api.shared({ token }).asks({ item_id: id }).answers.post(body)
    // An item of the brief that is not an ask, an item of another report, of another user, none.
    expect((await post(launch.id)).status).toBe(404)
    const lastItem = (
      await ada.api['section-items'].post({ section_id: last.sections[0].id, content: 'Old ask' })
    ).data!
    await ada.api['section-items']({ id: lastItem.id }).put({ is_ask: true })
    expect((await post(lastItem.id)).status).toBe(404)
    const eve = await signIn(app, 'eve@example.com')
    await eve.api['section-templates'].post({ name: 'Notes', type: 'standard' })
    const evesReport = (await eve.api.reports.post({ week_start_date: thisWeek() })).data!
    const evesItem = (
      await eve.api['section-items'].post({ section_id: evesReport.sections[0].id, content: 'S' })
    ).data!
    await eve.api['section-items']({ id: evesItem.id }).put({ is_ask: true })
    expect((await post(evesItem.id)).status).toBe(404)
    expect((await post(999_999)).status).toBe(404)
    expect(
      (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks[0].answers,
    ).toEqual([])

    // Closed by the author: the brief no longer lists it, and it takes no answer.
    const closed = await ada.api.asks({ item_id: item.id }).put({ closed: true })
    expect(closed.status).toBe(200)
    expect(closed.data!.closed_at).toBeString()
    expect((await reader.api.shared({ token }).get()).data!.report.asks).toEqual([])
    const refused = await post(item.id)
    expect(refused.status).toBe(409)
    expect(refused.error?.value).toEqual({ error: 'This ask is closed' })
    // Opened again, it is answered again.
    expect(
      (await ada.api.asks({ item_id: item.id }).put({ closed: false })).data!.closed_at,
    ).toBeNull()
    expect((await post(item.id)).status).toBe(201)
    // Another user can neither read nor close Ada's asks.
    expect((await eve.api.reports({ uuid: current.uuid }).asks.get()).status).toBe(404)
    expect((await eve.api.asks({ item_id: item.id }).put({ closed: true })).status).toBe(404)
    expect((await ada.api.asks({ item_id: launch.id }).put({ closed: true })).status).toBe(404)
  })

  test('a sent report takes answers to the asks of its latest edition only', async () => {
    const { app, ada, current, item, token, launch } = await anAsk()
    expect((await ada.api.reports({ uuid: current.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    // Marked after the send: not in the edition the readers have.
    await ada.api['section-items']({ id: launch.id }).put({ is_ask: true })
    const reader = makeClient(app)
    const shared = (await reader.api.shared({ token }).get()).data!
    expect(shared.edition?.number).toBe(1)
    expect(shared.report.asks?.map((a) => a.id)).toEqual([item.id])
    const post = (id: number) =>
      reader.api
        .shared({ token })
        .asks({ item_id: id })
        .answers.post({ name: 'Maria', answer: 'approve' })
    expect((await post(launch.id)).status).toBe(404)
    expect((await post(item.id)).status).toBe(201)
    // 'Send update' freezes the new ask into the next edition.
    expect((await ada.api.reports({ uuid: current.uuid }).editions.post({})).status).toBe(201)
    expect((await post(launch.id)).status).toBe(201)
  })

  test('nothing after revocation or expiry; the readers’ limits count questions and answers together', async () => {
    const { app, db, ada, current, item, token, link } = await anAsk()
    const reader = makeClient(app)
    const answer = () =>
      reader.api
        .shared({ token })
        .asks({ item_id: item.id })
        .answers.post({ name: 'M', answer: 'approve' })
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
      // Bodies the types refuse go by path.
      const res = await reader.post(`/api/shared/${token}/asks/${item.id}/answers`, body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
    }
    expect(
      (await reader.post(`/api/shared/${token}/asks/abc/answers`, { name: 'M', answer: 'approve' }))
        .status,
    ).toBe(400)
    // Stored as text, answered as JSON, never as markup.
    const html = await reader.api.shared({ token }).asks({ item_id: item.id }).answers.post({
      name: '<img src=x onerror=alert(1)>',
      answer: 'comment',
      text: '<script>alert(1)</script>',
    })
    expect(html.status).toBe(201)
    expect(html.data!.text).toBe('<script>alert(1)</script>')
    // The same ten a minute from one address as questions and acknowledgements: 9 more, then 429.
    let status = 0
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await reader.api.shared({ token }).questions.post({ name: `R${i}`, text: 'Q' }))
        .status
    }
    expect(status).toBe(429)
    expect((await answer()).status).toBe(429)
    expect(
      (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks[0].answers,
    ).toHaveLength(1)

    // Expired and revoked links: the same 404 as every reader's route, nothing written.
    const other = await makeClient(app)
    const second = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    await db.exec(
      sql`UPDATE shares SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${second.id}`,
    )
    const expired = await other.api
      .shared({ token: tokenOf(second.url) })
      .asks({ item_id: item.id })
      .answers.post({
        name: 'M',
        answer: 'approve',
      })
    expect(expired.status).toBe(404)
    expect(expired.error?.value).toEqual({ error: 'This link is no longer available' })
    expect((await ada.api.shares({ id: link.id }).delete()).status).toBe(200)
    expect((await answer()).status).toBe(404)
    expect(
      (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks[0].answers,
    ).toHaveLength(1)
  })

  test('an open ask is carried into the next report’s follow-ups with its answers until closed', async () => {
    const { app, ada, current, item, token } = await anAsk()
    const reader = makeClient(app)
    await reader.api.shared({ token }).asks({ item_id: item.id }).answers.post({
      name: 'Maria',
      answer: 'comment',
      text: 'Which teams?',
    })
    const next = (await ada.api.reports.post({ week_start_date: addDays(thisWeek(), 7) })).data!
    const followups = next.sections.find((s) => s.section_type === 'followups')
    const copy = followups!.items.find((i) => i.carried_from_item_id === item.id)
    expect(copy).toMatchObject({
      content: 'Approve the Q1 hiring budget',
      item_type: 'followup',
      is_ask: true,
      ask_closed_at: null,
    })
    // The copy shows the answers given so far.
    const asks = (await ada.api.reports({ uuid: next.uuid }).asks.get()).data!.asks
    expect(asks).toHaveLength(1)
    expect(asks[0]).toMatchObject({ item_id: copy!.id, closed_at: null })
    expect(asks[0].answers.map((a) => a.text)).toEqual(['Which teams?'])
    // Closing the copy closes the ask it came from: the old brief takes no more answers, and the
    // week after carries it no further.
    expect((await ada.api.asks({ item_id: copy!.id }).put({ closed: true })).status).toBe(200)
    expect(
      (await ada.api.reports({ uuid: current.uuid }).asks.get()).data!.asks[0].closed_at,
    ).toBeString()
    expect(
      (
        await reader.api.shared({ token }).asks({ item_id: item.id }).answers.post({
          name: 'M',
          answer: 'approve',
        })
      ).status,
    ).toBe(409)
    const after = (await ada.api.reports.post({ week_start_date: addDays(thisWeek(), 14) })).data!
    const carried = after.sections.flatMap((s) => s.items)
    expect(carried.filter((i) => i.is_ask)).toEqual([])
    expect(weekFrom(-1) < thisWeek()).toBe(true)
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
    await ada.api
      .reports({ uuid: current.uuid })
      ['project-health']({ project_uuid: apollo.uuid })
      .put({
        health: 'at_risk',
      })
    await ada.api['section-items']({ id: item.id }).put({ content: 'Approve <b>Q1</b> budget' })
    const text = (await ada.get(`/api/reports/${current.uuid}/export?format=text`)).text
    expect(text).toContain('Asks of you\n-----------\n1. Approve <b>Q1</b> budget (Apollo)')
    expect(text.indexOf('Project health')).toBeLessThan(text.indexOf('Asks of you'))
    const html = (await ada.get(`/api/reports/${current.uuid}/export?format=html`)).text
    expect(html).toContain('Approve &lt;b&gt;Q1&lt;/b&gt; budget')
    await ada.api.asks({ item_id: item.id }).put({ closed: true })
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
