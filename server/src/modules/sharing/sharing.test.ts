import { describe, expect } from 'bun:test'
import { createTestApp, makeClient, ORIGIN, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'
import { syncShareViews } from './views'

// Through the typed client (`client.api`). By path only: a link's lifetime the types refuse.

const tokenOf = (url: string) => url.split('/r/')[1]

describe('private links', () => {
  test('a reader opens the brief without an account and sees names only, never e-mails', async () => {
    const { app, db, ada, apollo, current } = await setUp()
    await ada.api
      .reports({ uuid: current.uuid })
      ['project-health']({ project_uuid: apollo.uuid })
      .put({
        health: 'at_risk',
        note: 'Vendor late',
      })
    const created = await ada.api
      .reports({ uuid: current.uuid })
      .shares.post({ expires_in_days: 7 })
    expect(created.status).toBe(201)
    expect(created.data!.url).toStartWith(`${ORIGIN}/r/`)
    const token = tokenOf(created.data!.url!)
    // At least 128 bits: 256 random bits in base64url.
    expect(token.length).toBeGreaterThanOrEqual(43)
    const days = (Date.parse(created.data!.expires_at!) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThan(7.1)

    const reader = makeClient(app)
    const shared = await reader.api.shared({ token }).get()
    expect(shared.status).toBe(200)
    expect(shared.response.headers.get('cache-control')).toBe('no-store')
    expect(shared.response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(shared.response.headers.get('x-robots-tag')).toContain('noindex')
    expect(shared.data!.report).toMatchObject({ title: 'Week brief', summary: 'All good' })
    expect(shared.data!.report.project_health[0]).toMatchObject({
      project_name: 'Apollo',
      health: 'at_risk',
    })
    expect(shared.data!.report.sections[0].items[0]).toEqual({
      id: expect.any(Number),
      content: 'Apollo launch',
      is_completed: false,
      project_name: 'Apollo',
      assignee_name: 'Tom Reed',
    })
    const body = JSON.stringify(shared.data)
    expect(body).not.toContain('tom@example.com')
    expect(body).not.toContain('ada@example.com')
    expect(body).not.toContain('user_id')
    expect(body).not.toContain(current.uuid)

    // The author sees how many times and when, never who; the token is never listed. Views
    // reach the database in batches (views.ts).
    await reader.api.shared({ token }).get()
    await syncShareViews(db)
    const list = await ada.api.shares.get()
    expect(list.data!.shares).toHaveLength(1)
    expect(list.data!.shares[0]).toMatchObject({
      report_uuid: current.uuid,
      views: 2,
      revoked_at: null,
    })
    expect(list.data!.shares[0].last_viewed_at).toBeString()
    expect(JSON.stringify(list.data)).not.toContain(token)
  })

  test('revoked at once; an expired, revoked or wrong token answers the same 404', async () => {
    const { app, db, ada, current } = await setUp()
    const reader = makeClient(app)
    const never = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: null })
    ).data!
    expect(never.expires_at).toBeNull()
    const token = tokenOf(never.url!)
    expect((await reader.api.shared({ token }).get()).status).toBe(200)
    expect((await ada.api.shares({ id: never.id }).delete()).status).toBe(200)
    const gone = await reader.api.shared({ token }).get()
    expect(gone.status).toBe(404)
    expect(gone.error?.value).toEqual({ error: 'This link is no longer available' })
    expect(gone.response.headers.get('cache-control')).toBe('no-store')
    const ask = await reader.api.shared({ token }).questions.post({ name: 'Maria', text: 'Why?' })
    expect(ask.status).toBe(404)

    const expiring = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const days = (Date.parse(expiring.expires_at!) - Date.now()) / 86_400_000
    expect(Math.round(days)).toBe(30)
    const { sql } = await import('drizzle-orm')
    await db.exec(
      sql`UPDATE shares SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${expiring.id}`,
    )
    expect((await reader.api.shared({ token: tokenOf(expiring.url!) }).get()).error?.value).toEqual(
      {
        error: 'This link is no longer available',
      },
    )
    expect((await reader.api.shared({ token: 'x'.repeat(43) }).get()).status).toBe(404)
    // A body the types refuse goes by path.
    expect(
      (await ada.post(`/api/reports/${current.uuid}/shares`, { expires_in_days: 12 })).status,
    ).toBe(400)
  })

  test('another user can neither share nor list nor revoke Ada’s links', async () => {
    const { app, ada, current } = await setUp()
    const link = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const eve = await signIn(app, 'eve@example.com')
    expect(
      (await eve.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })).status,
    ).toBe(404)
    expect((await eve.api.shares.get()).data!.shares).toEqual([])
    expect((await eve.api.shares({ id: link.id }).delete()).status).toBe(404)
    expect((await ada.api.shares.get()).data!.shares[0].revoked_at).toBeNull()
  })
})

