import { describe, expect } from 'bun:test'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

const tokenOf = (url: string, part: string) => url.split(part)[1]

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
type Health = 'on_track' | 'at_risk' | 'off_track'
type Row = {
  project_name: string
  team_signals?: { team_member_name: string; health: string; note: string | null }[]
}
const NONE = { Apollo: undefined, Vega: undefined, Zephyr: undefined }
const signals = (rows: Row[]) =>
  Object.fromEntries(rows.map((r) => [r.project_name, r.team_signals]))

/** A report of `week` with one item in each named project, each given the health asked for. */
async function reportWith(
  who: Client,
  week: string,
  health: Record<string, [Health, string?]>,
  send = false,
) {
  await who.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  const report = (await who.api.reports.post({ week_start_date: week, carry_over: false })).data!
  for (const [name, [value, note]] of Object.entries(health)) {
    const project = (await who.api.projects.post({ name })).data!
    await who.api['section-items'].post({
      section_id: report.sections[0].id,
      content: `Work on ${name}`,
      project_id: project.id,
    })
    const set = await who.api
      .reports({ uuid: report.uuid })
      ['project-health']({ project_uuid: project.uuid })
      .put({ health: value, note })
    expect(set.status).toBe(200)
  }
  if (send)
    expect((await who.api.reports({ uuid: report.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
  return report
}

/**
 * Ada (the executive) calls Apollo and Zephyr on track and Vega at risk this week. Tom is on her
 * team and linked; Eve is on her team too but never accepted; Bob has Tom on his own team.
 */
async function setUp() {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
  const tom = await signIn(app, 'tom@example.com', 'Tom Reed')
  const eve = await signIn(app, 'eve@example.com', 'Eve Stone')
  const bob = await signIn(app, 'bob@example.com', 'Bob Hale')
  const mine = await reportWith(ada, thisWeek(), {
    Apollo: ['on_track', 'All good'],
    Zephyr: ['on_track'],
    Vega: ['at_risk'],
  })
  const tomCard = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
    .data!
  await ada.api['team-members'].post({ name: 'Eve', email: 'eve@example.com' })
  const invitation = (await ada.api['team-members']({ uuid: tomCard.uuid }).invitations.post())
    .data!
  const token = tokenOf(invitation.url, '/invite/')
  expect((await tom.api.invitations({ invitation: token }).accept.post()).status).toBe(200)
  return { app, ada, tom, eve, bob, mine, tomCard }
}

const healthOf = async (who: Client, uuid: string) =>
  (await who.api.reports({ uuid }).get()).data!.project_health

describe('mismatched health: a linked member calls a project worse than the executive', () => {
  test("only a linked member's SENT report, only a worse health, matched by name in any case", async () => {
    const { ada, tom, eve, mine } = await setUp()
    expect(signals(await healthOf(ada, mine.uuid))).toEqual(NONE)

    // Tom's draft says Apollo is at risk: a draft never counts.
    const toms = await reportWith(tom, thisWeek(), {
      ' apollo ': ['at_risk', 'vendor slipped'],
      Zephyr: ['on_track'], // the same health: nothing
      VEGA: ['on_track'], // better than Ada's: nothing
      Hermes: ['off_track'], // not on Ada's report: nothing
    })
    expect(signals(await healthOf(ada, mine.uuid))).toEqual(NONE)

    // Eve is on Ada's team but never linked her account: her sent report never counts.
    await reportWith(eve, thisWeek(), { Apollo: ['off_track', 'Eve says'] }, true)
    expect(signals(await healthOf(ada, mine.uuid))).toEqual(NONE)

    // Tom sends: his at-risk Apollo shows on Ada's table (her cached answer is not stale).
    expect((await tom.api.reports({ uuid: toms.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    expect(signals(await healthOf(ada, mine.uuid))).toEqual({
      Apollo: [{ team_member_name: 'Tom', health: 'at_risk', note: 'vendor slipped' }],
      Vega: undefined,
      Zephyr: undefined,
    })
  })

  test("the health PUT answers the row with its signals; Ada's worse health silences it", async () => {
    const { ada, tom, mine } = await setUp()
    await reportWith(tom, thisWeek(), { Apollo: ['at_risk', 'vendor slipped'] }, true)
    const apollo = (await healthOf(ada, mine.uuid)).find((r) => r.project_name === 'Apollo')!
    const put = async (health: Health) => {
      const res = await ada.api
        .reports({ uuid: mine.uuid })
        ['project-health']({ project_uuid: apollo.project_uuid })
        .put({ health })
      expect(res.status).toBe(200)
      return res.data!
    }
    expect((await put('off_track')).team_signals).toBeUndefined()
    expect((await put('at_risk')).team_signals).toBeUndefined()
    expect((await put('on_track')).team_signals).toEqual([
      { team_member_name: 'Tom', health: 'at_risk', note: 'vendor slipped' },
    ])
  })

  test("another week's sent report does not count; unlinking ends the signal", async () => {
    const { ada, tom, mine, tomCard } = await setUp()
    await reportWith(tom, addDays(thisWeek(), -7), { Apollo: ['off_track', 'last week'] }, true)
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toBeUndefined()
    // This week's report, sent: health carried from last week is what it gives.
    const week = (await tom.api.reports.post({ week_start_date: thisWeek() })).data!
    const project = (await tom.api.projects.get()).data!.find((p) => p.name === 'Apollo')!
    await tom.api['section-items'].post({
      section_id: week.sections[0].id,
      content: 'Still on Apollo',
      project_id: project.id,
    })
    expect((await tom.api.reports({ uuid: week.uuid }).put({ is_submitted: true })).status).toBe(
      200,
    )
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toEqual([
      { team_member_name: 'Tom', health: 'off_track', note: null },
    ])
    expect((await ada.api['team-members']({ uuid: tomCard.uuid }).link.delete()).status).toBe(200)
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toBeUndefined()
  })

  test('nobody else sees it: not the member, not another user, not a reader of the brief', async () => {
    const { ada, tom, bob, mine } = await setUp()
    const toms = await reportWith(tom, thisWeek(), { Apollo: ['at_risk', 'vendor slipped'] }, true)
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toHaveLength(1)
    // Tom's own report: Ada's health is not his signal (he is not her executive).
    expect(signals(await healthOf(tom, toms.uuid)).Apollo).toBeUndefined()
    // Bob (Tom on his team but not linked) and anyone else: Ada's report is not theirs.
    await bob.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' })
    expect((await bob.api.reports({ uuid: mine.uuid }).get()).status).toBe(404)
    expect((await tom.api.reports({ uuid: mine.uuid }).get()).status).toBe(404)
    // The brief readers get (shared page, Team updates) carries no team signal.
    const share = (await ada.api.reports({ uuid: mine.uuid }).shares.post({ expires_in_days: 7 }))
      .data!
    const shared = await bob.api.shared({ token: tokenOf(share.url, '/r/') }).get()
    expect(shared.status).toBe(200)
    for (const row of shared.data!.report.project_health)
      expect(row).not.toHaveProperty('team_signals')
    const updates = (await ada.api['team-updates'].get({ query: { week: thisWeek() } })).data!
      .updates
    for (const row of updates[0].report!.project_health)
      expect(row).not.toHaveProperty('team_signals')
  })
})

describe('team signals read what the member sent', () => {
  test('a health or note changed after the Send does not reach the executive until sent again', async () => {
    const { ada, tom, mine } = await setUp()
    const theirs = await reportWith(tom, thisWeek(), { Apollo: ['at_risk', 'Sent note'] }, true)
    const apollo = (await tom.api.projects.get()).data!.find((p) => p.name === 'Apollo')!
    const sent = { team_member_name: 'Tom', health: 'at_risk', note: 'Sent note' }
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toEqual([sent])
    // After the Send: worse, with another note, and on a project Ada was calming too.
    await tom.api
      .reports({ uuid: theirs.uuid })
      ['project-health']({ project_uuid: apollo.uuid })
      .put({ health: 'off_track', note: 'Later note' })
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toEqual([sent])
    // 'Send update' freezes the next edition: now it is what Tom sent.
    expect((await tom.api.reports({ uuid: theirs.uuid }).editions.post({})).status).toBe(201)
    expect(signals(await healthOf(ada, mine.uuid)).Apollo).toEqual([
      { team_member_name: 'Tom', health: 'off_track', note: 'Later note' },
    ])
  })
})
