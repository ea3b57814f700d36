// The dashboard sized for the screen (issue 45): the first 25 of each list with their totals,
// the rest a page at a time from GET /api/dashboard/items, 'Waiting on' within the answer.
import { expect, test } from 'bun:test'
import type { DashboardData as Dashboard, DashboardItemsPage } from '@cadence/contract'
import { isoDate } from '../../lib/time'
import { addDays, weekStart } from '../../lib/weeks'
import { createTestApp, signIn } from '../../test/helpers'

const THIS_WEEK = weekStart(isoDate(), 'monday')
const week = (n: number) => addDays(THIS_WEEK, 7 * n)

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  const bob = await signIn(ctx.app, 'bob@example.com')
  await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
  await ada.post('/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  const elena = (await ada.post('/api/team-members', { name: 'Elena', email: 'e@example.com' }))
    .json
  // 3 weeks × 12 tasks (every third assigned to Elena) and 2 follow-ups a week; one task done.
  const tasks: number[] = []
  for (let w = 0; w < 3; w++) {
    const report = (
      await ada.post('/api/reports', { week_start_date: week(-w), carry_over: false })
    ).json
    const section = (name: string) =>
      report.sections.find((s: { section_name: string }) => s.section_name === name).id
    for (let k = 0; k < 12; k++) {
      const item = (
        await ada.post('/api/section-items', {
          section_id: section('Action Items'),
          content: `Task ${w}-${k}`,
          assigned_to_team_member_id: k % 3 === 0 ? elena.id : null,
        })
      ).json
      tasks.push(item.id)
    }
    for (let k = 0; k < 2; k++)
      await ada.post('/api/section-items', {
        section_id: section('Follow-ups'),
        content: `Follow ${w}-${k}`,
      })
  }
  expect((await ada.put(`/api/section-items/${tasks[1]}`, { is_completed: true })).status).toBe(200)
  return { ada, bob, tasks }
}

test('the dashboard holds the first 25 of each list and the totals; the items route pages the rest in order', async () => {
  const { ada, bob, tasks } = await setup()
  const res = await ada.get('/api/dashboard')
  expect(res.status).toBe(200)
  const d = res.json as Dashboard
  expect(d.activeTasks).toHaveLength(25)
  expect(d.activeTasksTotal).toBe(35)
  expect(d.activeFollowups).toHaveLength(6)
  expect(d.activeFollowupsTotal).toBe(6)
  // Newest week first, then the section's order: this week's 11 open tasks come first.
  expect(d.activeTasks[0].content).toBe('Task 0-0')
  expect(d.activeTasks.map((i) => i.id)).not.toContain(tasks[1])
  // 'Waiting on' names only items of the answer.
  const listed = new Set([...d.activeTasks, ...d.activeFollowups].map((i) => i.id))
  const waiting = d.waitingOn.flatMap((g) => g.item_ids)
  expect(waiting.length).toBeGreaterThan(0)
  for (const id of waiting) expect(listed.has(id)).toBe(true)

  // The rest, in pages of 4, continue where the answer ended and end with next = null.
  const rest: number[] = []
  let after: number | null = d.activeTasks.at(-1)!.id
  while (after !== null) {
    const page = await ada.get(`/api/dashboard/items?type=task&after=${after}&limit=4`)
    expect(page.status).toBe(200)
    const body = page.json as DashboardItemsPage
    rest.push(...body.items.map((i) => i.id))
    expect(body.items.every((i) => !i.is_completed && i.item_type === 'task')).toBe(true)
    after = body.next
  }
  expect(rest).toHaveLength(10)
  const all = [...d.activeTasks.map((i) => i.id), ...rest]
  expect(new Set(all).size).toBe(35)
  expect(all).toEqual(tasks.filter((id) => id !== tasks[1]))

  // A completed item still anchors a page (it was listed when the page before was read).
  const fromDone = await ada.get(`/api/dashboard/items?type=task&after=${tasks[1]}`)
  expect((fromDone.json as DashboardItemsPage).items[0].id).toBe(tasks[2])
  // Another's item, or one of the other kind: 404, nothing of hers shown.
  const theirs = await bob.get(`/api/dashboard/items?type=task&after=${tasks[0]}`)
  expect(theirs.status).toBe(404)
  expect(theirs.text).not.toContain('Task 0-')
  expect((await ada.get(`/api/dashboard/items?type=followup&after=${tasks[0]}`)).status).toBe(404)
})

test('bad input to the items route: a clear 400', async () => {
  const { ada, tasks } = await setup()
  for (const query of [
    '',
    'type=task',
    `after=${tasks[0]}`,
    `type=note&after=${tasks[0]}`,
    'type=task&after=0',
    'type=task&after=abc',
    'type=task&after=99999999999',
    `type=task&after=${tasks[0]}&limit=0`,
    `type=task&after=${tasks[0]}&limit=101`,
  ]) {
    const res = await ada.get(`/api/dashboard/items?${query}`)
    expect(res.status).toBe(400)
    expect(res.json.error).toBeString()
  }
})
