// The dashboard sized for the screen (issue 45): the first 25 of each list with their totals,
// the rest a page at a time from GET /api/dashboard/items, 'Waiting on' within the answer.
import { expect } from 'bun:test'
import type { DashboardData as Dashboard, DashboardItemsPage } from '@cadence/contract'
import { addDays } from '../../lib/weeks'
import { createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

const week = (n: number) => addDays(thisWeek(), 7 * n)

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

test("'Needs you' stalled holds a page and the total; the items route pages the rest, carried copies included", async () => {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  const bob = await signIn(ctx.app, 'bob@example.com')
  await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const elena = (await ada.post('/api/team-members', { name: 'Elena', email: 'e@example.com' }))
    .json
  const addTasks = async (report: { sections: { id: number }[] }, label: string, n: number) => {
    const ids: number[] = []
    for (let k = 0; k < n; k++)
      ids.push(
        (
          await ada.post('/api/section-items', {
            section_id: report.sections[0].id,
            content: `${label}-${k}`,
            assigned_to_team_member_id: k % 2 ? elena.id : null,
          })
        ).json.id,
      )
    return ids
  }
  // Weeks -9 to -4: 6 open tasks each, all stalled; week -1 carries week -4's 6 (still stalled:
  // their chain began 4 weeks ago) and adds 2 fresh ones; this week 2 fresh ones.
  const stalled: number[] = []
  for (let w = -9; w <= -5; w++) {
    const report = (await ada.post('/api/reports', { week_start_date: week(w), carry_over: false }))
      .json
    stalled.push(...(await addTasks(report, `Old ${w}`, 6)))
  }
  const fourAgo = (await ada.post('/api/reports', { week_start_date: week(-4), carry_over: false }))
    .json
  await addTasks(fourAgo, 'Carried', 6)
  const lastWeek = (await ada.post('/api/reports', { week_start_date: week(-1), carry_over: true }))
    .json
  const carriedCopies = (await ada.get(`/api/reports/${lastWeek.uuid}`)).json.sections[0].items.map(
    (i: { id: number }) => i.id,
  )
  expect(carriedCopies).toHaveLength(6)
  stalled.push(...carriedCopies)
  const fresh = await addTasks(lastWeek, 'Fresh last week', 2)
  const thisWeek = (await ada.post('/api/reports', { week_start_date: week(0), carry_over: false }))
    .json
  fresh.push(...(await addTasks(thisWeek, 'Fresh', 2)))

  const d = (await ada.get('/api/dashboard')).json as Dashboard
  expect(d.activeTasksTotal).toBe(40)
  expect(d.needsYou.stalledTotal).toBe(36)
  const first = d.needsYou.stalled.flatMap((g) => g.items.map((i) => i.id))
  expect(first).toHaveLength(25)
  // The oldest weeks first: the first page is the first 25 of weeks -9 to -5, grouped by person
  // (Elena's before her own), oldest first in each.
  expect(new Set(first)).toEqual(new Set(stalled.slice(0, 25)))
  expect(d.needsYou.stalled.map((g) => g.name)).toEqual(['Elena', null])
  for (const g of d.needsYou.stalled)
    expect(g.items.map((i) => i.open_weeks)).toEqual(
      [...g.items.map((i) => i.open_weeks)].sort((a, b) => b - a),
    )
  expect(d.needsYou.stalledNext).toBe(stalled[24])

  // The rest, 4 read at a time: the stalled ones only, never a fresh one, ending with null.
  const rest: number[] = []
  let after: number | null = d.needsYou.stalledNext ?? null
  let pages = 0
  while (after !== null) {
    const page = await ada.get(`/api/dashboard/items?type=stalled&after=${after}&limit=4`)
    expect(page.status).toBe(200)
    const body = page.json as DashboardItemsPage
    expect(body.items.every((i) => i.is_stalled && !i.is_completed)).toBe(true)
    rest.push(...body.items.map((i) => i.id))
    after = body.next
    pages++
  }
  expect(pages).toBeLessThan(6)
  expect(new Set([...first, ...rest])).toEqual(new Set(stalled))
  expect(rest.filter((id) => fresh.includes(id))).toEqual([])
  // Another's item anchors nothing; bad types are 400.
  expect((await bob.get(`/api/dashboard/items?type=stalled&after=${stalled[0]}`)).status).toBe(404)
  expect((await ada.get(`/api/dashboard/items?type=stalled`)).status).toBe(400)
})