describe('questions back', () => {
  test('a question lands as a private follow-up, never naming the asker; the answer shows to the reader', async () => {
    const { app, ada, apollo, current, launch } = await setUp()
    const link = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const reader = makeClient(app)
    const token = tokenOf(link.url)
    const asked = await reader.api.shared({ token }).questions.post({
      name: 'Maria',
      text: 'Board: why is Apollo at risk?',
      item_id: launch.id,
    })
    expect(asked.status).toBe(201)
    expect(asked.data!).toMatchObject({ name: 'Maria', item_id: launch.id, answer: null })

    const report = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    const followups = report.sections.find((s) => s.section_type === 'followups')
    const week = new Date(`${thisWeek()}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    })
    expect(followups!.items).toHaveLength(1)
    expect(followups!.items[0]).toMatchObject({
      content: `A reader asked on the brief of ${week}: Board: why is Apollo at risk?`,
      item_type: 'followup',
      project_id: apollo.id,
      from_reader: true,
      include_in_brief: false,
    })

    const inbox = await ada.api.questions.get()
    expect(inbox.data!.unseen).toBe(1)
    expect(inbox.data!.unseen_by_report).toEqual({ [inbox.data!.questions[0].report_uuid]: 1 })
    expect(inbox.data!.questions[0]).toMatchObject({ item_content: 'Apollo launch', seen_at: null })
    // Seen without an answer (the report page shows it): the badge goes, the question stays open.
    expect((await ada.api.questions({ id: asked.data!.id }).put({ seen: true })).status).toBe(200)
    const seen = (await ada.api.questions.get()).data!
    expect([seen.unseen, seen.unseen_by_report, seen.questions[0].answer]).toEqual([0, {}, null])
    const answered = await ada.api.questions({ id: asked.data!.id }).put({
      answer: 'Vendor slipped a week',
    })
    expect(answered.status).toBe(200)
    expect((await ada.api.questions.get()).data!.unseen).toBe(0)
    const shared = await reader.api.shared({ token }).get()
    // The link shows its questions and answers, never who asked (only the author knows).
    expect(shared.data!.questions).toEqual([
      expect.objectContaining({ name: 'A reader', answer: 'Vendor slipped a week' }),
    ])
    expect(JSON.stringify(shared.data)).not.toContain('Maria')
    // Another link to the same report does not show this link's questions.
    const other = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    expect((await reader.api.shared({ token: tokenOf(other.url) }).get()).data!.questions).toEqual(
      [],
    )

    const ack = await reader.api.shared({ token }).acknowledgements.post({ name: 'Maria' })
    expect(ack.status).toBe(201)
    expect((await ada.api.questions.get()).data!.acknowledgements[0]).toMatchObject({
      report_uuid: current.uuid,
      name: 'Maria',
    })
  })

  test('anonymous writes reach only that report: foreign item ids, bad sizes and floods change nothing', async () => {
    const { app, ada, current } = await setUp()
    const link = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const token = tokenOf(link.url)
    const eve = await signIn(app, 'eve@example.com')
    await eve.api['section-templates'].post({ name: 'Notes', type: 'standard' })
    const evesReport = (await eve.api.reports.post({ week_start_date: thisWeek() })).data!
    const evesItem = (
      await eve.api['section-items'].post({
        section_id: evesReport.sections[0].id,
        content: 'Secret',
      })
    ).data!
    const reader = makeClient(app)
    const foreign = await reader.api.shared({ token }).questions.post({
      name: 'Mallory',
      text: 'Hi',
      item_id: evesItem.id,
    })
    expect(foreign.status).toBe(404)
    expect(
      (await reader.api.shared({ token }).questions.post({ name: 'M', text: 'x'.repeat(2001) }))
        .status,
    ).toBe(400)
    expect(
      (await reader.api.shared({ token }).questions.post({ name: '', text: 'Hi' })).status,
    ).toBe(400)
    expect(
      (await reader.api.shared({ token }).questions.post({ name: '   ', text: 'Hi' })).status,
    ).toBe(400)
    expect((await ada.api.questions.get()).data!.questions).toEqual([])

    // Escaped where shown: stored as text, answered as JSON, never as markup.
    const html = await reader.api.shared({ token }).questions.post({
      name: '<img src=x onerror=alert(1)>',
      text: '<script>alert(1)</script>',
    })
    expect(html.status).toBe(201)
    // Ten per minute from one address, then 429 with nothing written.
    let status = 0
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await reader.api.shared({ token }).acknowledgements.post({ name: `R${i}` })).status
    }
    expect(status).toBe(429)
    const before = (await ada.api.questions.get()).data!.questions.length
    expect(
      (await reader.api.shared({ token }).questions.post({ name: 'M', text: 'Again' })).status,
    ).toBe(429)
    expect((await ada.api.questions.get()).data!.questions.length).toBe(before)
    // Someone else's question: 404 for Eve, unchanged.
    const mine = (await ada.api.questions.get()).data!.questions[0]
    expect((await eve.api.questions({ id: mine.id }).put({ answer: 'Pwned' })).status).toBe(404)
    expect((await ada.api.questions.get()).data!.questions[0].answer).toBeNull()
  })
})

describe('account export and import', () => {
  test('health, questions and acknowledgements round-trip; private links are never exported', async () => {
    const { app, ada, apollo, current } = await setUp()
    await ada.api
      .reports({ uuid: current.uuid })
      ['project-health']({ project_uuid: apollo.uuid })
      .put({
        health: 'off_track',
        note: 'No owner',
      })
    await ada.api.settings.put({ webhook_urls: ['https://hooks.slack.com/services/T/B/x'] })
    const link = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const token = tokenOf(link.url)
    const reader = makeClient(app)
    const asked = await reader.api.shared({ token }).questions.post({
      name: 'Maria',
      text: 'When?',
    })
    await ada.api.questions({ id: asked.data!.id }).put({ answer: 'Friday' })
    await reader.api.shared({ token }).acknowledgements.post({ name: 'Sam' })

    const exported = await ada.api.export.get()
    expect(exported.status).toBe(200)
    const doc = exported.data!
    expect(JSON.stringify(doc)).not.toContain(token)
    expect(JSON.stringify(doc)).not.toContain('token')
    const week = doc.reports.find((r) => r.week_start_date === thisWeek())!
    expect(week.project_health).toEqual([
      { project_id: apollo.id, health: 'off_track', note: 'No owner' },
    ])
    expect(week.questions).toEqual([
      expect.objectContaining({ name: 'Maria', text: 'When?', answer: 'Friday' }),
    ])
    expect(week.acknowledgements).toEqual([expect.objectContaining({ name: 'Sam' })])

    const bea = await signIn(app, 'bea@example.com')
    const imported = await bea.api.import.post(doc)
    expect(imported.status).toBe(200)
    expect((await bea.api['user-settings'].get()).data!.webhook_urls).toEqual([
      'https://hooks.slack.com/services/T/B/x',
    ])
    const beaReports = (await bea.api.reports.get()).data!
    const beaWeek = beaReports.find((r) => r.week_start_date === thisWeek())!
    const full = (await bea.api.reports({ uuid: beaWeek.uuid }).get()).data!
    expect(full.project_health!.find((h) => h.project_name === 'Apollo')).toMatchObject({
      health: 'off_track',
      note: 'No owner',
    })
    const questions = (await bea.api.questions.get()).data!
    expect(questions.questions).toEqual([
      expect.objectContaining({
        name: 'Maria',
        text: 'When?',
        answer: 'Friday',
        report_uuid: beaWeek.uuid,
      }),
    ])
    expect(questions.unseen).toBe(0)
    expect((await bea.api.shares.get()).data!.shares).toEqual([])
  })

  test('a health naming a project not in the document refuses the whole import', async () => {
    const { ada } = await setUp()
    const doc = (await ada.api.export.get()).data!
    doc.reports[0].project_health = [{ project_id: 999_999, health: 'at_risk', note: null }]
    const bea = await signIn((await createTestApp()).app, 'bea@example.com')
    const res = await bea.api.import.post(doc)
    expect(res.status).toBe(400)
    expect(res.error?.value).toEqual({
      error: 'Invalid export document: unknown project id 999999',
    })
    expect((await bea.api.reports.get()).data!).toEqual([])
  })
})
