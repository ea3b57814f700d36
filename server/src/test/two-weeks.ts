import { isoDate } from '../lib/time'
import { addDays, weekStart } from '../lib/weeks'
import { createTestApp, signIn } from './helpers'

export const THIS_WEEK = weekStart(isoDate(), 'monday')
export const LAST_WEEK = addDays(THIS_WEEK, -7)

/** Ada with two weekly reports (last week and this week) and items on Apollo and Zephyr. */
export async function twoWeeksOfAda() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.post('/api/section-templates', { name: 'Highlights', type: 'standard' })
  await ada.post('/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
  const zephyr = (await ada.post('/api/projects', { name: 'Zephyr' })).json
  const tom = (await ada.post('/api/team-members', { name: 'Tom Reed', email: 'tom@example.com' }))
    .json
  const last = (await ada.post('/api/reports', { week_start_date: LAST_WEEK, carry_over: false }))
    .json
  const current = (
    await ada.post('/api/reports', {
      week_start_date: THIS_WEEK,
      title: 'Week brief',
      summary: 'All good',
      carry_over: false,
    })
  ).json
  const add = async (report: typeof current, content: string, projectId: number, done = false) => {
    const item = (
      await ada.post('/api/section-items', {
        section_id: report.sections[0].id,
        content,
        project_id: projectId,
        assigned_to_team_member_id: tom.id,
      })
    ).json
    if (done) await ada.put(`/api/section-items/${item.id}`, { is_completed: true })
    return item
  }
  await add(last, 'Apollo kickoff', apollo.id)
  const launch = await add(current, 'Apollo launch', apollo.id)
  await add(current, 'Apollo docs', apollo.id, true)
  await add(current, 'Zephyr pilot', zephyr.id)
  return { ...ctx, ada, apollo, zephyr, tom, last, current, launch }
}
