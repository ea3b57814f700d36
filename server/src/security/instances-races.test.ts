// The same request sent to two instances at the same moment (two tabs, a proxy retrying on the
// other instance), over HTTP, two real server processes on one database, many times: a Send
// e-mails once, a carry-over carries once, readers asking at once make one e-mail, and one
// user's writes through both never deadlock nor answer 500 (only 404 or 409 for a race).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { startTestSmtp, type TestSmtp } from '../../testing/smtp-test-server'
import { type Engine, openDatabase } from '../db'
import { openPostgres } from '../db/pg'
import { deliveries, reportEditions, reports } from '../db/schema'
import { testEngine } from '../test/engines'
import { instanceRunner, signInAcross } from '../test/instances'

const TRIALS = 8
const runner = instanceRunner()
let smtp: TestSmtp
const opened: Engine[] = []
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  runner.stop()
  for (const db of opened) await db.close()
  await smtp.close()
})

/** The test's own handle on the instances' database, to count what they wrote. */
async function inspect(db: Record<string, string>) {
  const engine = (
    db.DATABASE_URL
      ? await openPostgres(db.DATABASE_URL, { max: 2 })
      : openDatabase(db.DATABASE_PATH as string)
  ) as Engine
  opened.push(engine)
  return engine
}

/** A Monday `n` weeks after 2026-01-05. */
const week = (n: number) => new Date(Date.UTC(2026, 0, 5 + 7 * n)).toISOString().slice(0, 10)

async function setUp() {
  const { a, b, publicUrl, db } = await runner.twoInstances({
    SMTP_URL: smtp.url,
    SMTP_REQUIRE_TLS: 'off',
    MAIL_FROM: 'Cadence <reports@cadence.test>',
    // Readers' addresses come from X-Forwarded-For, so each trial's readers have their own.
    TRUSTED_PROXIES: '127.0.0.1',
  })
  const cookie = await signInAcross(a.base, b.base, publicUrl, 'ada@example.com')
  const headers = { cookie, 'content-type': 'application/json', origin: publicUrl }
  const call = async (
    base: string,
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers without a schema
    return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
  }
  /** The same request through both instances at the same moment. */
  const both = (method: string, path: string, body?: unknown, extra?: Record<string, string>) =>
    Promise.all([call(a.base, method, path, body, extra), call(b.base, method, path, body, extra)])
  for (const [name, type] of [
    ['Highlights', 'standard'],
    ['Tasks', 'tasks'],
  ])
    expect((await call(a.base, 'POST', '/api/section-templates', { name, type })).status).toBe(200)
  return { a, b, publicUrl, call, both, engine: await inspect(db) }
}

const raceOk = (status: number) => [200, 201, 404, 409].includes(status)

