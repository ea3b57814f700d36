// First run: a report with no sections gets the three usual ones in one click, saved as the
// account's templates when it has none; made once however many clicks arrive together.
import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'

const names = (sections: { section_name: string; section_type: string }[]) =>
  sections.map((s) => `${s.section_name}:${s.section_type}`)

describe('starter sections', () => {
  test('an account without templates gets the three usual sections, as its templates too', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-23' })).json
    expect(report.sections).toEqual([])
    const res = await ada.post(`/api/reports/${report.uuid}/starter-sections`)
    expect(res.status).toBe(200)
    expect(res.json.uuid).toBe(report.uuid)
    expect(names(res.json.sections)).toEqual([
      'Highlights:standard',
      'Action Items:tasks',
      'Follow-ups:followups',
    ])
    const templates = (await ada.get('/api/section-templates')).json
    expect(templates.map((t: { name: string }) => t.name)).toEqual([
      'Highlights',
      'Action Items',
      'Follow-ups',
    ])
    // Something to type into: an item goes into the tasks section.
    const item = await ada.post('/api/section-items', {
      section_id: res.json.sections[1].id,
      content: 'First task',
    })
    expect(item.status).toBe(200)
    // Again: nothing added.
    const again = await ada.post(`/api/reports/${report.uuid}/starter-sections`)
    expect(again.json.sections).toHaveLength(3)
    expect((await ada.get('/api/section-templates')).json).toHaveLength(3)
  })

  test('an account with templates gets its own; a report with sections is left as it is', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-23' })).json
    await ada.post('/api/section-templates', { name: 'Wins', type: 'standard' })
    const res = await ada.post(`/api/reports/${report.uuid}/starter-sections`)
    expect(names(res.json.sections)).toEqual(['Wins:standard'])
    expect((await ada.get('/api/section-templates')).json).toHaveLength(1)
    const withSections = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const kept = await ada.post(`/api/reports/${withSections.uuid}/starter-sections`)
    expect(names(kept.json.sections)).toEqual(['Wins:standard'])
  })

  test('ten clicks at once make the sections and the templates once', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-23' })).json
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ada.post(`/api/reports/${report.uuid}/starter-sections`)),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect((await ada.get(`/api/reports/${report.uuid}`)).json.sections).toHaveLength(3)
    expect((await ada.get('/api/section-templates')).json).toHaveLength(3)
  })

  test("another user's report is 404 and gains nothing; a bad uuid is 400", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-23' })).json
    const res = await bob.post(`/api/reports/${report.uuid}/starter-sections`)
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ error: 'Report not found' })
    expect((await ada.get(`/api/reports/${report.uuid}`)).json.sections).toEqual([])
    expect((await bob.get('/api/section-templates')).json).toEqual([])
    expect((await ada.post(`/api/reports/${'x'.repeat(65)}/starter-sections`)).status).toBe(400)
  })
})
