import { describe, expect } from 'bun:test'
import { addDays } from '../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

describe('the shared page of a sent report', () => {
  test("carries the edition's 'Since last week' and a pulled item's teammate, as sent", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    const tom = await signIn(app, 'tom@example.com', 'Tom Reed')
    await ada.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
    const member = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
      .data!
    const invitation = (await ada.api['team-members']({ uuid: member.uuid }).invitations.post())
      .data!
    const accepted = await tom.api
      .invitations({ invitation: invitation.url.split('/invite/')[1] })
      .accept.post()
    expect(accepted.status).toBe(200)
    await tom.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const toms = (await tom.api.reports.post({ week_start_date: thisWeek(), carry_over: false }))
      .data!
    const win = (
      await tom.api['section-items'].post({
        section_id: toms.sections[0].id,
        content: 'Closed the Apollo vendor',
      })
    ).data!
    await tom.api.reports({ uuid: toms.uuid }).put({ is_submitted: true })

    // Last week's open task is carried into this week's report; Tom's win is pulled into it.
    const last = (
      await ada.api.reports.post({ week_start_date: addDays(thisWeek(), -7), carry_over: false })
    ).data!
    await ada.api['section-items'].post({
      section_id: last.sections[0].id,
      content: 'Sign the lease',
    })
    const report = (await ada.api.reports.post({ week_start_date: thisWeek() })).data!
    const carried = report.sections[0].items[0]
    expect(carried.content).toBe('Sign the lease')
    expect(
      (await ada.api.reports({ uuid: report.uuid }).pull.post({ source_item_id: win.id })).status,
    ).toBe(201)
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = link.url.split('/r/')[1]
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    // Done after sending: private until an update.
    await ada.api['section-items']({ id: carried.id }).put({ is_completed: true })

    const shared = (await makeClient(app).api.shared({ token }).get()).data!
    expect(shared.edition).toMatchObject({ number: 1 })
    expect(shared.report.since_last_week).toMatchObject({
      previous: { week_start_date: addDays(thisWeek(), -7) },
      counts: { completed: 0, carried: 1 },
      completed: [],
    })
    const items = shared.report.sections.flatMap((s) => s.items)
    expect(items).toContainEqual(
      expect.objectContaining({ content: 'Closed the Apollo vendor', source_author_name: 'Tom' }),
    )
    expect(items).toContainEqual(
      expect.objectContaining({ content: 'Sign the lease', is_completed: false }),
    )

    // The update brings the completion, and 'Since last week' with it.
    await ada.api.reports({ uuid: report.uuid }).editions.post({ note: 'Lease signed' })
    const updated = (await makeClient(app).api.shared({ token }).get()).data!
    expect(updated.report.since_last_week?.counts.completed).toBe(1)
    expect(updated.report.since_last_week?.completed).toEqual([
      expect.objectContaining({ content: 'Sign the lease' }),
    ])
  }, 60_000)
})

describe("the brief carries its author's week and footer", () => {
  test('a reader gets the week days and the confidentiality line the author sent, frozen', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    await ada.api.settings.put({
      weekly_start_day: 'sunday',
      weekly_end_day: 'thursday',
      confidentiality_line: 'Confidential — board only',
    })
    await ada.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const report = (
      await ada.api.reports.post({ week_start_date: '2026-11-22', carry_over: false })
    ).data!
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    const link = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 }))
      .data!
    const token = new URL(link.url).pathname.split('/').pop()!
    const reader = makeClient(app)
    const seen = (await reader.api.shared({ token }).get()).data!
    expect(seen.report.week_days).toEqual({ start: 'sunday', end: 'thursday' })
    expect(seen.report.confidentiality_line).toBe('Confidential — board only')
    // What was sent stays as sent: a later change of the settings is not in this edition.
    await ada.api.settings.put({ confidentiality_line: 'Internal' })
    const again = (await reader.api.shared({ token }).get()).data!
    expect(again.report.confidentiality_line).toBe('Confidential — board only')
  })
})
