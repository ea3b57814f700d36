import { describe, expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { makeClient, ORIGIN, signIn } from '../../test/helpers'
import { test } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'
import { readerLinksFor } from './recipient-links'
import { syncShareViews } from './views'

// Issue 41: each recipient's link attributes what its reader does; a reader's question stays
// between reader and author.

async function sentWithReaders() {
  const base = await setUp()
  const { ada, current, db, config } = base
  const row = await db.row<{ id: number; user_id: number }>(
    sql`SELECT id, user_id FROM reports WHERE uuid = ${current.uuid}`,
  )
  const report = { id: Number(row!.id), user_id: Number(row!.user_id) }
  const links = await readerLinksFor({ db, config }, report, [
    'rob@example.com',
    'lena@example.com',
  ])
  const anonymous = (
    await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
  ).data!
  return {
    ...base,
    report,
    rob: links.get('rob@example.com')!,
    lena: links.get('lena@example.com')!,
    anonymous: anonymous.url.split('/r/')[1],
  }
}

describe("readers of a report's links", () => {
  test('opens and acknowledgements are attributed to each recipient, without a name', async () => {
    const { app, db, ada, current, rob, lena, anonymous } = await sentWithReaders()
    expect((await ada.api.reports({ uuid: current.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    const reader = makeClient(app)
    // A bare fetch of the page (a mail scanner) records nothing; the page's load of the brief does.
    await app.handle(new Request(`${ORIGIN}/r/${lena}`))
    const page = await reader.get(`/api/shared/${rob}`)
    expect(page.status).toBe(200)
    expect(page.json.personal).toBe(true)
    expect((await reader.get(`/api/shared/${anonymous}`)).json.personal).toBe(false)
    // 'Read — thanks' on a personal link needs no name, and counts once.
    const ack = await reader.post(`/api/shared/${rob}/acknowledgements`, {})
    expect(ack.status).toBe(201)
    expect(ack.json.name).toBe('rob@example.com')
    const again = await reader.post(`/api/shared/${rob}/acknowledgements`, {})
    expect(again.status).toBe(201)
    expect(again.json.id).toBe(ack.json.id)
    // An anonymous link still asks a name.
    const nameless = await reader.post(`/api/shared/${anonymous}/acknowledgements`, {})
    expect(nameless.status).toBe(400)
    expect(nameless.json.error).toBe('Name is required')
    expect(
      (await reader.post(`/api/shared/${anonymous}/acknowledgements`, { name: 'Maria' })).status,
    ).toBe(201)
    await syncShareViews(db)

    const res = await ada.get(`/api/reports/${current.uuid}/readers`)
    expect(res.status).toBe(200)
    expect(res.json.readers).toEqual([
      {
        share_id: expect.any(Number),
        recipient_email: 'lena@example.com',
        name: null,
        edition_number: null,
        opened_at: null,
        acknowledged_at: null,
        revoked_at: null,
      },
      {
        share_id: expect.any(Number),
        recipient_email: 'rob@example.com',
        name: 'rob@example.com',
        edition_number: 1,
        opened_at: expect.any(String),
        acknowledged_at: expect.any(String),
        revoked_at: null,
      },
      {
        share_id: expect.any(Number),
        recipient_email: null,
        name: 'Maria',
        edition_number: 1,
        opened_at: expect.any(String),
        acknowledged_at: expect.any(String),
        revoked_at: null,
      },
    ])
    expect(
      (await db.rows(sql`SELECT id FROM share_acknowledgements WHERE report_id = ${current.id}`))
        .length,
    ).toBe(2)
    // After 'Send update', an open records the new edition.
    expect((await ada.api.reports({ uuid: current.uuid }).editions.post({})).status).toBe(201)
    await reader.get(`/api/shared/${rob}`)
    await syncShareViews(db)
    const after = (await ada.get(`/api/reports/${current.uuid}/readers`)).json.readers
    expect(after[1]).toMatchObject({ recipient_email: 'rob@example.com', edition_number: 2 })
    // The personal link is listed with the report's links.
    const shares = (await ada.api.shares.get()).data!.shares
    expect(shares.map((s) => s.recipient_email ?? '(anonymous)').sort()).toEqual([
      '(anonymous)',
      'lena@example.com',
      'rob@example.com',
    ])
  })

  test("the author's only: another user and no session get 404 and 401", async () => {
    const { app, current } = await sentWithReaders()
    const eve = await signIn(app, 'eve@example.com')
    const res = await eve.get(`/api/reports/${current.uuid}/readers`)
    expect(res.status).toBe(404)
    expect(JSON.stringify(res.json)).not.toContain('rob@example.com')
    expect((await makeClient(app).get(`/api/reports/${current.uuid}/readers`)).status).toBe(401)
  })
})

describe("readers' questions stay private", () => {
  test('no asker name in the follow-up, the edition or the shared page; in a brief only when included', async () => {
    const { app, ada, current, rob, anonymous } = await sentWithReaders()
    const reader = makeClient(app)
    const asked = await reader.post(`/api/shared/${anonymous}/questions`, {
      name: 'Lena Park',
      text: 'Why is Apollo at risk?',
    })
    expect(asked.status).toBe(201)
    const robAsked = await reader.post(`/api/shared/${rob}/questions`, {
      text: 'What does the vendor say?',
    })
    expect(robAsked.status).toBe(201)
    // The asker's own link says 'You'; an anonymous link never names who asked.
    const robsPage = (await reader.get(`/api/shared/${rob}`)).json
    expect(robsPage.questions).toEqual([
      expect.objectContaining({ name: 'You', text: 'What does the vendor say?' }),
    ])
    const anonymousPage = JSON.stringify((await reader.get(`/api/shared/${anonymous}`)).json)
    expect(anonymousPage).not.toContain('Lena')
    // The author knows who asked.
    const inbox = (await ada.api.questions.get()).data!
    expect(inbox.questions.map((q) => q.name).sort()).toEqual(['Lena Park', 'rob@example.com'])
    // The follow-ups are the author's, marked from a reader, without the asker's name.
    const report = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    const followups = report.sections.flatMap((s) => s.items).filter((i) => i.from_reader)
    expect(followups).toHaveLength(2)
    for (const item of followups) {
      expect(item.content).not.toContain('Lena')
      expect(item.content).not.toContain('rob@')
      expect(item.include_in_brief).toBe(false)
    }
    const lenas = followups.find((i) => i.content.includes('Apollo'))!
    // Not in the shared page, nor in the edition a Send freezes.
    const shared = JSON.stringify((await reader.get(`/api/shared/${anonymous}`)).json.report)
    expect(shared).not.toContain('Why is Apollo at risk?')
    expect(shared).not.toContain('Lena Park')
    expect((await ada.api.reports({ uuid: current.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    const first = await ada.get(`/api/reports/${current.uuid}/editions/1`)
    expect(first.status).toBe(200)
    expect(JSON.stringify(first.json)).not.toContain('Why is Apollo at risk?')
    expect(JSON.stringify(first.json)).not.toContain('Lena')
    // Included by the author: in the next edition, still without the name.
    const included = await ada.api['section-items']({ id: lenas.id }).put({
      include_in_brief: true,
    })
    expect(included.status).toBe(200)
    expect(included.data!).toMatchObject({ from_reader: true, include_in_brief: true })
    expect((await ada.api.reports({ uuid: current.uuid }).editions.post({})).status).toBe(201)
    const second = JSON.stringify((await ada.get(`/api/reports/${current.uuid}/editions/2`)).json)
    expect(second).toContain('Why is Apollo at risk?')
    expect(second).not.toContain('What does the vendor say?')
    expect(second).not.toContain('Lena')
    const sharedNow = JSON.stringify((await reader.get(`/api/shared/${rob}`)).json.report)
    expect(sharedNow).toContain('Why is Apollo at risk?')
    expect(sharedNow).not.toContain('Lena')
    expect(
      (await ada.put(`/api/section-items/${lenas.id}`, { include_in_brief: 'yes' })).status,
    ).toBe(400)
  })

  test("carried into next week, a reader's follow-up stays private", async () => {
    const { app, ada, anonymous, current } = await sentWithReaders()
    const reader = makeClient(app)
    await reader.post(`/api/shared/${anonymous}/questions`, { name: 'Lena Park', text: 'Budget?' })
    const next = (
      await ada.api.reports.post({
        week_start_date: new Date(Date.parse(`${current.week_start_date}T00:00:00Z`) + 7 * 864e5)
          .toISOString()
          .slice(0, 10),
        carry_over: true,
      })
    ).data!
    const carried = next.sections
      .flatMap((s) => s.items)
      .filter((i) => i.content.includes('Budget?'))
    expect(carried).toHaveLength(1)
    expect(carried[0]).toMatchObject({ from_reader: true, include_in_brief: false })
    const link = (await ada.api.reports({ uuid: next.uuid }).shares.post({ expires_in_days: 7 }))
      .data!
    const brief = JSON.stringify(
      (await reader.get(`/api/shared/${link.url.split('/r/')[1]}`)).json.report,
    )
    expect(brief).not.toContain('Budget?')
  })
})

describe("a reader's follow-up in the account export", () => {
  test('stays private after an import', async () => {
    const { app, ada, anonymous } = await sentWithReaders()
    const reader = makeClient(app)
    await reader.post(`/api/shared/${anonymous}/questions`, { name: 'Lena Park', text: 'Budget?' })
    const doc = (await ada.get('/api/export')).json
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.post('/api/import', doc)).status).toBe(200)
    const reports = (await bob.get('/api/reports')).json as Array<{ uuid: string }>
    const items = []
    for (const r of reports)
      items.push(
        ...(await bob.get(`/api/reports/${r.uuid}`)).json.sections.flatMap(
          (s: { items: unknown[] }) => s.items,
        ),
      )
    const followup = items.find((i: { content: string }) => i.content.includes('Budget?'))
    expect(followup).toMatchObject({ from_reader: true, include_in_brief: false })
  })
})
