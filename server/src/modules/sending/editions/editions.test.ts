import { describe, expect, setDefaultTimeout } from 'bun:test'
import { eq } from 'drizzle-orm'
import { deliveries } from '../../../db/schema'
import { createTestApp, signIn } from '../../../test/helpers'
import { test, thisWeek } from '../../../test/today'
import { type Poster, postDueWebhooks } from '../delivery/chat'
import { type MailMessage, sendDueDeliveries } from '../delivery/mail'

// Each test is a few dozen requests: room for PostgreSQL on a loaded 2-core machine.
setDefaultTimeout(30_000)

const tokenOf = (url: string) => url.split('/r/')[1]

/** Ada (title, organisation) with this week's report: one item on Apollo assigned to Tom. */
async function setUp(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env)
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const tom = (await ada.api['team-members'].post({ name: 'Tom Reed', email: 'tom@example.com' }))
    .data!
  const report = (
    await ada.api.reports.post({
      week_start_date: thisWeek(),
      title: 'Week brief',
      summary: 'All good',
      carry_over: false,
    })
  ).data!
  const item = (
    await ada.api['section-items'].post({
      section_id: report.sections[0].id,
      content: 'Apollo launch',
      project_id: apollo.id,
      assigned_to_team_member_id: tom.id,
    })
  ).data!
  const ofReport = ada.api.reports({ uuid: report.uuid })
  await ofReport['project-health']({ project_uuid: apollo.uuid }).put({
    health: 'at_risk',
    note: 'Vendor slipped',
  })
  const share = (await ofReport.shares.post({ expires_in_days: 30 })).data!
  const reader = async () => (await ada.api.shared({ token: tokenOf(share.url) }).get()).data!
  return { ...ctx, ada, apollo, tom, report, ofReport, item, reader }
}

