// The same request twice (or two requests that touch the same rows) at the same moment, in one
// process, on either engine and many times over: whatever must happen once happens once, a
// race answers 404 or 409, never 500, and nothing deadlocks. Two instances on one database:
// instances-races.test.ts.
import { describe, expect, test } from 'bun:test'
import { and, eq, sql } from 'drizzle-orm'
import {
  activityLog,
  deliveries,
  reportEditions,
  sectionItems,
  userSettings,
  users,
} from '../db/schema'
import { createTestApp, makeClient, signIn } from '../test/helpers'

type Ctx = Awaited<ReturnType<typeof createTestApp>>
type Client = Awaited<ReturnType<typeof signIn>>

const TRIALS = 12
const RACE_STATUSES = new Set([404, 409])

/** Every answer of a race is a success or a 404/409: never a 500. */
function expectNoServerError(statuses: number[], ok = [200, 201]) {
  for (const s of statuses) expect(ok.includes(s) || RACE_STATUSES.has(s)).toBe(true)
}

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function userIdOf(ctx: Ctx, email: string) {
  const [user] = await ctx.db.orm.select().from(users).where(eq(users.email, email))
  return user.id
}

async function withTemplates(ctx: Ctx, email: string) {
  const client = await signIn(ctx.app, email)
  await client.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await client.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
  await client.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  return client
}

/** The Monday `n` weeks after 2026-01-05. */
const week = (n: number) => new Date(Date.UTC(2026, 0, 5 + 7 * n)).toISOString().slice(0, 10)

