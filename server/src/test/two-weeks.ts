import { createTestApp, signIn } from './helpers'
import { thisWeek, weekFrom } from './today'

/**
 * Ada with two weekly reports (last week and this week, read from the clock as she writes them:
 * see ./today) and items on Apollo and Zephyr.
 */
export async function twoWeeksOfAda() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const zephyr = (await ada.api.projects.post({ name: 'Zephyr' })).data!
  const tom = (await ada.api['team-members'].post({ name: 'Tom Reed', email: 'tom@example.com' }))
    .data!
  const last = (await ada.api.reports.post({ week_start_date: weekFrom(-1), carry_over: false }))
    .data!
  const current = (
    await ada.api.reports.post({
      week_start_date: thisWeek(),
      title: 'Week brief',
      summary: 'All good',
      carry_over: false,
    })
  ).data!
  const add = async (report: typeof current, content: string, projectId: number, done = false) => {
    const item = (
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content,
        project_id: projectId,
        assigned_to_team_member_id: tom.id,
      })
    ).data!
    if (done) await ada.api['section-items']({ id: item.id }).put({ is_completed: true })
    return item
  }
  await add(last, 'Apollo kickoff', apollo.id)
  const launch = await add(current, 'Apollo launch', apollo.id)
  await add(current, 'Apollo docs', apollo.id, true)
  await add(current, 'Zephyr pilot', zephyr.id)
  return { ...ctx, ada, apollo, zephyr, tom, last, current, launch }
}