describe('editions', () => {
  test('a link to a draft shows the live draft with edition null; Send freezes edition 1 and the link shows it', async () => {
    const { ofReport, item, reader } = await setUp()
    const draft = await reader()
    expect(draft.edition).toBeNull()
    expect(draft.report.sent_date).toBeNull()
    expect(draft.report.author).toEqual({ name: 'Ada Lovelace', title: null })
    expect(draft.report.sections[0].items.map((i: { content: string }) => i.content)).toEqual([
      'Apollo launch',
    ])

    const sent = await ofReport.put({ is_submitted: true })
    expect(sent.status).toBe(200)
    // No SMTP here: nothing e-mailed, no chat URL: nothing posted, and the answer says so.
    expect(sent.data!.delivery).toEqual({ emails: 0, webhooks: 0, mail_configured: false })

    const shared = await reader()
    expect(shared.edition).toMatchObject({ number: 1, note: null })
    expect(shared.report.sent_date).toBe(sent.data!.sent_date)
    expect(shared.report.project_health[0]).toMatchObject({
      project_name: 'Apollo',
      health: 'at_risk',
      note: 'Vendor slipped',
    })
    expect(shared.report.sections[0].items[0]).toMatchObject({
      id: item.id,
      content: 'Apollo launch',
      project_name: 'Apollo',
      assignee_name: 'Tom Reed',
      is_completed: false,
    })
  })

  test('edits after sending stay private until Send update; the update carries its note', async () => {
    const { ada, ofReport, item, reader, apollo } = await setUp()
    await ofReport.put({ is_submitted: true })
    const before = await reader()

    await ada.api['section-items']({ id: item.id }).put({
      content: 'Apollo launch moved',
      is_completed: true,
    })
    await ofReport.put({ summary: 'Changed after sending' })
    await ofReport['project-health']({ project_uuid: apollo.uuid }).put({
      health: 'off_track',
    })
    const unchanged = await reader()
    expect(unchanged.report).toEqual(before.report)
    expect(unchanged.edition).toEqual(before.edition)

    const update = await ofReport.editions.post({
      note: '  Launch moved a week  ',
    })
    expect(update.status).toBe(201)
    expect(update.data!).toMatchObject({ number: 2, note: 'Launch moved a week' })
    expect(typeof update.data!.sent_at).toBe('string')

    const updated = await reader()
    expect(updated.edition).toEqual(update.data!)
    expect(updated.report.summary).toBe('Changed after sending')
    expect(updated.report.sections[0].items[0]).toMatchObject({
      content: 'Apollo launch moved',
      is_completed: true,
    })
    expect(updated.report.project_health[0].health).toBe('off_track')

    // The first edition stays readable as it was sent.
    const list = await ofReport.editions.get()
    expect(list.data!.map((e) => e.number)).toEqual([2, 1])
    const first = await ofReport.editions({ number: 1 }).get()
    expect(first.status).toBe(200)
    expect(first.data!.number).toBe(1)
    expect(first.data!.summary).toBe('All good')
    expect(first.data!.sections[0].items[0].content).toBe('Apollo launch')
    const { number: _n, sent_at: _s, note: _note, ...brief } = first.data!
    expect(brief).toEqual(before.report)
    expect((await ofReport.editions({ number: 3 }).get()).status).toBe(404)
  })

  test('numbering: back to draft and Send again makes the next edition; a draft cannot be updated', async () => {
    const { ofReport } = await setUp()
    const early = await ofReport.editions.post({ note: 'too soon' })
    expect(early.status).toBe(409)
    expect(early.error?.value).toEqual({
      error: 'Only a sent report can be updated: send it first',
    })
    expect((await ofReport.editions.get()).data!).toEqual([])

    await ofReport.put({ is_submitted: true })
    await ofReport.put({ is_submitted: false })
    expect((await ofReport.editions.post({})).status).toBe(409)
    await ofReport.put({ is_submitted: true })
    const update = await ofReport.editions.post({})
    expect(update.data!).toMatchObject({ number: 3, note: null })
    const list = (await ofReport.editions.get()).data!
    expect(list.map((e) => e.number)).toEqual([3, 2, 1])

    const long = await ofReport.editions.post({ note: 'x'.repeat(281) })
    expect(long.status).toBe(400)
    expect(long.error?.value).toEqual({ error: expect.stringContaining('280') })
    expect((await ofReport.editions.get()).data!).toHaveLength(3)
  })

  test('an update is delivered like a Send: the e-mail and each chat URL, recorded once', async () => {
    const { ada, report, ofReport, db } = await setUp({
      SMTP_URL: 'smtp://127.0.0.1:1',
      SMTP_REQUIRE_TLS: 'off',
    })
    await ada.api.settings.put({
      report_recipients: ['board@example.com'],
      webhook_urls: ['https://hooks.example.com/a'],
    })
    const sent = await ofReport.put({ is_submitted: true })
    expect(sent.data!.delivery).toEqual({ emails: 1, webhooks: 1, mail_configured: true })
    const update = await ofReport.editions.post({ note: 'Fixed a typo' })
    expect(update.status).toBe(201)
    const rows = await db.orm
      .select({ kind: deliveries.kind })
      .from(deliveries)
      .where(eq(deliveries.report_id, report.id))
    expect(rows.map((r) => r.kind).sort()).toEqual(['report', 'report', 'webhook', 'webhook'])
  })

  test("another user's report: every editions route answers 404", async () => {
    const { app, report, ofReport } = await setUp()
    await ofReport.put({ is_submitted: true })
    const eve = await signIn(app, 'eve@example.com')
    expect((await eve.api.reports({ uuid: report.uuid }).editions.get()).status).toBe(404)
    expect(
      (await eve.api.reports({ uuid: report.uuid }).editions({ number: 1 }).get()).status,
    ).toBe(404)
    expect((await eve.api.reports({ uuid: report.uuid }).editions.post({})).status).toBe(404)
    expect((await ofReport.editions.get()).data!).toHaveLength(1)
  })

  test('editions travel in the account export and import, frozen as they were', async () => {
    const { app, ada, ofReport } = await setUp()
    await ofReport.put({ is_submitted: true })
    await ofReport.put({ summary: 'Revised' })
    await ofReport.editions.post({ note: 'Revised the summary' })
    const doc = (await ada.api.export.get()).data!
    expect(doc.reports[0].editions).toMatchObject([{ number: 1 }, { number: 2 }])

    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.api.import.post(doc)).status).toBe(200)
    const copy = (await bob.api.reports.get()).data![0]
    const mine = (await ofReport.editions.get()).data!
    expect((await bob.api.reports({ uuid: copy.uuid }).editions.get()).data!).toEqual(mine)
    for (const n of [1, 2])
      expect(
        (await bob.api.reports({ uuid: copy.uuid }).editions({ number: n }).get()).data!,
      ).toEqual((await ofReport.editions({ number: n }).get()).data!)
    // Bob's next update numbers on from the imported editions.
    expect((await bob.api.reports({ uuid: copy.uuid }).editions.post({})).data!.number).toBe(3)

    // Two editions of one number are refused, and nothing is written.
    const carol = await signIn(app, 'carol@example.com')
    // A hand-edited copy of the document (its rows are records the schema checks).
    const bad = JSON.parse(JSON.stringify(doc))
    bad.reports[0].editions[1].number = 1
    const refused = await carol.api.import.post(bad)
    expect(refused.status).toBe(400)
    expect((await carol.api.reports.get()).data!).toEqual([])
  })

  test("the brief says who wrote it: the author's title and organisation, set in the profile and settings", async () => {
    const { ada, ofReport, reader } = await setUp()
    const me = await ada.api.users.me.put({ display_title: '  Chief Executive  ' })
    expect(me.status).toBe(200)
    expect(me.data!.display_title).toBe('Chief Executive')
    expect((await ada.api.users.me.get()).data!.display_title).toBe('Chief Executive')
    const settings = await ada.api.settings.put({ organisation_name: 'Analytical Engines Ltd' })
    expect(settings.data!).toMatchObject({
      organisation_name: 'Analytical Engines Ltd',
      email_attach_pdf: false,
    })
    expect((await ada.api.settings.put({ email_attach_pdf: true })).data!.email_attach_pdf).toBe(
      true,
    )
    const tooLong = await ada.api.users.me.put({ display_title: 'x'.repeat(121) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.error?.value).toEqual({ error: expect.stringContaining('120') })
    expect((await ada.api.settings.put({ organisation_name: 'x'.repeat(121) })).status).toBe(400)

    const draft = await reader()
    expect(draft.report).toMatchObject({
      author: { name: 'Ada Lovelace', title: 'Chief Executive' },
      organisation_name: 'Analytical Engines Ltd',
      sent_date: null,
    })
    const sent = await ofReport.put({
      is_submitted: true,
      sent_date: '2026-11-20',
    })
    expect(sent.status).toBe(200)
    // The edition keeps the header as it was sent, whatever the profile says later.
    await ada.api.users.me.put({ display_title: null })
    const shared = await reader()
    expect(shared.report).toMatchObject({
      author: { name: 'Ada Lovelace', title: 'Chief Executive' },
      organisation_name: 'Analytical Engines Ltd',
      sent_date: '2026-11-20',
    })
    expect((await ada.api.users.me.get()).data!.display_title).toBeNull()
  })

  test("an update's e-mail says 'Updated <date>: <note>'; the e-mail and the Markdown carry the health table", async () => {
    const ctx = await setUp({ SMTP_URL: 'smtp://127.0.0.1:1', SMTP_REQUIRE_TLS: 'off' })
    const { ada, report, ofReport } = ctx
    await ada.api.settings.put({ report_recipients: ['board@example.com'] })
    const sent: MailMessage[] = []
    const transport = { sendMail: async (m: MailMessage) => void sent.push(m) }
    await ofReport.put({ is_submitted: true })
    expect(await sendDueDeliveries(ctx, transport)).toBe(1)
    expect(sent[0].subject).not.toContain('Updated')
    expect(sent[0].text).toContain('Apollo: At risk (new) — Vendor slipped')
    expect(sent[0].html).toContain('Project health')

    const update = (await ofReport.editions.post({ note: 'Launch moved a week' })).data!
    expect(await sendDueDeliveries(ctx, transport)).toBe(1)
    const [, m, d] = update.sent_at.slice(0, 10).split('-').map(Number)
    const month = [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ][m - 1]
    const line = `Updated ${month} ${d}, ${update.sent_at.slice(0, 4)}`
    expect(sent[1].subject).toStartWith('Updated (edition 2): ')
    // An update starts with what changed since the edition before, then its note, said once;
    // the header says the day it was updated.
    expect(sent[1].text).toStartWith('Changed since edition 1\n')
    for (const part of [sent[1].text, sent[1].html]) {
      expect(part).toContain(line)
      expect(part.split('Launch moved a week')).toHaveLength(2)
    }

    // The Markdown is a file download: read by its path.
    const md = (await ada.get(`/api/reports/${report.uuid}/export?format=md`)).text
    expect(md).toContain('> | Apollo | At risk | new | Vendor slipped |')
    // The table is a quote: importing the Markdown back adds the items and nothing else.
    const next = (await ada.api.reports.post({ week_start_date: '2020-01-06', carry_over: false }))
      .data!
    const imported = await ada.api.reports({ uuid: next.uuid }).import.post({ text: md })
    expect(imported.status).toBe(200)
    const items = (await ada.api.reports({ uuid: next.uuid }).get()).data!.sections.flatMap((s) =>
      s.items.map((i) => i.content),
    )
    expect(items).toEqual(['Apollo launch'])
  })

  test('with email_attach_pdf on, the report e-mail carries the memo as a PDF; off, none', async () => {
    const ctx = await setUp({ SMTP_URL: 'smtp://127.0.0.1:1', SMTP_REQUIRE_TLS: 'off' })
    const { ada, report, ofReport } = ctx
    await ada.api.settings.put({ report_recipients: ['board@example.com'] })
    const sent: MailMessage[] = []
    const transport = { sendMail: async (m: MailMessage) => void sent.push(m) }
    await ofReport.put({ is_submitted: true })
    await sendDueDeliveries(ctx, transport)
    expect(sent[0].attachments).toBeUndefined()
    await ada.api.settings.put({ email_attach_pdf: true })
    await ofReport.editions.post({ note: 'With the PDF' })
    await sendDueDeliveries(ctx, transport)
    const [pdf] = sent[1].attachments ?? []
    expect(pdf.contentType).toBe('application/pdf')
    // Named after the organisation (none here), the week and the edition.
    // The week is today's (the suite runs on any date): its label is spelled here independently.
    expect(report.week_start_date).toBe(thisWeek())
    const week = new Date(`${thisWeek()}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(week).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    expect(pdf.filename).toBe(`Weekly Report — ${week} — edition 2.pdf`)
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('the e-mail and the chat post are the frozen edition: an edit after the freeze, before they are built, is not in them', async () => {
    const ctx = await setUp({ SMTP_URL: 'smtp://127.0.0.1:1', SMTP_REQUIRE_TLS: 'off' })
    const { ada, ofReport, item } = ctx
    await ada.api.settings.put({
      report_recipients: ['board@example.com'],
      webhook_urls: ['https://hooks.example.com/a'],
    })
    const mails: MailMessage[] = []
    const transport = { sendMail: async (m: MailMessage) => void mails.push(m) }
    const posts: { title: string; summary: string | null }[] = []
    const post: Poster = async (_url, init) => {
      posts.push(JSON.parse(String(init?.body)))
      return new Response('ok')
    }
    await ofReport.put({ is_submitted: true })
    // Edited after the Send, before either sender ran.
    await ada.api['section-items']({ id: item.id }).put({ content: 'Apollo launch cancelled' })
    await ofReport.put({ title: 'Edited title', summary: 'Edited' })
    expect(await sendDueDeliveries(ctx, transport)).toBe(1)
    expect(await postDueWebhooks(ctx, post)).toBe(1)
    for (const part of [mails[0].subject, mails[0].text, mails[0].html]) {
      expect(part).toContain('Week brief')
      expect(part).not.toContain('Edited')
    }
    expect(mails[0].text).toContain('All good')
    expect(mails[0].text).toContain('Apollo:\n• Apollo launch (Assigned to Tom Reed)')
    expect(mails[0].text).not.toContain('cancelled')
    expect(mails[0].html).not.toContain('cancelled')
    expect(posts[0]).toMatchObject({ title: 'Week brief', summary: 'All good' })

    // 'Send update' freezes the edits: its e-mail and post carry them, with the note.
    await ofReport.editions.post({ note: 'Launch cancelled' })
    await ofReport.put({ summary: 'Later still' })
    expect(await sendDueDeliveries(ctx, transport)).toBe(1)
    expect(await postDueWebhooks(ctx, post)).toBe(1)
    expect(mails[1].subject).toContain('Edited title')
    expect(mails[1].text).toContain('Apollo launch cancelled')
    expect(mails[1].text).toMatch(/Updated \w{3} \d{1,2}, \d{4}\n/)
    expect(mails[1].text).toContain('\nLaunch cancelled\n')
    expect(mails[1].text).toContain(
      'Changed since edition 1\n-----------------------\n- Title: Edited title\n- Summary edited\n- Edited: Apollo launch cancelled\n',
    )
    expect(mails[1].text).not.toContain('Later still')
    expect(posts[1]).toMatchObject({ title: 'Edited title', summary: 'Edited' })
  })
})
