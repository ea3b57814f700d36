// The low findings of the attacker's review, each fixed: a teammate's draft health never answers
// their executive's `health:` search; 'Copy as Markdown' keeps people's links, images and HTML as
// text; 404s on token paths keep the no-referrer header; the team member answers of POST and PUT
// carry no internal user id.
import { describe, expect, test } from 'bun:test'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { createTestApp, makeClient, signIn } from '../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The report's Markdown export is a file download: it is read by its path, as text.
const THIS_WEEK = '2026-11-16'
const LAST_WEEK = '2026-11-09'
const tokenOf = (url: string, marker: string) => url.split(marker)[1]

/** Ada, and Tom on her team (linked through an invitation to his own address). */
async function team() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
  const tom = await signIn(ctx.app, 'tom@example.com', 'Tom')
  const member = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
    .data!
  const invitation = (await ada.api['team-members']({ uuid: member.uuid }).invitations.post()).data!
  const token = tokenOf(invitation.url, '/invite/')
  expect((await tom.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
  return { ...ctx, ada, tom, member }
}

describe('low findings', () => {
  test("a teammate's unsent draft health does not answer their executive's health: search", async () => {
    const { ada, tom } = await team()
    await tom.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const apollo = (await tom.api.projects.post({ name: 'Apollo' })).data!
    // Sent last week: Apollo on track, with an item about it.
    const sent = (await tom.api.reports.post({ week_start_date: LAST_WEEK, title: 'Tom sent' }))
      .data!
    await tom.api['section-items'].post({
      section_id: sent.sections[0].id,
      content: 'Vendor contract signed',
      project_id: apollo.id,
    })
    const health = (uuid: string) =>
      tom.api.reports({ uuid })['project-health']({ project_uuid: apollo.uuid })
    await health(sent.uuid).put({ health: 'on_track' })
    await tom.api.reports({ uuid: sent.uuid }).put({ is_submitted: true })
    // This week's draft, not sent: Apollo off track.
    const draft = (await tom.api.reports.post({ week_start_date: THIS_WEEK, carry_over: false }))
      .data!
    await health(draft.uuid).put({ health: 'off_track' })
    const find = async (query: string) => (await ada.api.search.get({ query: { query } })).data!
    const teamHits = async (query: string) =>
      (await find(query)).results.filter((r) => r.source === 'team_update').map((r) => r.content)
    expect(await teamHits('vendor health:off_track')).toEqual([])
    expect(await teamHits('vendor health:on_track')).toEqual(['Vendor contract signed'])
    // Tom's own search still reads his draft's health.
    const his = (await tom.api.search.get({ query: { query: 'vendor health:off_track' } })).data!
      .results
    expect(his.length).toBeGreaterThan(0)
  })

  test("'Copy as Markdown' keeps readers' and users' links, images and HTML as text", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.api['section-templates'].post({ name: 'Wins <b>', type: 'standard' })
    await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
    const project = (await ada.api.projects.post({ name: '[p](javascript:alert(1))' })).data!
    const report = (
      await ada.api.reports.post({
        week_start_date: THIS_WEEK,
        title: '<script>alert(1)</script> [t](javascript:alert(2))',
        summary: 'Fine week\n<img src=x onerror=alert(3)>\n[s](javascript:alert(4))',
      })
    ).data!
    await ada.api['report-sections']({ id: report.sections[0].id }).put({
      content: '<iframe src="https://evil.example"></iframe>',
    })
    for (const content of [
      '[click me](javascript:alert(5))',
      '![pixel](https://evil.example/p.png)',
      '<script>alert(6)</script>',
      '<https://evil.example/auto>',
      '[ref]\n\n[ref]: javascript:alert(7)',
    ])
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content,
        project_id: project.id,
      })
    // A reader's question becomes a follow-up: the text of someone without an account.
    const share = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 7 }))
      .data!
    const asked = await makeClient(app)
      .api.shared({ token: tokenOf(share.url, '/r/') })
      .questions.post({
        name: '<b>Eve</b>',
        text: 'Why? [see](javascript:alert(8)) <img src=x onerror=alert(9)>',
      })
    expect(asked.status).toBe(201)
    // The Markdown is the brief: a reader's question is in it once the author includes it.
    const followups = (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[1]
    for (const item of followups.items)
      await ada.api['section-items']({ id: item.id }).put({ include_in_brief: true })

    const md = (await ada.get(`/api/reports/${report.uuid}/export?format=md`)).text
    expect(md).toContain('click me')
    // Rendered as a reader's app would (CommonMark with GitHub's extensions, raw HTML allowed):
    // no element, image or script link comes out of anybody's text. (A bare https address is
    // still linked by GitHub's autolinks, as it would be in any Markdown.)
    const html = micromark(md, {
      allowDangerousHtml: true,
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    })
    expect(html).not.toMatch(/<img\b|<script\b|<iframe\b|<b>/i)
    for (const href of html.match(/<a href="[^"]*"/g) ?? [])
      expect(href).toStartWith('<a href="https://evil.example')
    expect(html).toContain('&lt;script&gt;alert(6)&lt;/script&gt;')
    expect(html).toContain('[click me](javascript:alert(5))')
    expect(html).toContain('Why? [see](javascript:alert(8)) &lt;img src=x onerror=alert(9)&gt;')
  })

  test('404s on token paths keep no-store and no-referrer', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const anonymous = makeClient(app)
    const token = 'wrong-token'
    for (const res of [
      await anonymous.api.shared({ token }).get(),
      await anonymous.api.shared({ token }).questions.post({ name: 'Eve', text: 'Hi' }),
      await anonymous.api.invitations({ invitation: token }).get(),
      await ada.api.invitations({ invitation: token }).accept.post(),
    ]) {
      expect(res.status).toBe(404)
      expect(res.response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.response.headers.get('cache-control')).toBe('no-store')
    }
  })

  test('POST and PUT /api/team-members answer no linked account id', async () => {
    const { ada, member } = await team()
    expect(member).not.toHaveProperty('linked_user_id')
    const updated = await ada.api['team-members']({ uuid: member.uuid }).put({ title: 'Designer' })
    expect(updated.status).toBe(200)
    expect(updated.data?.title).toBe('Designer')
    expect(updated.data).not.toHaveProperty('linked_user_id')
    expect(updated.data).not.toHaveProperty('invitation_emailed_at')
    expect(Object.keys(updated.data!).sort()).toEqual(Object.keys(member).sort())
  })
})
