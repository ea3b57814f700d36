// Nudge: a linked member who has not sent this week's update is nudged once a week, by e-mail
// through the delivery queue and its quota; the database makes the nudge once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp-test-server'
import { deliveries } from '../../db/schema'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { createTestApp, signIn } from '../../test/helpers'
import { type MailMessage, sendDueDeliveries } from '../sending/delivery/mail'
import { SENDS_PER_HOUR } from '../sending/queue/quota'

// Invitation e-mails go straight to this server; nudges wait in the queue for sendDueDeliveries.
let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(() => smtp.close())
const mail = () => ({ SMTP_URL: smtp.url, SMTP_REQUIRE_TLS: 'off' })

async function setUp(env: Record<string, string> = mail()) {
  const ctx = await createTestApp(env)
  const ada = await signIn(ctx.app, 'ada@acme.com', 'Ada Lovelace')
  const sally = (await ada.api['team-members'].post({ name: 'Sally', email: 'sally@acme.com' }))
    .data!
  const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@acme.com' })).data!
  const invitation = (await ada.api['team-members']({ uuid: sally.uuid }).invitations.post()).data!
  const sallyClient = await signIn(ctx.app, 'sally@acme.com', 'Sally')
  // Sally's week starts on Sunday: the nudge is for her week, not Ada's.
  await sallyClient.api.settings.put({ weekly_start_day: 'sunday' })
  const token = invitation.url.split('/invite/')[1]
  expect((await sallyClient.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
  // The invitation e-mail is not what these tests look at.
  await ctx.db.orm.delete(deliveries)
  return { ...ctx, ada, sally, tom, sallyClient }
}

const nudges = (ctx: Awaited<ReturnType<typeof setUp>>) =>
  ctx.db.orm.select().from(deliveries).where(eq(deliveries.kind, 'nudge'))

describe('nudge', () => {
  test("the member page says where a linked member stands; one nudge a week, e-mailed in the member's week", async () => {
    const ctx = await setUp()
    const { ada, sally, tom } = ctx
    const sallyWeek = weekStart(isoDate(), 'sunday')
    const before = (await ada.api['team-members']({ uuid: sally.uuid }).dashboard.get()).data!
    expect(before.nudge).toEqual({
      week_start_date: sallyWeek,
      sent: false,
      nudged_at: null,
      mail: true,
    })
    // Not linked: no status, and a nudge cannot reach them.
    expect(
      (await ada.api['team-members']({ uuid: tom.uuid }).dashboard.get()).data!.nudge,
    ).toBeNull()
    const unlinked = await ada.api['team-members']({ uuid: tom.uuid }).nudge.post()
    expect(unlinked.status).toBe(409)
    expect(unlinked.error?.value).toEqual({
      error: 'Tom has not joined Cadence: invite them first, then a nudge reaches them',
    })

    const nudged = await ada.api['team-members']({ uuid: sally.uuid }).nudge.post()
    expect(nudged.status).toBe(200)
    expect(nudged.data!).toMatchObject({ week_start_date: sallyWeek, sent: false, mail: true })
    expect(typeof nudged.data!.nudged_at).toBe('string')
    const again = await ada.api['team-members']({ uuid: sally.uuid }).nudge.post()
    expect(again.status).toBe(409)
    expect(again.error?.value).toEqual({ error: 'Sally was already nudged this week' })
    expect(await nudges(ctx)).toHaveLength(1)
    expect(
      (await ada.api['team-members']({ uuid: sally.uuid }).prep.get()).data!.nudge?.nudged_at,
    ).toBe(nudged.data!.nudged_at)

    const sent: MailMessage[] = []
    const transport = { sendMail: async (m: MailMessage) => sent.push(m) }
    expect(await sendDueDeliveries(ctx, transport)).toBe(1)
    expect(sent).toHaveLength(1)
    expect(sent[0].to).toEqual(['sally@acme.com'])
    expect(sent[0].subject).toBe('Ada Lovelace asks for your weekly update')
    expect(sent[0].text).toContain('Ada Lovelace asks for your weekly update for')
    expect(sent[0].text).toContain('http://localhost:3000/reports')
  })

  test('a member who sent this week is not nudged, and a nudge waiting when they send is skipped', async () => {
    const ctx = await setUp()
    const { ada, sally, sallyClient } = ctx
    expect((await ada.api['team-members']({ uuid: sally.uuid }).nudge.post()).status).toBe(200)
    await sallyClient.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const report = (
      await sallyClient.api.reports.post({
        week_start_date: weekStart(isoDate(), 'sunday'),
      })
    ).data!
    expect(
      (await sallyClient.api.reports({ uuid: report.uuid }).put({ is_submitted: true })).status,
    ).toBe(200)
    const sent: MailMessage[] = []
    await sendDueDeliveries(ctx, { sendMail: async (m: MailMessage) => sent.push(m) })
    expect(sent.filter((m) => m.to.includes('sally@acme.com'))).toHaveLength(0)
    const [nudge] = await nudges(ctx)
    expect(nudge.last_error).toBe('Not needed: the report was sent first')

    const status = (await ada.api['team-members']({ uuid: sally.uuid }).dashboard.get()).data!
      .nudge!
    expect(status.sent).toBe(true)
    await ctx.db.orm.delete(deliveries).where(eq(deliveries.kind, 'nudge'))
    const refused = await ada.api['team-members']({ uuid: sally.uuid }).nudge.post()
    expect(refused.status).toBe(409)
    expect(refused.error?.value).toEqual({ error: "Sally already sent this week's update" })
    expect(await nudges(ctx)).toHaveLength(0)
  })

  test('without mail nothing is recorded and the answer says to copy the message', async () => {
    const ctx = await setUp({})
    const { ada, sally } = ctx
    expect(
      (await ada.api['team-members']({ uuid: sally.uuid }).dashboard.get()).data!.nudge?.mail,
    ).toBe(false)
    const refused = await ada.api['team-members']({ uuid: sally.uuid }).nudge.post()
    expect(refused.status).toBe(409)
    expect(refused.error?.value).toEqual({
      error: 'Mail is not set up on this server: copy the message and send it yourself',
    })
    expect(await nudges(ctx)).toHaveLength(0)
  })

  test('ten nudges at once make one, spending the quota once', async () => {
    const ctx = await setUp()
    const { ada, sally } = ctx
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ada.api['team-members']({ uuid: sally.uuid }).nudge.post()),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
    expect(await nudges(ctx)).toHaveLength(1)
    // The quota counted one send: the hour still holds SENDS_PER_HOUR - 1 more (invitations
    // spend it too; one was e-mailed in setUp).
    let accepted = 0
    for (let i = 0; i < SENDS_PER_HOUR; i++) {
      const m = (await ada.api['team-members'].post({ name: `M${i}`, email: `m${i}@x.example` }))
        .data!
      if ((await ada.api['team-members']({ uuid: m.uuid }).invitations.post()).status === 201)
        accepted++
      else break
    }
    expect(accepted).toBe(SENDS_PER_HOUR - 2)
  })

  test("another user's member is 404, a bad uuid 400, and neither records anything", async () => {
    const ctx = await setUp()
    const bob = await signIn(ctx.app, 'bob@example.com')
    const foreign = await bob.api['team-members']({ uuid: ctx.sally.uuid }).nudge.post()
    expect(foreign.status).toBe(404)
    expect(foreign.error?.value).toEqual({ error: 'Team member not found' })
    expect((await ctx.ada.api['team-members']({ uuid: 'x'.repeat(65) }).nudge.post()).status).toBe(
      400,
    )
    expect(
      (await ctx.ada.api['team-members']({ uuid: crypto.randomUUID() }).nudge.post()).status,
    ).toBe(404)
    expect(await nudges(ctx)).toHaveLength(0)
  })

  test('over the send quota: 429 and no nudge', async () => {
    const ctx = await setUp()
    const { ada, sally } = ctx
    for (let i = 0; i < SENDS_PER_HOUR; i++) {
      const m = (await ada.api['team-members'].post({ name: `M${i}`, email: `m${i}@x.example` }))
        .data!
      await ada.api['team-members']({ uuid: m.uuid }).invitations.post()
    }
    const over = await ada.api['team-members']({ uuid: sally.uuid }).nudge.post()
    expect(over.status).toBe(429)
    expect(over.error?.value).toEqual({ error: expect.stringMatching(/^Send limit reached/) })
    expect(await nudges(ctx)).toHaveLength(0)
  })
})
