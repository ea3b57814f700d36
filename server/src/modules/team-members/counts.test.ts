import { expect } from 'bun:test'
import { addDays } from '../../lib/weeks'
import { createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

type Member = {
  uuid: string
  report_tasks_count: number
  standalone_tasks_count: number
  report_followups_count: number
  standalone_followups_count: number
}
type Listed = { id: number; is_completed: boolean; open_weeks: number }

test('the Team list, the member page and the 1:1 prep count the same open items in reports', async () => {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const elena = (await ada.api['team-members'].post({ name: 'Elena', email: 'e@example.com' }))
    .data!
  const old = (
    await ada.api.reports.post({ week_start_date: addDays(thisWeek(), -21), carry_over: false })
  ).data!
  const now = (await ada.api.reports.post({ week_start_date: thisWeek(), carry_over: false })).data!
  const section = (r: { sections: { id: number; section_name: string }[] }, name: string) =>
    r.sections.find((s) => s.section_name === name)!.id
  const add = async (sectionId: number, content: string) =>
    (
      await ada.api['section-items'].post({
        section_id: sectionId,
        content,
        assigned_to_team_member_id: elena.id,
      })
    ).data! as { id: number }
  const stalled = await add(section(old, 'Action Items'), 'Vendor contract')
  await add(section(now, 'Follow-ups'), 'Budget answer')
  const done = await add(section(now, 'Action Items'), 'Hiring plan')
  await ada.api['section-items']({ id: done.id }).put({ is_completed: true })
  await ada.api['team-members']({ uuid: elena.uuid }).tasks.post({ content: 'Standalone task' })

  const listed = ((await ada.api['team-members'].get()).data! as Member[])[0]
  const page = (await ada.api['team-members']({ uuid: elena.uuid }).dashboard.get()).data! as {
    teamMember: Member
    assignedTasks: Listed[]
    assignedFollowups: Listed[]
  }
  const prep = (await ada.api['team-members']({ uuid: elena.uuid }).prep.get()).data! as {
    assignedTasks: Listed[]
    assignedFollowups: Listed[]
    standaloneTasks: unknown[]
  }
  const open = (items: Listed[]) => items.filter((i) => !i.is_completed).length
  expect(listed).toMatchObject({ report_tasks_count: 1, report_followups_count: 1 })
  expect(listed.standalone_tasks_count).toBe(1)
  expect(page.teamMember).toMatchObject(listed)
  expect(open(page.assignedTasks)).toBe(listed.report_tasks_count)
  expect(open(page.assignedFollowups)).toBe(listed.report_followups_count)
  expect(prep.assignedTasks.length).toBe(listed.report_tasks_count)
  expect(prep.assignedFollowups.length).toBe(listed.report_followups_count)
  expect(prep.standaloneTasks.length).toBe(listed.standalone_tasks_count)
  // The member page also holds the completed one, open first, with ages.
  expect(page.assignedTasks.map((i) => [i.id, i.is_completed, i.open_weeks])).toEqual([
    [stalled.id, false, 3],
    [done.id, true, 0],
  ])
})
