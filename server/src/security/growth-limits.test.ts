import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import type { Engine } from '../db'
import {
  askAnswers,
  decisionRevisits,
  decisions,
  reportEditions,
  reportSections,
  reports,
  sectionItems,
  systemSettings,
  users,
} from '../db/schema'
import { OBJECT_LIMITS } from '../lib/limits'
import { isoDate } from '../lib/time'
import { addDays } from '../lib/weeks'
import { createTestApp, makeClient, signIn } from '../test/helpers'

/**
 * Issue 42: every growing thing has a limit. Items per report and per account, and reports per
 * account: the create past the limit answers 403 naming it and writes nothing, whichever way the
 * items come (one by one, a pasted import, a carry-over, an account import). The rows are written
 * straight into the database: what is tested is the bound.
 */

async function bulk<T>(db: Engine, table: Parameters<Engine['orm']['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db.orm.insert(table).values(rows.slice(i, i + 500) as never)
}

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const [me] = await ctx.db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  return { ...ctx, ada, userId: me.id }
}

const itemsOf = async (db: Engine, userId: number) =>
  Number(
    (
      await db.rows<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM section_items WHERE user_id = ${userId}`,
      )
    )[0].n,
  )

/** `n` open tasks in the report's first section, written directly. */
async function fill(db: Engine, userId: number, uuid: string, n: number, done = true) {
  const [section] = await db.orm
    .select({ id: reportSections.id })
    .from(reportSections)
    .innerJoin(reports, eq(reports.id, reportSections.report_id))
    .where(eq(reports.uuid, uuid))
  await bulk(
    db,
    sectionItems,
    Array.from({ length: n }, (_, k) => ({
      section_id: section.id,
      user_id: userId,
      content: `Item ${k}`,
      item_type: 'task',
      is_completed: done,
      sort_order: k,
    })),
  )
  return section.id
}

const week = (w: number) => new Date(Date.UTC(2020, 0, 6 + 7 * w)).toISOString().slice(0, 10)

describe('items per report and per account', () => {
  test('a report stops at its item limit: one by one and by import, 403 naming it, nothing written', async () => {
    const { db, ada, userId } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const sectionId = await fill(db, userId, report.uuid, OBJECT_LIMITS.itemsPerReport - 1)
    const last = await ada.api['section-items'].post({ section_id: sectionId, content: 'Last' })
    expect(last.status).toBe(200)
    const over = await ada.api['section-items'].post({ section_id: sectionId, content: 'Over' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error: 'At most 10,000 items per report; delete or combine some first',
    })
    const imported = await ada.api
      .reports({ uuid: report.uuid })
      .import.post({ text: '## Action Items\n- [ ] One\n- [ ] Two' })
    expect(imported.status).toBe(403)
    expect(imported.error?.value).toEqual({
      error: 'At most 10,000 items per report; delete or combine some first',
    })
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    // Another report of the account still takes items.
    const other = (await ada.api.reports.post({ week_start_date: '2026-11-23', carry_over: false }))
      .data!
    const ok = await ada.api['section-items'].post({
      section_id: other.sections[0].id,
      content: 'Next week',
    })
    expect(ok.status).toBe(200)
  }, 60_000)

  test('an account stops at its item limit: a new item, an import, a carry-over and an account import are refused', async () => {
    const { db, ada, userId } = await setup()
    const perReport = 9_000
    const full = Math.ceil(OBJECT_LIMITS.itemsPerAccount / perReport)
    let left = OBJECT_LIMITS.itemsPerAccount - 2
    let lastUuid = ''
    for (let w = 0; w < full; w++) {
      const r = (await ada.api.reports.post({ week_start_date: week(w), carry_over: false })).data!
      // The last report's items are open: a carry-over would copy them.
      await fill(db, userId, r.uuid, Math.min(perReport, left), w < full - 1)
      left -= Math.min(perReport, left)
      lastUuid = r.uuid
    }
    const last = (await ada.api.reports({ uuid: lastUuid }).get()).data!
    const sectionId = last.sections[0].id
    expect(
      (await ada.api['section-items'].post({ section_id: sectionId, content: 'One' })).status,
    ).toBe(200)
    expect(
      (await ada.api['section-items'].post({ section_id: sectionId, content: 'Two' })).status,
    ).toBe(200)
    const over = await ada.api['section-items'].post({ section_id: sectionId, content: 'Three' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error: 'At most 50,000 items per account; delete or combine some first',
    })
    const imported = await ada.api
      .reports({ uuid: lastUuid })
      .import.post({ text: '## Action Items\n- [ ] One' })
    expect(imported.status).toBe(403)
    // A new week carrying the open items over: refused whole, no report made.
    const carried = await ada.api.reports.post({ week_start_date: '2030-01-07', carry_over: true })
    expect(carried.status).toBe(403)
    expect(carried.error?.value).toEqual({
      error: 'At most 50,000 items per account; delete or combine some first',
    })
    const doc = {
      format: 'cadence-export',
      version: 1,
      section_templates: [],
      projects: [],
      team_members: [],
      reports: [
        {
          week_start_date: '2031-01-06',
          title: null,
          summary: null,
          is_submitted: false,
          sent_date: null,
          sections: [
            {
              section_template_id: null,
              section_name: 'Action Items',
              section_type: 'tasks',
              content: null,
              items: [{ content: 'Imported', is_completed: false, item_type: 'task' }],
            },
          ],
        },
      ],
    }
    const accountImport = await ada.api.import.post(doc as never)
    expect(accountImport.status).toBe(403)
    expect(accountImport.error?.value).toEqual({
      error: 'At most 50,000 items per account; delete or combine some first',
    })
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerAccount)
    const weeks = await db.orm.select().from(reports).where(eq(reports.user_id, userId))
    expect(weeks).toHaveLength(full)
  }, 120_000)
})

describe('ITEM_LIMITS=off (benchmarks only)', () => {
  test('lifts the item limits while set; unset, the next new item is refused again', async () => {
    const { db, ada, userId } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const sectionId = await fill(db, userId, report.uuid, OBJECT_LIMITS.itemsPerReport)
    const add = () => ada.api['section-items'].post({ section_id: sectionId, content: 'Bench' })
    process.env.ITEM_LIMITS = 'off'
    try {
      expect((await add()).status).toBe(200)
    } finally {
      delete process.env.ITEM_LIMITS
    }
    expect((await add()).status).toBe(403)
  }, 60_000)
})

describe('reports per account', () => {
  test('an admin setting above 2,000 reports (or none) still stops an account at 2,000', async () => {
    const { db, ada, userId } = await setup()
    const setTo = (value: string) =>
      db.orm
        .insert(systemSettings)
        .values({ key: 'max_reports_per_user', setting_value: value, setting_type: 'number' })
        .onConflictDoUpdate({ target: systemSettings.key, set: { setting_value: value } })
    await setTo('1000000')
    await bulk(
      db,
      reports,
      Array.from({ length: OBJECT_LIMITS.reports }, (_, w) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        week_start_date: week(w),
      })),
    )
    const res = await ada.api.reports.post({ week_start_date: '2070-01-06' })
    expect(res.status).toBe(403)
    expect(res.error?.value).toEqual({
      error:
        'You have reached the limit of 2,000 reports; delete old ones or ask your administrator',
    })
    await setTo('')
    expect((await ada.api.reports.post({ week_start_date: '2070-01-06' })).status).toBe(403)
    await setTo('1999')
    expect((await ada.api.reports.post({ week_start_date: '2070-01-06' })).error?.value).toEqual({
      error:
        'You have reached the limit of 1,999 reports; delete old ones or ask your administrator',
    })
  }, 60_000)
})

describe('editions per report', () => {
  test('a report stops at 50 editions: the next Send update answers 403 and freezes nothing', async () => {
    const { db, ada, userId } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    expect((await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    const [row] = await db.orm.select().from(reports).where(eq(reports.uuid, report.uuid))
    const [first] = await db.orm
      .select()
      .from(reportEditions)
      .where(eq(reportEditions.report_id, row.id))
    await bulk(
      db,
      reportEditions,
      Array.from({ length: OBJECT_LIMITS.editionsPerReport - 1 }, (_, k) => ({
        report_id: row.id,
        user_id: userId,
        number: k + 2,
        sent_at: first.sent_at,
        brief: first.brief,
      })),
    )
    const over = await ada.api.reports({ uuid: report.uuid }).editions.post({ note: 'One more' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error: 'At most 50 editions per report; delete or combine some first',
    })
    expect((await ada.api.reports({ uuid: report.uuid }).editions.get()).data).toHaveLength(
      OBJECT_LIMITS.editionsPerReport,
    )
    // Back to draft and Send again: also a new edition, also refused, and the report stays a draft.
    expect((await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: false })).status).toBe(
      200,
    )
    const resend = await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    expect(resend.status).toBe(403)
    expect((await ada.api.reports({ uuid: report.uuid }).get()).data!.is_submitted).toBe(false)
  })
})

describe('imported documents', () => {
  const docWith = (report: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    format: 'cadence-export',
    version: 1,
    section_templates: [],
    projects: [],
    team_members: [],
    ...extra,
    reports: [
      {
        week_start_date: '2031-01-06',
        title: null,
        summary: null,
        is_submitted: true,
        sent_date: null,
        sections: [],
        ...report,
      },
    ],
  })
  const brief = (fields: Record<string, unknown>) => ({
    title: null,
    week_start_date: '2031-01-06',
    summary: null,
    sent_date: null,
    author: { name: null, title: null },
    organisation_name: null,
    sections: [],
    project_health: [],
    ...fields,
  })
  const edition = (fields: Record<string, unknown>, number = 1) => ({
    number,
    sent_at: '2031-01-07T09:00:00.000Z',
    note: null,
    brief: brief(fields),
  })

  test("an imported edition's texts are held to their fields' limits (413 naming it); within them it imports", async () => {
    const { db, ada, userId } = await setup()
    const long = await ada.api.import.post(
      docWith({ editions: [edition({ summary: 'x'.repeat(200_000) })] }) as never,
    )
    expect(long.status).toBe(413)
    expect(long.error?.value).toEqual({
      error:
        'Edition 1 of report 2031-01-06 has a text too long: summary at most 20,000 characters',
    })
    const org = await ada.api.import.post(
      docWith({ editions: [edition({ organisation_name: 'O'.repeat(5_000) })] }) as never,
    )
    expect(org.status).toBe(413)
    expect(org.error?.value).toEqual({
      error:
        'Edition 1 of report 2031-01-06 has a text too long: organisation_name at most 120 characters',
    })
    const item = await ada.api.import.post(
      docWith({
        editions: [
          edition({
            sections: [
              {
                id: 1,
                section_name: 'Highlights',
                section_type: 'standard',
                content: null,
                items: [
                  {
                    id: 1,
                    content: 'y'.repeat(20_001),
                    is_completed: false,
                    item_type: 'standard',
                    project_name: null,
                    assignee_name: null,
                  },
                ],
              },
            ],
          }),
        ],
      }) as never,
    )
    expect(item.status).toBe(413)
    expect(
      (await db.orm.select().from(reports).where(eq(reports.user_id, userId))).map(
        (r) => r.week_start_date,
      ),
    ).toEqual([])
    const fine = await ada.api.import.post(
      docWith({ editions: [edition({ summary: 'A good week.' })] }) as never,
    )
    expect(fine.status).toBe(200)
  })

  test('more editions than a report may hold are refused with 413', async () => {
    const { ada } = await setup()
    const res = await ada.api.import.post(
      docWith({
        editions: Array.from({ length: OBJECT_LIMITS.editionsPerReport + 1 }, (_, k) =>
          edition({}, k + 1),
        ),
      }) as never,
    )
    expect(res.status).toBe(413)
    expect(res.error?.value).toEqual({
      error: 'At most 50 editions per report (report 2031-01-06)',
    })
  })

  test('orders and ids past the 4-byte integer and metric values past 1e15 are refused with 400, on both engines', async () => {
    const { ada } = await setup()
    const template = (sort_order: number) =>
      ada.api.import.post({
        format: 'cadence-export',
        version: 1,
        section_templates: [{ id: 1, name: 'Big', type: 'standard', sort_order }],
        projects: [],
        team_members: [],
        reports: [],
      } as never)
    expect((await template(2 ** 31)).status).toBe(400)
    expect((await template(1e300)).status).toBe(400)
    expect((await template(2 ** 31 - 1)).status).toBe(200)
    const metric = (value: number) =>
      ada.api.import.post(
        docWith(
          { metric_values: [{ metric_id: 1, value }] },
          {
            metrics: [
              { id: 1, name: 'ARR', unit: null, direction: 'up', target: null, sort_order: 0 },
            ],
          },
        ) as never,
      )
    expect((await metric(1e308)).status).toBe(400)
    expect((await metric(-2e15)).status).toBe(400)
    for (const path of [
      `/api/section-items/${2 ** 31}`,
      '/api/section-items/9999999999999',
      `/api/report-sections/${2 ** 31}`,
    ]) {
      const res = await ada.put(path, { content: 'x' })
      expect([400, 404]).toContain(res.status)
      expect(res.status).not.toBe(500)
    }
    const item = await ada.post('/api/section-items', { section_id: 2 ** 31, content: 'x' })
    expect(item.status).toBe(400)
    const ref = await ada.post('/api/section-items', {
      section_id: 1,
      content: 'x',
      project_id: 2 ** 40,
    })
    expect(ref.status).toBe(400)
  })
})

describe('what other ways add to an account', () => {
  test('a section template order past the 4-byte integer is refused with 400 on both engines, nothing changed', async () => {
    const { ada } = await setup()
    const templates = async () => (await ada.api['section-templates'].get()).data
    const before = await templates()
    const id = before![0].id
    for (const sort_order of [2 ** 31, -(2 ** 31) - 1, 1e300, 1.5]) {
      const reorder = await ada.api['section-templates'].reorder.put({
        sections: [{ id, sort_order }],
      })
      expect(reorder.status).toBe(400)
      const created = await ada.api['section-templates'].post({
        name: 'Big',
        type: 'standard',
        sort_order,
      })
      expect(created.status).toBe(400)
    }
    const foreign = await ada.api['section-templates'].reorder.put({
      sections: [{ id: 2 ** 31, sort_order: 0 }],
    })
    expect(foreign.status).toBe(400)
    expect(await templates()).toEqual(before)
  })

  test("an item pulled from a teammate's sent report counts against the item limit (403 naming it, nothing added)", async () => {
    const { app, db, ada, userId } = await setup()
    const tom = await signIn(app, 'tom@example.com', 'Tom Reed')
    const member = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const invitation = (await ada.api['team-members']({ uuid: member.uuid }).invitations.post())
      .data!
    const token = invitation.url.split('/invite/')[1]
    expect((await tom.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
    await tom.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const week = (await ada.api['team-updates'].get()).data!.week_start_date
    const tomReport = (await tom.api.reports.post({ week_start_date: week, carry_over: false }))
      .data!
    const win = (
      await tom.api['section-items'].post({
        section_id: tomReport.sections[0].id,
        content: 'Closed the vendor',
      })
    ).data!
    await tom.api.reports({ uuid: tomReport.uuid }).put({ is_submitted: true })
    const report = (await ada.api.reports.post({ week_start_date: week, carry_over: false })).data!
    await fill(db, userId, report.uuid, OBJECT_LIMITS.itemsPerReport)
    const pulled = await ada.api
      .reports({ uuid: report.uuid })
      .pull.post({ source_item_id: win.id })
    expect(pulled.status).toBe(403)
    expect(pulled.error?.value).toEqual({
      error: 'At most 10,000 items per report; delete or combine some first',
    })
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    // With room again, the same pull adds it.
    await db.exec(sql`DELETE FROM section_items WHERE user_id = ${userId} AND content = 'Item 0'`)
    const again = await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: win.id })
    expect(again.status).toBe(201)
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
  }, 60_000)

  test('a decision takes at most 100 revisit dates: the next one answers 403 and is not saved', async () => {
    const { db, ada, userId } = await setup()
    const decision = (
      await ada.api.decisions.post({ title: 'Move the launch', decided_on: '2026-01-05' })
    ).data!
    const report = (await ada.api.reports.post({ week_start_date: '2026-01-05' })).data!
    const [row] = await db.orm.select().from(reports).where(eq(reports.uuid, report.uuid))
    await bulk(
      db,
      decisionRevisits,
      Array.from({ length: OBJECT_LIMITS.revisitsPerDecision }, (_, k) => ({
        decision_id: decision.id,
        user_id: userId,
        revisit_on: addDays('2026-02-01', k),
        report_id: row.id,
      })),
    )
    const over = await ada.api.decisions({ id: decision.id }).put({ revisit_on: '2027-01-04' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error: 'At most 100 revisits per decision; delete or combine some first',
    })
    const [kept] = await db.orm.select().from(decisions).where(eq(decisions.id, decision.id))
    expect(kept.revisit_on).toBeNull()
    // Anything else of it is still saved; a date it already had is no new revisit.
    const renamed = await ada.api.decisions({ id: decision.id }).put({ title: 'Move it' })
    expect(renamed.status).toBe(200)
  })

  test('a revisit due in a full report adds no follow-up until the report has room', async () => {
    const { db, ada, userId } = await setup()
    await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
    const today = isoDate()
    const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7))
    const report = (await ada.api.reports.post({ week_start_date: monday, carry_over: false }))
      .data!
    await fill(db, userId, report.uuid, OBJECT_LIMITS.itemsPerReport)
    const decision = await ada.api.decisions.post({
      title: 'Check the vendor',
      decided_on: addDays(today, -30),
      revisit_on: today,
    })
    expect(decision.status).toBe(200)
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    expect(await db.orm.select().from(decisionRevisits)).toEqual([])
    await db.exec(sql`DELETE FROM section_items WHERE user_id = ${userId} AND content = 'Item 0'`)
    await ada.api.decisions({ id: decision.data!.id }).put({ title: 'Check the vendor again' })
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    expect(await db.orm.select().from(decisionRevisits)).toHaveLength(1)
  }, 60_000)

  test("a reader's question counts its follow-up against the item limit: in a full report the question is kept, no follow-up", async () => {
    const { app, db, ada, userId } = await setup()
    await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await fill(db, userId, report.uuid, OBJECT_LIMITS.itemsPerReport)
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = link.url.split('/r/')[1]
    const reader = makeClient(app)
    const ask = (text: string) =>
      reader.api.shared({ token }).questions.post({ text, name: 'Board member' })
    const asked = await ask('Why is Apollo late?')
    expect(asked.status).toBe(201)
    expect(asked.data).toMatchObject({ text: 'Why is Apollo late?' })
    // The question is stored, without a follow-up: the report holds no more than its limit.
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    const readerItems = sql`SELECT COUNT(*) AS n FROM section_items WHERE from_reader = 1`
    expect(Number((await db.rows<{ n: number }>(readerItems))[0].n)).toBe(0)
    const questions = await db.rows<{ followup_item_id: number | null }>(
      sql`SELECT followup_item_id FROM share_questions ORDER BY id`,
    )
    expect(questions).toEqual([{ followup_item_id: null }])
    // With room again, the next question makes its follow-up, up to the limit.
    await db.exec(sql`DELETE FROM section_items WHERE user_id = ${userId} AND content = 'Item 0'`)
    expect((await ask('And Mercury?')).status).toBe(201)
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    expect(Number((await db.rows<{ n: number }>(readerItems))[0].n)).toBe(1)
    expect((await ask('And Gemini?')).status).toBe(201)
    expect(await itemsOf(db, userId)).toBe(OBJECT_LIMITS.itemsPerReport)
    expect(
      (
        await db.rows<{ followup_item_id: number | null }>(
          sql`SELECT followup_item_id FROM share_questions ORDER BY id`,
        )
      ).map((q) => q.followup_item_id !== null),
    ).toEqual([false, true, false])
  }, 60_000)

  test("a report takes at most 1,000 readers' answers to its asks: the next answers 403, nothing stored", async () => {
    const { app, db, ada, userId } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const ask = (
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content: 'Approve the budget',
      })
    ).data!
    await ada.api['section-items']({ id: ask.id }).put({ is_ask: true })
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = link.url.split('/r/')[1]
    const [row] = await db.orm.select().from(reports).where(eq(reports.uuid, report.uuid))
    await bulk(
      db,
      askAnswers,
      Array.from({ length: OBJECT_LIMITS.askAnswersPerReport }, (_, k) => ({
        user_id: userId,
        report_id: row.id,
        item_id: ask.id,
        name: `Reader ${k}`,
        answer: 'approve',
        replaced_at: '2026-11-17T00:00:00.000Z',
      })),
    )
    const reader = makeClient(app)
    const over = await reader.api
      .shared({ token })
      .asks({ item_id: ask.id })
      .answers.post({ answer: 'approve', name: 'Board' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error:
        'This brief has taken its 1000 answers, the most one brief takes; answer its author directly',
    })
    expect(await db.orm.select().from(askAnswers)).toHaveLength(OBJECT_LIMITS.askAnswersPerReport)
  })

  test('an account holds at most 5,000 decisions: the next answers 403 naming the limit', async () => {
    const { db, ada, userId } = await setup()
    await bulk(
      db,
      decisions,
      Array.from({ length: 5_000 }, (_, k) => ({
        user_id: userId,
        title: `Decision ${k}`,
        decided_on: '2026-01-05',
      })),
    )
    const over = await ada.api.decisions.post({ title: 'One more', decided_on: '2026-01-05' })
    expect(over.status).toBe(403)
    expect(over.error?.value).toEqual({
      error: 'At most 5,000 decisions per account; delete or combine some first',
    })
  }, 60_000)

  test('a metric has one value per report: setting it again replaces it', async () => {
    const { db, ada } = await setup()
    const metric = (await ada.api.metrics.post({ name: 'Signups', direction: 'up' })).data!
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    for (const value of [1, 2, 3])
      expect(
        (
          await ada.api
            .reports({ uuid: report.uuid })
            ['metric-values']({ metric_id: metric.id })
            .put({ value })
        ).status,
      ).toBe(200)
    const rows = await db.rows<{ value: number }>(
      sql`SELECT value FROM metric_values WHERE metric_id = ${metric.id}`,
    )
    expect(rows.map((r) => Number(r.value))).toEqual([3])
  })
})
