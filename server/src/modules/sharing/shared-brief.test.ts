import { describe, expect, test } from 'bun:test'
import { isoDate } from '../../lib/time'
import { addDays, weekStart } from '../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

const THIS_WEEK = weekStart(isoDate(), 'monday')

describe('the shared page of a sent report', () => {
  test("carries the edition's 'Since last week' and a pulled item's teammate, as sent", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    const tom = await signIn(app, 'tom@example.com', 'Tom Reed')
    await ada.post('/api/section-templates', { name: 'Tasks', type: 'tasks' })
    const member = (await ada.post('/api/team-members', { name: 'Tom', email: 'tom@example.com' }))
      .json
    const invitation = (await ada.post(`/api/team-members/${member.uuid}/invitations`)).json
    const accepted = await tom.post(
      `/api/invitations/${invitation.url.split('/invite/')[1]}/accept`,
    )
    expect(accepted.status).toBe(200)
    await tom.post('/api/section-templates', { name: 'Wins', type: 'standard' })
    const toms = (await tom.post('/api/reports', { week_start_date: THIS_WEEK, carry_over: false }))
      .json
    const win = (
      await tom.post('/api/section-items', {
        section_id: toms.sections[0].id,
        content: 'Closed the Apollo vendor',
      })
    ).json
    await tom.put(`/api/reports/${toms.uuid}`, { is_submitted: true })

    // Last week's open task is carried into this week's report; Tom's win is pulled into it.
    const last = (
      await ada.post('/api/reports', { week_start_date: addDays(THIS_WEEK, -7), carry_over: false })
    ).json
    await ada.post('/api/section-items', {
      section_id: last.sections[0].id,
      content: 'Sign the lease',
    })
    const report = (await ada.post('/api/reports', { week_start_date: THIS_WEEK })).json
    const carried = report.sections[0].items[0]
    expect(carried.content).toBe('Sign the lease')
    expect(
      (await ada.post(`/api/reports/${report.uuid}/pull`, { source_item_id: win.id })).status,
    ).toBe(201)
    const link = (await ada.post(`/api/reports/${report.uuid}/shares`, {})).json
    const token = link.url.split('/r/')[1]
    await ada.put(`/api/reports/${report.uuid}`, { is_submitted: true })
    // Done after sending: private until an update.
    await ada.put(`/api/section-items/${carried.id}`, { is_completed: true })

    const shared = (await makeClient(app).get(`/api/shared/${token}`)).json
    expect(shared.edition).toMatchObject({ number: 1 })
    expect(shared.report.since_last_week).toMatchObject({
      previous: { week_start_date: addDays(THIS_WEEK, -7) },
      counts: { completed: 0, carried: 1 },
      completed: [],
    })
    const items = shared.report.sections.flatMap((s: { items: { content: string }[] }) => s.items)
    expect(items).toContainEqual(
      expect.objectContaining({ content: 'Closed the Apollo vendor', source_author_name: 'Tom' }),
    )
    expect(items).toContainEqual(
      expect.objectContaining({ content: 'Sign the lease', is_completed: false }),
    )

    // The update brings the completion, and 'Since last week' with it.
    await ada.post(`/api/reports/${report.uuid}/editions`, { note: 'Lease signed' })
    const updated = (await makeClient(app).get(`/api/shared/${token}`)).json
    expect(updated.report.since_last_week.counts.completed).toBe(1)
    expect(updated.report.since_last_week.completed).toEqual([
      expect.objectContaining({ content: 'Sign the lease' }),
    ])
  }, 60_000)
})