describe(`two instances on one ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'} database, the same request at once`, () => {
  test('Send e-mails once; carry-over carries once; readers asking at once make one e-mail', async () => {
    const { a, call, both, engine } = await setUp()
    expect(
      (await call(a.base, 'PUT', '/api/settings', { report_recipients: ['boss@example.com'] }))
        .status,
    ).toBe(200)

    for (let trial = 0; trial < TRIALS; trial++) {
      // Send: one sent report, one e-mail delivery; both answer the same sent report.
      const report = (await call(a.base, 'POST', '/api/reports', { week_start_date: week(trial) }))
        .json
      const sent = await both('PUT', `/api/reports/${report.uuid}`, { is_submitted: true })
      expect(sent.map((r) => r.status)).toEqual([200, 200])
      expect(sent[0].json.is_submitted).toBe(true)
      // The same sent report; only the Send that happened queued the e-mail.
      const [{ delivery: d0, ...r0 }, { delivery: d1, ...r1 }] = sent.map((r) => r.json)
      expect(r1).toEqual(r0)
      expect(d0.emails + d1.emails).toBe(1)
      const editions = await engine.orm
        .select()
        .from(reportEditions)
        .where(eq(reportEditions.report_id, report.id))
      expect(editions).toHaveLength(1)
      const mails = await engine.orm
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.report_id, report.id), eq(deliveries.kind, 'report')))
      expect(mails).toHaveLength(1)
    }
    // Each report's e-mail arrives, once.
    await smtp.waitFor(TRIALS, 20_000)
    const subjects = smtp.received.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])
    expect(new Set(subjects).size).toBe(subjects.length)

    for (let trial = 0; trial < TRIALS; trial++) {
      // Carry-over: a draft with open tasks, the next week's report, carried through both.
      const from = (
        await call(a.base, 'POST', '/api/reports', {
          week_start_date: week(100 + 2 * trial),
          carry_over: false,
        })
      ).json
      for (const content of ['one', 'two', 'three'])
        await call(a.base, 'POST', '/api/section-items', {
          section_id: from.sections[1].id,
          content,
        })
      const to = (
        await call(a.base, 'POST', '/api/reports', {
          week_start_date: week(101 + 2 * trial),
          carry_over: false,
        })
      ).json
      const carried = await both('POST', `/api/reports/${to.uuid}/carry-over`)
      expect(carried.every((r) => raceOk(r.status))).toBe(true)
      expect(carried.map((r) => r.json.carried ?? 0).sort()).toEqual([0, 3])
      const full = (await call(a.base, 'GET', `/api/reports/${to.uuid}`)).json
      expect(full.sections[1].items.map((i: { content: string }) => i.content)).toEqual([
        'one',
        'two',
        'three',
      ])

      // Two readers of one brief ask at the same moment, one through each instance.
      const link = (await call(a.base, 'POST', `/api/reports/${to.uuid}/shares`, {})).json
      const token = new URL(link.url).pathname.split('/').pop()
      const asked = await both(
        'POST',
        `/api/shared/${token}/questions`,
        { name: 'Maria', text: `Why ${trial}?` },
        { 'x-forwarded-for': `203.0.113.${trial + 1}` },
      )
      expect(asked.map((r) => r.status)).toEqual([201, 201])
      const [report] = await engine.orm.select().from(reports).where(eq(reports.uuid, to.uuid))
      const questionMails = await engine.orm
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.report_id, report.id), eq(deliveries.kind, 'question')))
      expect(questionMails).toHaveLength(1)
    }
  }, 120_000)

  test("one user's writes through both never deadlock nor answer 500", async () => {
    const { a, b, call } = await setUp()
    const templates = (await call(a.base, 'GET', '/api/section-templates')).json as Array<{
      id: number
    }>
    const report = (await call(a.base, 'POST', '/api/reports', { week_start_date: week(0) })).json
    const section = report.sections[1].id
    const statuses: number[] = []
    for (let trial = 0; trial < TRIALS; trial++) {
      // Template reorders in opposite orders.
      const ids = templates.map((t) => t.id)
      const reorders = await Promise.all([
        call(a.base, 'PUT', '/api/section-templates/reorder', {
          sections: ids.map((id, i) => ({ id, sort_order: i })),
        }),
        call(b.base, 'PUT', '/api/section-templates/reorder', {
          sections: [...ids].reverse().map((id, i) => ({ id, sort_order: i })),
        }),
      ])
      expect(reorders.map((r) => r.status)).toEqual([200, 200])

      // Combine against combine, with items created on those projects at the same moment.
      const [p, q] = await Promise.all(
        ['P', 'Q'].map(
          async (n) => (await call(a.base, 'POST', '/api/projects', { name: `${n}${trial}` })).json,
        ),
      )
      const mixed = await Promise.all([
        call(a.base, 'POST', '/api/projects/combine', {
          projectUuids: [p.uuid, q.uuid],
          newProjectName: `PQ${trial}`,
        }),
        call(b.base, 'POST', '/api/projects/combine', {
          projectUuids: [q.uuid, p.uuid],
          newProjectName: `QP${trial}`,
        }),
        call(a.base, 'POST', '/api/section-items', {
          section_id: section,
          content: `on ${q.name}`,
          project_id: q.id,
        }),
        call(b.base, 'POST', '/api/section-items', {
          section_id: section,
          content: `on ${p.name}`,
          project_id: p.id,
        }),
      ])
      statuses.push(...mixed.map((r) => r.status))
      expect(mixed.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1)

      // An item updated through one instance while deleted through the other.
      const item = (
        await call(a.base, 'POST', '/api/section-items', { section_id: section, content: 'x' })
      ).json
      const raced = await Promise.all([
        call(a.base, 'PUT', `/api/section-items/${item.id}`, { content: 'changed' }),
        call(b.base, 'DELETE', `/api/section-items/${item.id}`),
      ])
      statuses.push(...raced.map((r) => r.status))
      expect(raced[1].status).toBe(200)
    }
    expect(statuses.filter((s) => !raceOk(s))).toEqual([])

    // Items created through both at once in one section each get a place of their own.
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? a.base : b.base, 'POST', '/api/section-items', {
          section_id: report.sections[0].id,
          content: `item ${i}`,
        }),
      ),
    )
    expect(created.map((r) => r.status).filter((s) => s !== 200)).toEqual([])
    expect(new Set(created.map((r) => r.json.sort_order)).size).toBe(40)
  }, 120_000)
})