describe('Send at the same moment twice', () => {
  test('one report sent, one activity entry, one e-mail and one post per URL; both answer the sent report', async () => {
    const ctx = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', SMTP_REQUIRE_TLS: 'off' })
    for (let trial = 0; trial < TRIALS; trial++) {
      // A user per few trials: each Send spends the send quota once.
      const email = `sender${Math.floor(trial / 4)}@example.com`
      const client = trial % 4 ? await signIn(ctx.app, email) : await withTemplates(ctx, email)
      const id = await userIdOf(ctx, email)
      await ctx.db.orm.insert(userSettings).values({ user_id: id }).onConflictDoNothing()
      await ctx.db.orm
        .update(userSettings)
        .set({
          report_recipients: JSON.stringify(['boss@example.com']),
          webhook_urls: JSON.stringify([
            'https://hooks.example.com/a',
            'https://chat.example.com/b',
          ]),
        })
        .where(eq(userSettings.user_id, id))
      const report = (await client.api.reports.post({ week_start_date: week(trial) })).data!
      const [a, b] = await Promise.all([
        client.api.reports({ uuid: report.uuid }).put({ is_submitted: true }),
        client.api.reports({ uuid: report.uuid }).put({ is_submitted: true }),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(a.data?.is_submitted).toBe(true)
      // Both answer the same sent report; only the Send that happened queued anything.
      const { delivery: da, ...ra } = a.data!
      const { delivery: db, ...rb } = b.data!
      expect(rb).toEqual(ra)
      expect([da, db].sort((x, y) => (y?.emails ?? 0) - (x?.emails ?? 0))).toEqual([
        { emails: 1, webhooks: 2, mail_configured: true },
        { emails: 0, webhooks: 0, mail_configured: true },
      ])
      const editions = await ctx.db.orm
        .select()
        .from(reportEditions)
        .where(eq(reportEditions.report_id, report.id))
      expect(editions.map((e) => e.number)).toEqual([1])
      const rows = await ctx.db.orm
        .select({ kind: deliveries.kind })
        .from(deliveries)
        .where(eq(deliveries.report_id, report.id))
      expect(rows.map((r) => r.kind).sort()).toEqual(['report', 'webhook', 'webhook'])
      const logged = await ctx.db.orm
        .select()
        .from(activityLog)
        .where(
          and(eq(activityLog.action, 'report_submitted'), eq(activityLog.entity_id, report.uuid)),
        )
      expect(logged).toHaveLength(1)
    }
  }, 60_000)
})

describe('carry-over at the same moment twice', () => {
  test('every open item is carried exactly once', async () => {
    const ctx = await createTestApp()
    const ada = await withTemplates(ctx, 'ada@example.com')
    await ada.api.settings.put({ carry_over: false })
    for (let trial = 0; trial < TRIALS; trial++) {
      const source = (await ada.api.reports.post({ week_start_date: week(2 * trial) })).data!
      const tasks = source.sections[1]
      for (const content of ['one', 'two', 'three'])
        await ada.api['section-items'].post({ section_id: tasks.id, content })
      const target = (await ada.api.reports.post({ week_start_date: week(2 * trial + 1) })).data!
      const carry = () => ada.api.reports({ uuid: target.uuid })['carry-over'].post()
      const answers = await Promise.all([carry(), carry()])
      expectNoServerError(answers.map((r) => r.status))
      expect(answers.map((r) => r.data?.carried ?? 0).sort()).toEqual([0, 3])
      const full = (await ada.api.reports({ uuid: target.uuid }).get()).data!
      expect(full.sections[1].items.map((i) => i.content)).toEqual(['one', 'two', 'three'])
    }
  }, 60_000)
})

describe('readers ask on one brief at the same moment', () => {
  test('the author gets one e-mail, and their follow-ups land in one new Follow-ups section', async () => {
    let ctx: Ctx | null = null
    let ada: Client | null = null
    for (let trial = 0; trial < TRIALS; trial++) {
      // A new server every 3 trials: these readers all come from one address, which may ask 10
      // questions a minute (not what this test is about).
      if (trial % 3 === 0) {
        ctx = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', SMTP_REQUIRE_TLS: 'off' })
        ada = await signIn(ctx.app, 'ada@example.com')
        // No follow-ups section: the first question makes one.
        await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
      }
      if (!ctx || !ada) throw new Error('no app')
      const report = (await ada.api.reports.post({ week_start_date: week(trial) })).data!
      const link = (
        await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 })
      ).data!
      const token = new URL(link.url).pathname.split('/').pop()!
      const reader = makeClient(ctx.app)
      const asked = await Promise.all(
        ['Maria', 'Ben', 'Chloe'].map((name) =>
          reader.api.shared({ token }).questions.post({ name, text: `Why, ${name}?` }),
        ),
      )
      expect(asked.map((r) => r.status)).toEqual([201, 201, 201])
      const mails = await ctx.db.orm
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.report_id, report.id), eq(deliveries.kind, 'question')))
      expect(mails).toHaveLength(1)
      const full = (await ada.api.reports({ uuid: report.uuid }).get()).data!
      const followups = full.sections.filter((s) => s.section_type === 'followups')
      expect(followups).toHaveLength(1)
      expect(followups[0].items).toHaveLength(3)
      expect(new Set(followups[0].items.map((i) => i.sort_order)).size).toBe(3)
    }
  }, 60_000)
})

