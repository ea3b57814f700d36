// The low findings of the attacker's review, each fixed: a teammate's draft health never answers
// their executive's `health:` search; 'Copy as Markdown' keeps people's links, images and HTML as
// text; 404s on token paths keep the no-referrer header; the team member answers of POST and PUT
// carry no internal user id.
import { describe, expect, test } from 'bun:test'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { createTestApp, makeClient, signIn } from '../test/helpers'

const THIS_WEEK = '2026-11-16'
const LAST_WEEK = '2026-11-09'
const tokenOf = (url: string, marker: string) => url.split(marker)[1]

/** Ada, and Tom on her team (linked through an invitation to his own address). */
async function team() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
  const tom = await signIn(ctx.app, 'tom@example.com', 'Tom')
  const member = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
    .json
  const invitation = (await ada.post(`/api/team-members/${member.uuid}/invitations`)).json
  expect(
    (await tom.post(`/api/invitations/${tokenOf(invitation.url, '/invite/')}/accept`)).status,
  ).toBe(200)
  return { ...ctx, ada, tom, member }
}

describe('low findings', () => {
  test("a teammate's unsent draft health does not answer their executive's health: search", async () => {
    const { ada, tom } = await team()
    await tom.post('/api/section-templates', { name: 'Wins', type: 'standard' })
    const apollo = (await tom.post('/api/projects', { name: 'Apollo' })).json
    // Sent last week: Apollo on track, with an item about it.
    const sent = (await tom.post('/api/reports', { week_start_date: LAST_WEEK, title: 'Tom sent' }))
      .json
    await tom.post('/api/section-items', {
      section_id: sent.sections[0].id,
      content: 'Vendor contract signed',
      project_id: apollo.id,
    })
    await tom.put(`/api/reports/${sent.uuid}/project-health/${apollo.uuid}`, { health: 'on_track' })
    await tom.put(`/api/reports/${sent.uuid}`, { is_submitted: true })
    // This week's draft, not sent: Apollo off track.
    const draft = (
      await tom.post('/api/reports', { week_start_date: THIS_WEEK, carry_over: false })
    ).json
    await tom.put(`/api/reports/${draft.uuid}/project-health/${apollo.uuid}`, {
      health: 'off_track',
    })
    const find = async (query: string) =>
      (await ada.get(`/api/search?query=${encodeURIComponent(query)}`)).json.results as Array<{
        source?: string
        content?: string
      }>
    const teamHits = async (query: string) =>
      (await find(query)).filter((r) => r.source === 'team_update').map((r) => r.content)
    expect(await teamHits('vendor health:off_track')).toEqual([])
    expect(await teamHits('vendor health:on_track')).toEqual(['Vendor contract signed'])
    // Tom's own search still reads his draft's health.
    const his = (
      await tom.get(`/api/search?query=${encodeURIComponent('vendor health:off_track')}`)
    ).json.results
    expect(his.length).toBeGreaterThan(0)
  })

  test("'Copy as Markdown' keeps readers' and users' links, images and HTML as text", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.post('/api/section-templates', { name: 'Wins <b>', type: 'standard' })
    await ada.post('/api/section-templates', { name: 'Follow-ups', type: 'followups' })
    const project = (await ada.post('/api/projects', { name: '[p](javascript:alert(1))' })).json
    const report = (
      await ada.post('/api/reports', {
        week_start_date: THIS_WEEK,
        title: '<script>alert(1)</script> [t](javascript:alert(2))',
        summary: 'Fine week\n<img src=x onerror=alert(3)>\n[s](javascript:alert(4))',
      })
    ).json
    await ada.put(`/api/report-sections/${report.sections[0].id}`, {
      content: '<iframe src="https://evil.example"></iframe>',
    })
    for (const content of [
      '[click me](javascript:alert(5))',
      '![pixel](https://evil.example/p.png)',
      '<script>alert(6)</script>',
      '<https://evil.example/auto>',
      '[ref]\n\n[ref]: javascript:alert(7)',
    ])
      await ada.post('/api/section-items', {
        section_id: report.sections[0].id,
        content,
        project_id: project.id,
      })
    // A reader's question becomes a follow-up: the text of someone without an account.
    const share = (await ada.post(`/api/reports/${report.uuid}/shares`, { expires_in_days: 7 }))
      .json
    const asked = await makeClient(app).post(`/api/shared/${tokenOf(share.url, '/r/')}/questions`, {
      name: '<b>Eve</b>',
      text: 'Why? [see](javascript:alert(8)) <img src=x onerror=alert(9)>',
    })
    expect(asked.status).toBe(201)

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
    for (const res of [
      await anonymous.get('/api/shared/wrong-token'),
      await anonymous.post('/api/shared/wrong-token/questions', { name: 'Eve', text: 'Hi' }),
      await anonymous.get('/api/invitations/wrong-token'),
      await ada.post('/api/invitations/wrong-token/accept'),
    ]) {
      expect(res.status).toBe(404)
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  test('POST and PUT /api/team-members answer no linked account id', async () => {
    const { ada, member } = await team()
    expect(member).not.toHaveProperty('linked_user_id')
    const updated = await ada.put(`/api/team-members/${member.uuid}`, { title: 'Designer' })
    expect(updated.status).toBe(200)
    expect(updated.json.title).toBe('Designer')
    expect(updated.json).not.toHaveProperty('linked_user_id')
    expect(updated.json).not.toHaveProperty('invitation_emailed_at')
    expect(Object.keys(updated.json).sort()).toEqual(Object.keys(member).sort())
  })
})
