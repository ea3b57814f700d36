// Attack class: a session after the allowed domains narrow. ALLOWED_EMAIL_DOMAINS is checked on
// every use of a session, cached answers included, and when an invitation is accepted: an
// outsider signed in before the restriction is signed out at their next request.
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { sessions, users } from '../db/schema'
import { acceptInvitation } from '../modules/team-roll-up/invitations'
import { createTestApp, signIn } from '../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.

describe('session after the allowed domains narrow', () => {
  test("an outsider's session ends at their next request, a cached answer included; insiders keep theirs", async () => {
    const { app, db, config } = await createTestApp()
    const ada = await signIn(app, 'ada@acme.com')
    const eve = await signIn(app, 'eve@outside.org')
    const [eveUser] = await db.orm.select().from(users).where(eq(users.email, 'eve@outside.org'))
    // Eve's dashboard is in the response cache: the same request answers 304 from it.
    await eve.api.users.me.get()
    const first = await eve.api.dashboard.get()
    expect(first.status).toBe(200)
    const etag = first.response.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const cached = () => eve.api.dashboard.get({ headers: { 'if-none-match': etag } })
    expect((await cached()).status).toBe(304)

    // The operator narrows the allowed domains (a restart with ALLOWED_EMAIL_DOMAINS=acme.com).
    config.allowedEmailDomains = ['acme.com']
    expect((await cached()).status).toBe(401)
    expect((await eve.api.users.me.get()).status).toBe(401)
    expect((await eve.api.projects.post({ name: 'Still here?' })).status).toBe(401)
    // The session is gone, not only refused: widening again does not bring it back.
    expect(
      await db.orm.select().from(sessions).where(eq(sessions.user_id, eveUser.id)),
    ).toHaveLength(0)
    config.allowedEmailDomains = []
    expect((await eve.api.users.me.get()).status).toBe(401)

    config.allowedEmailDomains = ['acme.com']
    expect((await ada.api.users.me.get()).status).toBe(200)
    expect((await ada.api.dashboard.get()).status).toBe(200)
  })

  test('an invitation is not accepted for an address outside the allowed domains', async () => {
    const { app, db, config } = await createTestApp()
    const exec = await signIn(app, 'exec@acme.com')
    const eve = await signIn(app, 'eve@outside.org')
    const member = (await exec.api['team-members'].post({ name: 'Eve', email: 'eve@outside.org' }))
      .data!
    const url = (await exec.api['team-members']({ uuid: member.uuid }).invitations.post()).data!.url
    const token = url.split('/invite/')[1]
    const [eveUser] = await db.orm.select().from(users).where(eq(users.email, 'eve@outside.org'))
    config.allowedEmailDomains = ['acme.com']
    // Over HTTP the session already ends; the acceptance refuses on its own as well.
    expect((await eve.api.invitations({ invitation: token }).accept.post()).status).toBe(401)
    await expect(acceptInvitation({ db, config }, eveUser.id, token)).rejects.toMatchObject({
      status: 403,
    })
    config.allowedEmailDomains = []
    // Nothing was linked: the invitation still works for Eve once the domain is allowed again.
    const again = await signIn(app, 'eve@outside.org')
    expect((await again.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
  })
})
