import { describe, expect, test } from 'bun:test'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { type Client, createTestApp, signIn } from '../../test/helpers'

// An item write is refused by the write itself (the statement checks every ownership); the
// answer then comes from a read of why, in the order a read first would give it. Both engines.

async function withReport(client: Client) {
  await client.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const report = (
    await client.api.reports.post({ week_start_date: weekStart(isoDate(), 'monday') })
  ).data!
  return report.sections[0]
}

describe('item writes refused: which answer, in which order', () => {
  test('create: the section, then the content, then the project and team member', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const section = await withReport(ada)
    const bobSection = await withReport(bob)
    const bobProject = (await bob.api.projects.post({ name: 'Bob only' })).data!
    const bobMember = (await bob.api['team-members'].post({ name: 'Tom', email: 't@x.io' })).data!
    const post = (body: Record<string, unknown>) =>
      ada.api['section-items'].post({ section_id: section.id, content: 'Task', ...body })
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await post(body)
      return [answer.status, answer.error?.value]
    }
    // Another user's section: 404 even with blank content.
    expect(await refusal({ section_id: bobSection.id, content: '  ' })).toEqual([
      404,
      { error: 'Section not found' },
    ])
    // The content comes before the references.
    expect(await refusal({ content: ' ', project_id: bobProject.id })).toEqual([
      400,
      { error: 'Content is required' },
    ])
    expect(await refusal({ project_id: bobProject.id })).toEqual([
      404,
      { error: 'Project not found' },
    ])
    expect(await refusal({ assigned_to_team_member_id: bobMember.id })).toEqual([
      404,
      { error: 'Team member not found' },
    ])
    // Nothing was written; a good one goes last, typed by its section's kind.
    const made = (await post({ content: '  Send the deck  ' })).data!
    expect([made.content, made.item_type, made.sort_order]).toEqual(['Send the deck', 'task', 0])
    const report = (await ada.api.reports.get()).data!
    const shown = (await ada.api.reports({ uuid: report[0].uuid }).get()).data!
    expect(shown.sections[0].items.map((i) => i.content)).toEqual(['Send the deck'])
  })

  test('edit: the item, then the project and team member, then the content', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const section = await withReport(ada)
    const bobSection = await withReport(bob)
    const item = (await ada.api['section-items'].post({ section_id: section.id, content: 'Mine' }))
      .data!
    const bobItem = (
      await bob.api['section-items'].post({ section_id: bobSection.id, content: 'Bob' })
    ).data!
    const bobProject = (await bob.api.projects.post({ name: 'Bob only' })).data!
    const refusal = async (id: number, body: Record<string, unknown>) => {
      const answer = await ada.api['section-items']({ id }).put(body)
      return [answer.status, answer.error?.value]
    }
    expect(await refusal(bobItem.id, { content: ' ' })).toEqual([404, { error: 'Item not found' }])
    expect(await refusal(999_999, { is_completed: true })).toEqual([
      404,
      { error: 'Item not found' },
    ])
    // The references come before the content.
    expect(await refusal(item.id, { content: ' ', project_id: bobProject.id })).toEqual([
      404,
      { error: 'Project not found' },
    ])
    expect(await refusal(item.id, { content: ' ' })).toEqual([
      400,
      { error: 'Content is required' },
    ])
    // Refused writes changed nothing (Bob's item neither).
    const edited = await ada.api['section-items']({ id: item.id }).put({ is_completed: true })
    expect([edited.data!.content, edited.data!.is_completed]).toEqual(['Mine', true])
    const bobs = (await bob.api.reports.get()).data!
    const bobReport = (await bob.api.reports({ uuid: bobs[0].uuid }).get()).data!
    expect(bobReport.sections[0].items.map((i) => [i.content, i.is_completed])).toEqual([
      ['Bob', false],
    ])
  })
})

describe('text both engines can store', () => {
  test('a NUL in any text is 400 and changes nothing; half a surrogate pair is stored as U+FFFD', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const section = await withReport(ada)
    const item = (await ada.api['section-items'].post({ section_id: section.id, content: 'Plan' }))
      .data!
    const nul = { error: 'Text cannot contain the NUL character (\\u0000)' }
    const created = await ada.api['section-items'].post({
      section_id: section.id,
      content: 'a\u0000b',
    })
    expect([created.status, created.error?.value]).toEqual([400, nul])
    const edited = await ada.api['section-items']({ id: item.id }).put({ content: 'a\u0000b' })
    expect([edited.status, edited.error?.value]).toEqual([400, nul])
    const project = await ada.api.projects.post({ name: 'P\u0000' })
    expect([project.status, project.error?.value]).toEqual([400, nul])
    // What was there is unchanged, and nothing was added.
    const shown = (
      await ada.api.reports({ uuid: (await ada.api.reports.get()).data![0].uuid }).get()
    ).data!
    expect(shown.sections[0].items.map((i) => i.content)).toEqual(['Plan'])
    expect((await ada.api.projects.get()).data).toEqual([])
    // A lone surrogate half (JSON may escape one) is U+FFFD on both engines, in the answer as stored.
    const half = await ada.api['section-items']({ id: item.id }).put({ content: 'x\ud800y' })
    expect([half.status, half.data?.content]).toEqual([200, 'x\ufffdy'])
    const made = await ada.api['section-items'].post({ section_id: section.id, content: '\udc00' })
    expect([made.status, made.data?.content]).toEqual([200, '\ufffd'])
  })
})
