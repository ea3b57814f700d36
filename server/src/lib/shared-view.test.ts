import { expect, test } from 'bun:test'
import { createTestApp, makeClient, signIn } from '../test/helpers'

// The anonymous shared view carried the health table's project_uuid (issue 42): an id of the
// author's account, for anyone holding the link. Readers get names; the author keeps the ids.
test('the shared view has no project_uuid, for a draft link and for a sent edition; the author’s report keeps it', async () => {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com', 'Ada')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  const project = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
  await ada.api['section-items'].post({
    section_id: report.sections[0].id,
    content: 'Launched',
    project_id: project.id,
  })
  await ada.api
    .reports({ uuid: report.uuid })
    ['project-health']({ project_uuid: project.uuid })
    .put({ health: 'at_risk', note: 'Vendor' })
  const share = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 7 }))
    .data!
  const token = share.url.split('/r/')[1]
  const reader = makeClient(app)
  const read = async () => {
    const res = await reader.get(`/api/shared/${token}`)
    expect(res.status).toBe(200)
    return res
  }
  // A draft link: the live brief.
  let res = await read()
  expect(res.json.report.project_health).toEqual([
    expect.objectContaining({ project_name: 'Apollo', health: 'at_risk', note: 'Vendor' }),
  ])
  expect(res.json.report.project_health[0]).not.toHaveProperty('project_uuid')
  expect(res.text).not.toContain(project.uuid)
  // Sent: the edition, as frozen (with the id), answered without it.
  expect((await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })).status).toBe(
    200,
  )
  res = await read()
  expect(res.json.edition).toMatchObject({ number: 1 })
  expect(res.json.report.project_health[0]).not.toHaveProperty('project_uuid')
  expect(res.text).not.toContain(project.uuid)
  // The author's edition is what its readers got; the author's report keeps the id.
  const edition = await ada.get(`/api/reports/${report.uuid}/editions/1`)
  const { number: _n, sent_at: _s, note: _note, ...frozen } = edition.json
  expect(frozen).toEqual(res.json.report)
  const live = await ada.api.reports({ uuid: report.uuid }).get()
  expect(live.data!.project_health[0].project_uuid).toBe(project.uuid)
})
