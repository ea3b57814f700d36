// Private links are capped (open links per report and per account, docs/configuration.md) and
// every open link is listed by GET /api/shares, however many closed ones are newer, so each can
// be seen and revoked — on both engines.
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { reports, shareQuestions, shares, users } from '../db/schema'
import { OBJECT_LIMITS } from '../lib/limits'
import { createTestApp, makeClient, signIn } from '../test/helpers'

async function setup() {
  const { app, db } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const [user] = await db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
  const [row] = await db.orm.select().from(reports).where(eq(reports.uuid, report.uuid))
  /** Stores `n` links of Ada's straight into the database (as many creates would). */
  const store = async (n: number, fields: Partial<typeof shares.$inferInsert>, at: string) => {
    for (let i = 0; i < n; i += 500)
      await db.orm.insert(shares).values(
        Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
          user_id: user.id,
          report_id: row.id,
          token_hash: `${at}-${i + k}-${Math.random()}`,
          created_at: at,
          ...fields,
        })),
      )
  }
  const linkCount = async () => (await db.orm.select().from(shares)).length
  return { app, db, ada, report, row, user, store, linkCount }
}

describe('private link limits', () => {
  test('a report holds at most 100 open links: the next answers 403 saying so and stores nothing; revoked and expired links do not count', async () => {
    const { ada, report, store, linkCount } = await setup()
    const create = () => ada.post(`/api/reports/${report.uuid}/shares`, {})
    const first = (await create()).json
    await store(OBJECT_LIMITS.openLinksPerReport - 1, {}, '2026-11-20T00:00:00.000Z')
    await store(5, { revoked_at: '2026-11-21T00:00:00.000Z' }, '2026-11-21T00:00:00.000Z')
    await store(5, { expires_at: '2026-11-22T00:00:00.000Z' }, '2026-11-21T00:00:00.000Z')
    const before = await linkCount()
    const refused = await create()
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({
      error: 'At most 100 open links per report; revoke some first',
    })
    expect(await linkCount()).toBe(before)
    expect((await ada.delete(`/api/shares/${first.id}`)).status).toBe(200)
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(403)
  }, 30_000)

  test('an account holds at most 1,000 open links across its reports', async () => {
    const { ada, store } = await setup()
    const other = (await ada.post('/api/reports', { week_start_date: '2026-11-23' })).json
    await store(OBJECT_LIMITS.openLinksPerAccount, {}, '2026-11-20T00:00:00.000Z')
    const refused = await ada.post(`/api/reports/${other.uuid}/shares`, {})
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe('At most 1,000 open links per account; revoke some first')
  }, 30_000)

  test('GET /api/shares lists an old permanent link first, behind 1,500 newer closed ones, and it can be revoked', async () => {
    const { ada, report, store } = await setup()
    const old = (await ada.post(`/api/reports/${report.uuid}/shares`, {})).json
    await store(1_500, { revoked_at: '2030-01-02T00:00:00.000Z' }, '2030-01-01T00:00:00.000Z')
    const listed = (await ada.get('/api/shares')).json.shares as Array<{ id: number }>
    expect(listed[0].id).toBe(old.id)
    expect(listed.length).toBeLessThanOrEqual(1_500)
    expect((await ada.delete(`/api/shares/${old.id}`)).status).toBe(200)
    const url = old.url as string
    expect((await ada.get(`/api/shared/${url.split('/r/')[1]}`)).status).toBe(404)
  }, 30_000)
})

describe("readers' questions", () => {
  test('a report takes at most 500 questions over all its links: the next answers 403 saying so and stores nothing', async () => {
    const { app, db, ada, report, row, user } = await setup()
    const link = (await ada.post(`/api/reports/${report.uuid}/shares`, {})).json
    const token = String(link.url).split('/r/')[1]
    const [share] = await db.orm.select().from(shares).where(eq(shares.report_id, row.id))
    // As many questions as earlier readers asked, straight into the database.
    await db.orm.insert(shareQuestions).values(
      Array.from({ length: OBJECT_LIMITS.questionsPerReport - 1 }, (_, i) => ({
        user_id: user.id,
        report_id: row.id,
        share_id: share.id,
        name: 'Maria',
        text: `Question ${i + 1}`,
      })),
    )
    const reader = makeClient(app)
    const ask = (text: string) =>
      reader.post(`/api/shared/${token}/questions`, { name: 'Maria', text })
    expect((await ask('The last one that fits?')).status).toBe(201)
    const count = async () =>
      (await db.orm.select().from(shareQuestions).where(eq(shareQuestions.report_id, row.id)))
        .length
    expect(await count()).toBe(OBJECT_LIMITS.questionsPerReport)
    const refused = await ask('One more?')
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({
      error:
        'This brief has taken its 500 questions, the most one brief takes; ask its author directly',
    })
    expect(await count()).toBe(OBJECT_LIMITS.questionsPerReport)
  }, 30_000)
})