describe("one user's writes at the same moment never deadlock nor answer 500", () => {
  test('template reorders in opposite orders', async () => {
    const ctx = await createTestApp()
    const ada = await withTemplates(ctx, 'ada@example.com')
    const ids = (await ada.api['section-templates'].get()).data!.map((t) => t.id)
    const reorder = (sections: { id: number; sort_order: number }[]) =>
      ada.api['section-templates'].reorder.put({ sections })
    for (let trial = 0; trial < TRIALS; trial++) {
      const forward = ids.map((id, i) => ({ id, sort_order: i }))
      const backward = [...ids].reverse().map((id, i) => ({ id, sort_order: i }))
      const answers = await Promise.all([
        reorder(forward),
        reorder(backward),
        reorder(forward),
        reorder(backward),
      ])
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200])
    }
  }, 60_000)

  test('a template renamed or deleted while the templates are reordered', async () => {
    const ctx = await createTestApp()
    const ada = await withTemplates(ctx, 'ada@example.com')
    for (let trial = 0; trial < TRIALS; trial++) {
      const extra = (
        await ada.api['section-templates'].post({ name: `Extra ${trial}`, type: 'standard' })
      ).data!
      const ids = (await ada.api['section-templates'].get()).data!.map((t) => t.id)
      const answers = await Promise.all([
        ada.api['section-templates'].reorder.put({
          sections: [...ids].reverse().map((id, i) => ({ id, sort_order: i })),
        }),
        ada.api['section-templates']({ id: ids[0] }).put({ name: `Renamed ${trial}` }),
        ada.api['section-templates']({ id: extra.id }).delete(),
        ada.api['section-templates'].reorder.put({
          sections: ids.map((id, i) => ({ id, sort_order: i })),
        }),
      ])
      expectNoServerError(answers.map((a) => a.status))
      expect(answers[1].status).toBe(200)
      expect(answers[2].status).toBe(200)
    }
  }, 60_000)

  test('combine against combine, and combine during item creation', async () => {
    const ctx = await createTestApp()
    const ada = await withTemplates(ctx, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: week(0) })).data!
    const section = report.sections[1].id
    for (let trial = 0; trial < TRIALS; trial++) {
      const [p, q, r] = await Promise.all(
        ['P', 'Q', 'R'].map(
          async (n) => (await ada.api.projects.post({ name: `${n}${trial}` })).data!,
        ),
      )
      for (const project of [p, q, r])
        await ada.api['section-items'].post({
          section_id: section,
          content: `on ${project.name}`,
          project_id: project.id,
        })
      const answers = await Promise.all([
        ada.api.projects.combine.post({
          projectUuids: [p.uuid, q.uuid],
          newProjectName: `PQ${trial}`,
        }),
        ada.api.projects.combine.post({
          projectUuids: [q.uuid, p.uuid, r.uuid],
          newProjectName: `QPR${trial}`,
        }),
        ada.api['section-items'].post({
          section_id: section,
          content: `late on ${q.name}`,
          project_id: q.id,
        }),
        ada.api['section-items'].post({
          section_id: section,
          content: `late on ${p.name}`,
          project_id: p.id,
        }),
      ])
      expectNoServerError(answers.map((a) => a.status))
      const combines = answers.slice(0, 2).filter((a) => a.status === 200)
      expect(combines.length).toBeGreaterThanOrEqual(1)
      // Nothing is lost: every item created is on a project that exists.
      const items = await ctx.db.orm
        .select({ project: sectionItems.project_id })
        .from(sectionItems)
        .where(sql`${sectionItems.content} LIKE ${`%${trial}`}`)
      expect(items.length).toBe(
        3 + answers.slice(2).filter((a) => a.status === 200 || a.status === 201).length,
      )
      expect(items.every((i) => i.project !== null)).toBe(true)
    }
  }, 60_000)

  test('an item updated and deleted at once: 200 or 404, never 500', async () => {
    const ctx = await createTestApp()
    const ada = await withTemplates(ctx, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: week(0) })).data!
    const project = (await ada.api.projects.post({ name: 'Apollo' })).data!
    for (let trial = 0; trial < TRIALS * 2; trial++) {
      const item = (
        await ada.api['section-items'].post({
          section_id: report.sections[0].id,
          content: `item ${trial}`,
        })
      ).data!
      const answers = await Promise.all([
        ada.api['section-items']({ id: item.id }).put({
          content: 'changed',
          project_id: project.id,
        }),
        ada.api['section-items']({ id: item.id }).delete(),
        ada.api['section-items']({ id: item.id }).put({ is_completed: true }),
      ])
      expectNoServerError(answers.map((a) => a.status))
      expect(answers[1].status).toBe(200)
    }
  }, 60_000)

  test('100 items created at once in one section get 100 distinct positions', async () => {
    const ctx = await createTestApp()
    const ada = await withTemplates(ctx, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: week(0) })).data!
    const section = report.sections[0].id
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ada.api['section-items'].post({ section_id: section, content: `item ${i}` }),
      ),
    )
    expect(created.every((r) => r.status === 200)).toBe(true)
    const orders = new Set(created.map((r) => r.data?.sort_order))
    expect(orders.size).toBe(100)
    const full = (await ada.api.reports({ uuid: report.uuid }).get()).data!
    expect(new Set(full.sections[0].items.map((i) => i.sort_order)).size).toBe(100)
  }, 60_000)
})
