// Attack classes: invitation takeover and invitation spam. An invitation belongs to the address
// it was sent to: anyone else holding the link is refused (403) and nothing is linked. Invitation
// e-mails count against the account's send quota and reach one member at most once an hour, so
// Cadence cannot be used to mail outsiders.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { startTestSmtp, type TestSmtp } from '../../testing/smtp-test-server'
import { invitations, teamMembers } from '../db/schema'
import { SENDS_PER_HOUR } from '../modules/sending/queue/quota'
import { createTestApp, makeClient, signIn } from '../test/helpers'

const tokenOf = (url: string) => url.split('/invite/')[1]

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(() => smtp.close())
afterEach(() => {
  smtp.received.length = 0
})

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setUp(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env)
  const ada = await signIn(ctx.app, 'ada@acme.com', 'Ada Lovelace')
  await ada.api['section-templates'].post({ name: 'Wins', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
  const sally = (await ada.api['team-members'].post({ name: 'Sally', email: 'Sally@Acme.com' }))
    .data!
  return { ...ctx, ada, sally }
}

const mailEnv = () => ({ SMTP_URL: smtp.url, SMTP_REQUIRE_TLS: 'off' })

describe('invitation takeover', () => {
  test('an outsider holding the link is refused with the masked address and nothing is linked', async () => {
    const { app, ada, sally } = await setUp()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await ada.api['section-items'].post({
      section_id: report.sections[1].id,
      content: 'Board deck',
      assigned_to_team_member_id: sally.id,
    })
    const invitation = (await ada.api['team-members']({ uuid: sally.uuid }).invitations.post())
      .data!
    const token = tokenOf(invitation.url)
    const preview = await makeClient(app).api.invitations({ invitation: token }).get()
    expect(preview.data?.sent_to).toBe('s***@acme.com')

    const eve = await signIn(app, 'eve@evil.example')
    const refused = await eve.api.invitations({ invitation: token }).accept.post()
    expect(refused.status).toBe(403)
    expect(refused.error?.value).toEqual({
      error:
        'This invitation was sent to s***@acme.com: sign in with that address to accept it, or ask Ada Lovelace to change the e-mail address of Sally in Cadence to the one you sign in with',
    })
    expect(JSON.stringify(refused.error?.value)).not.toContain('sally@acme.com')
    // Nothing crossed: Eve sees nothing of Sally's, is on no team, and her sent report does not
    // reach Ada's Team updates.
    expect((await eve.api['assigned-to-me'].get()).data?.items).toEqual([])
    expect((await eve.api['my-teams'].get()).data?.teams).toEqual([])
    await eve.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const hers = (await eve.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await eve.api.reports({ uuid: hers.uuid }).put({ is_submitted: true })
    const updates = await ada.api['team-updates'].get({ query: { week: '2026-11-16' } })
    expect(updates.status).toBe(200)
    expect(JSON.stringify(updates.data)).not.toContain(hers.uuid)
    expect(
      (await ada.api['team-members']({ uuid: sally.uuid }).get()).data?.linked_user_email,
    ).toBeNull()

    // The link still works for Sally, whatever the case of her address at the provider.
    const real = await signIn(app, 'SALLY@acme.com', 'Sally')
    expect((await real.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
    expect((await real.api['assigned-to-me'].get()).data?.items).toHaveLength(1)
  })

  test('the executive corrects the address; then the same link works for that address only', async () => {
    const { app, ada, sally } = await setUp()
    const token = tokenOf(
      (await ada.api['team-members']({ uuid: sally.uuid }).invitations.post()).data!.url,
    )
    const home = await signIn(app, 'sally.home@example.org', 'Sally')
    expect((await home.api.invitations({ invitation: token }).accept.post()).status).toBe(403)
    expect(
      (await ada.api['team-members']({ uuid: sally.uuid }).put({ email: 'sally.home@example.org' }))
        .status,
    ).toBe(200)
    expect((await makeClient(app).api.invitations({ invitation: token }).get()).data?.sent_to).toBe(
      's***@example.org',
    )
    const old = await signIn(app, 'sally@acme.com', 'Sally')
    expect((await old.api.invitations({ invitation: token }).accept.post()).status).toBe(403)
    expect((await home.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
  })
})

describe('invitation spam', () => {
  test('one member is e-mailed at most once an hour, however many links are made, two at once included', async () => {
    const { ada, sally, db } = await setUp(mailEnv())
    const results = await Promise.all([
      ada.api['team-members']({ uuid: sally.uuid }).invitations.post(),
      ada.api['team-members']({ uuid: sally.uuid }).invitations.post(),
    ])
    for (let i = 0; i < 3; i++)
      results.push(await ada.api['team-members']({ uuid: sally.uuid }).invitations.post())
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
    expect(results.filter((r) => r.data?.emailed)).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0].rcptTo).toEqual(['sally@acme.com'])
    // An hour later the next link is e-mailed again.
    await db.orm
      .update(teamMembers)
      .set({ invitation_emailed_at: new Date(Date.now() - 3_600_001).toISOString() })
      .where(eq(teamMembers.id, sally.id))
    expect(
      (await ada.api['team-members']({ uuid: sally.uuid }).invitations.post()).data?.emailed,
    ).toBe(true)
    expect(smtp.received).toHaveLength(2)
  })

  test("invitation e-mails spend the account's send quota; over it, 429 and nothing changes", async () => {
    const { ada, db } = await setUp(mailEnv())
    const members = []
    for (let i = 0; i <= SENDS_PER_HOUR; i++)
      members.push(
        (await ada.api['team-members'].post({ name: `M${i}`, email: `m${i}@outside.example` }))
          .data!,
      )
    for (const m of members.slice(0, SENDS_PER_HOUR - 1))
      expect((await ada.api['team-members']({ uuid: m.uuid }).invitations.post()).status).toBe(201)
    // The quota's last send goes to the twentieth member; then it is spent.
    const last = members[SENDS_PER_HOUR - 1]
    expect((await ada.api['team-members']({ uuid: last.uuid }).invitations.post()).status).toBe(201)
    const before = await db.orm.select().from(invitations)
    const over = await ada.api['team-members']({
      uuid: members[SENDS_PER_HOUR].uuid,
    }).invitations.post()
    expect(over.status).toBe(429)
    expect(over.error?.value).toEqual({ error: expect.stringMatching(/^Send limit reached/) })
    expect(await db.orm.select().from(invitations)).toEqual(before)
    expect(smtp.received).toHaveLength(SENDS_PER_HOUR)
    // A report Send that would e-mail is refused too: one quota for everything that sends.
    await ada.api.settings.put({ report_recipients: ['board@acme.com'] })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    expect((await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })).status).toBe(
      429,
    )
    // About 45 requests with e-mail: sized for PostgreSQL on a busy two-core machine.
  }, 60_000)

  test('without SMTP nothing is e-mailed and nothing is spent', async () => {
    const { ada, sally } = await setUp()
    for (let i = 0; i < SENDS_PER_HOUR + 2; i++) {
      const res = await ada.api['team-members']({ uuid: sally.uuid }).invitations.post()
      expect(res.status).toBe(201)
      expect(res.data?.emailed).toBe(false)
    }
    expect(smtp.received).toHaveLength(0)
  })
})
