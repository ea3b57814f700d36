// 'Needs you' (issue 46): what needs the executive today, by name, each entry gone once acted on.
// Through the typed client; both engines (TEST_DATABASE_URL selects PostgreSQL).
import { describe, expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { isoDate } from '../../lib/time'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, makeClient, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'
import { twoWeeksOfAda } from '../../test/two-weeks'

const needs = async (who: Client) => {
  const res = await who.api.dashboard.get()
  expect(res.status).toBe(200)
  return res.data!.needsYou
}
const tokenOf = (url: string, part = '/r/') => url.split(part)[1]

describe('needs you', () => {
  test('projects off track or at risk by name, with their why and trend; on track is not', async () => {
    const { ada, apollo, zephyr, last, current } = await twoWeeksOfAda()
    const health = (uuid: string, project: string, value: string, note?: string) =>
      ada.api
        .reports({ uuid })
        ['project-health']({ project_uuid: project })
        .put({ health: value as 'on_track', note })
    await health(last.uuid, apollo.uuid, 'at_risk', 'Vendor slipped')
    await health(current.uuid, apollo.uuid, 'off_track')
    await health(current.uuid, zephyr.uuid, 'on_track', 'Fine')
    expect((await needs(ada)).projects).toEqual([
      {
        project_uuid: apollo.uuid,
        project_name: 'Apollo',
        health: 'off_track',
        // This week's row has no note: the latest why of the recent weeks.
        note: 'Vendor slipped',
        trend: [
          { week_start_date: last.week_start_date, health: 'at_risk' },
          { week_start_date: current.week_start_date, health: 'off_track' },
        ],
        report_uuid: current.uuid,
      },
    ])
    // Acted on: back on track, it leaves.
    await health(current.uuid, apollo.uuid, 'on_track', 'Recovered')
    expect((await needs(ada)).projects).toEqual([])
  })

  test("this week's report unsent, with its due day, until it is sent", async () => {
    const { ada, current } = await twoWeeksOfAda()
    expect((await needs(ada)).unsent).toEqual({
      report_uuid: current.uuid,
      week_start_date: thisWeek(),
      due_date: addDays(thisWeek(), 4), // Friday, the default week end day
    })
    expect((await ada.api.reports({ uuid: current.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    expect((await needs(ada)).unsent).toBeNull()
  })

  test('no report this week: unsent names the week, with no report to open', async () => {
    const { app } = await createTestApp()
    const eve = await signIn(app, 'eve@example.com')
    const unsent = (await needs(eve)).unsent!
    expect(unsent.report_uuid).toBeNull()
    expect(unsent.week_start_date).toBe(thisWeek())
  })

  test("a reader's question waits until answered or dismissed", async () => {
    const { app, ada, current } = await twoWeeksOfAda()
    const link = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const reader = makeClient(app)
    const ask = async (text: string) => {
      const res = await reader.post(`/api/shared/${tokenOf(link.url)}/questions`, {
        name: 'Lena',
        text,
      })
      expect(res.status).toBe(201)
      return res.json.id as number
    }
    const first = await ask('Why is Apollo late?')
    const second = await ask('Who owns Zephyr?')
    const listed = (await needs(ada)).questions
    expect(listed.map((q) => [q.text, q.name, q.report_uuid])).toEqual([
      ['Who owns Zephyr?', 'Lena', current.uuid],
      ['Why is Apollo late?', 'Lena', current.uuid],
    ])
    await ada.api.questions({ id: first }).put({ answer: 'The vendor slipped' })
    await ada.api.questions({ id: second }).put({ seen: true })
    expect((await needs(ada)).questions).toEqual([])
  })

  test('answers to asks wait until seen; only the owner marks them; bad input changes nothing', async () => {
    const { app, ada, current, apollo } = await twoWeeksOfAda()
    const item = (
      await ada.api['section-items'].post({
        section_id: current.sections[0].id,
        content: 'Approve the Q1 hiring budget',
        project_id: apollo.id,
      })
    ).data!
    await ada.api['section-items']({ id: item.id }).put({ is_ask: true })
    const link = (
      await ada.api.reports({ uuid: current.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const reader = makeClient(app)
    const given = await reader.post(`/api/shared/${tokenOf(link.url)}/asks/${item.id}/answers`, {
      name: 'Rob',
      answer: 'approve',
    })
    expect(given.status).toBe(201)
    const [answer] = (await needs(ada)).answers
    expect(answer).toEqual(
      expect.objectContaining({
        report_uuid: current.uuid,
        ask: 'Approve the Q1 hiring budget',
        name: 'Rob',
        answer: 'approve',
      }),
    )

    // Another user's call with Ada's answer id marks nothing.
    const eve = await signIn(app, 'eve@example.com')
    const theirs = await eve.api.dashboard['answers-seen'].post({ ids: [answer.id] })
    expect(theirs.status).toBe(200)
    expect(theirs.data).toEqual({ seen: 0 })
    // Bad input: 4xx and no change.
    for (const body of [{ ids: [] }, { ids: ['x'] }, { ids: [0] }, {}, { ids: [1.5] }]) {
      const res = await ada.post('/api/dashboard/answers-seen', body)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    const tooMany = await ada.post('/api/dashboard/answers-seen', {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
    })
    expect(tooMany.status).toBe(400)
    expect((await needs(ada)).answers).toHaveLength(1)

    const mine = await ada.api.dashboard['answers-seen'].post({ ids: [answer.id] })
    expect(mine.data).toEqual({ seen: 1 })
    expect((await needs(ada)).answers).toEqual([])
    // Twice is harmless.
    expect((await ada.api.dashboard['answers-seen'].post({ ids: [answer.id] })).data).toEqual({
      seen: 0,
    })
  })

  test('decisions due for revisit this week, until their follow-up is done or the date moves', async () => {
    const { ada, db } = await twoWeeksOfAda()
    const today = isoDate()
    const post = async (title: string, revisit_on: string | null) =>
      (await ada.api.decisions.post({ title, decided_on: addDays(today, -90), revisit_on })).data!
    const due = await post('Hire a CFO', today)
    const moved = await post('Open Berlin', addDays(today, -1))
    await post('Later', addDays(today, 30))
    await post('Long ago', addDays(today, -7 * 9))
    await post('Never', null)
    expect((await needs(ada)).revisits.map((r) => r.title)).toEqual(['Open Berlin', 'Hire a CFO'])

    // The revisit became a follow-up of this week's draft: completing it records the revisit.
    const followup = await db.row<{ id: number }>(
      sql`SELECT id FROM section_items WHERE content = ${`Revisit decision: ${due.title}`}`,
    )
    expect(followup).toBeTruthy()
    await ada.api['section-items']({ id: Number(followup!.id) }).put({ is_completed: true })
    // Moving a revisit past this week takes it off too.
    await ada.api.decisions({ id: moved.id }).put({ revisit_on: addDays(today, 60) })
    expect((await needs(ada)).revisits).toEqual([])
  })

  test('stalled items by person, the executive’s own last', async () => {
    const { ada, tom } = await twoWeeksOfAda()
    const old = (
      await ada.api.reports.post({ week_start_date: addDays(thisWeek(), -28), carry_over: false })
    ).data!
    const add = async (content: string, member?: number) =>
      (
        await ada.api['section-items'].post({
          section_id: old.sections[1].id,
          content,
          assigned_to_team_member_id: member,
        })
      ).data!
    await add('Chase the auditor', tom.id)
    await add('Sign the lease')
    const stalled = (await needs(ada)).stalled
    expect(stalled.map((g) => [g.name, g.items.map((i) => i.content)])).toEqual([
      ['Tom Reed', ['Chase the auditor']],
      [null, ['Sign the lease']],
    ])
    expect(stalled[0].items[0].open_weeks).toBeGreaterThanOrEqual(3)
    expect(stalled[0].items[0].report_uuid).toBe(old.uuid)
  })

  test('an item left open in an old report stays on the dashboard; a carried one shows once', async () => {
    const { ada } = await twoWeeksOfAda()
    const addIn = async (weeksAgo: number, content: string) => {
      const r = (
        await ada.api.reports.post({
          week_start_date: addDays(thisWeek(), -7 * weeksAgo),
          carry_over: false,
        })
      ).data!
      await ada.api['section-items'].post({ section_id: r.sections[1].id, content })
    }
    await addIn(5, 'Five weeks ago')
    await addIn(40, 'Forty weeks ago')
    const data = (await ada.api.dashboard.get()).data!
    const open = data.activeFollowups.map((i) => i.content)
    expect(open).toContain('Five weeks ago')
    expect(open).toContain('Forty weeks ago')
    expect(open.indexOf('Five weeks ago')).toBeLessThan(open.indexOf('Forty weeks ago'))
  })

  test("a linked team member's sent report calling a project worse is a mismatch", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    const tom = await signIn(app, 'tom@example.com', 'Tom Reed')
    const withHealth = async (who: Client, health: 'on_track' | 'off_track', note: string) => {
      await who.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
      const report = (
        await who.api.reports.post({ week_start_date: thisWeek(), carry_over: false })
      ).data!
      const project = (await who.api.projects.post({ name: 'Series B' })).data!
      await who.api['section-items'].post({
        section_id: report.sections[0].id,
        content: 'Term sheets',
        project_id: project.id,
      })
      await who.api
        .reports({ uuid: report.uuid })
        ['project-health']({ project_uuid: project.uuid })
        .put({ health, note })
      return { report, project }
    }
    const mine = await withHealth(ada, 'on_track', 'Two term sheets')
    const card = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const invitation = (await ada.api['team-members']({ uuid: card.uuid }).invitations.post()).data!
    await tom.api.invitations({ invitation: tokenOf(invitation.url, '/invite/') }).accept.post()
    const toms = await withHealth(tom, 'off_track', 'Lead investor walked')
    expect((await needs(ada)).mismatches).toEqual([])
    await tom.api.reports({ uuid: toms.report.uuid }).put({ is_submitted: true })
    expect((await needs(ada)).mismatches).toEqual([
      {
        project_uuid: mine.project.uuid,
        project_name: 'Series B',
        report_uuid: mine.report.uuid,
        health: 'on_track',
        signals: [{ team_member_name: 'Tom', health: 'off_track', note: 'Lead investor walked' }],
      },
    ])
    // Acted on: Ada agrees (or calls it worse); the mismatch leaves.
    await ada.api
      .reports({ uuid: mine.report.uuid })
      ['project-health']({ project_uuid: mine.project.uuid })
      .put({ health: 'off_track' })
    expect((await needs(ada)).mismatches).toEqual([])
    // Tom's own dashboard never shows Ada's projects.
    expect((await needs(tom)).mismatches).toEqual([])
  })
})
