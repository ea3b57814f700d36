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
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
    expect(report.sections).toEqual([])
    const res = await ada.api.reports({ uuid: report.uuid })['starter-sections'].post()
    expect(res.status).toBe(200)
    expect(res.data!.uuid).toBe(report.uuid)
    expect(names(res.data!.sections)).toEqual([
      'Highlights:standard',
      'Action Items:tasks',
      'Follow-ups:followups',
    ])
    const templates = (await ada.api['section-templates'].get()).data!
    expect(templates.map((t: { name: string }) => t.name)).toEqual([
      'Highlights',
      'Action Items',
      'Follow-ups',
    ])
    // Something to type into: an item goes into the tasks section.
    const item = await ada.api['section-items'].post({
      section_id: res.data!.sections[1].id,
      content: 'First task',
    })
    expect(item.status).toBe(200)
    // Again: nothing added.
    const again = await ada.api.reports({ uuid: report.uuid })['starter-sections'].post()
    expect(again.data!.sections).toHaveLength(3)
    expect((await ada.api['section-templates'].get()).data!).toHaveLength(3)
  })

  test('an account with templates gets its own; a report with sections is left as it is', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
    await ada.api['section-templates'].post({ name: 'Wins', type: 'standard' })
    const res = await ada.api.reports({ uuid: report.uuid })['starter-sections'].post()
    expect(names(res.data!.sections)).toEqual(['Wins:standard'])
    expect((await ada.api['section-templates'].get()).data!).toHaveLength(1)
    const withSections = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const kept = await ada.api.reports({ uuid: withSections.uuid })['starter-sections'].post()
    expect(names(kept.data!.sections)).toEqual(['Wins:standard'])
  })

  test('ten clicks at once make the sections and the templates once', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ada.api.reports({ uuid: report.uuid })['starter-sections'].post(),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect((await ada.api.reports({ uuid: report.uuid }).get()).data!.sections).toHaveLength(3)
    expect((await ada.api['section-templates'].get()).data!).toHaveLength(3)
  })

  test("another user's report is 404 and gains nothing; a bad uuid is 400", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
    const res = await bob.api.reports({ uuid: report.uuid })['starter-sections'].post()
    expect(res.status).toBe(404)
    expect(res.error?.value).toEqual({ error: 'Report not found' })
    expect((await ada.api.reports({ uuid: report.uuid }).get()).data!.sections).toEqual([])
    expect((await bob.api['section-templates'].get()).data!).toEqual([])
    expect(
      (await ada.api.reports({ uuid: 'x'.repeat(65) })['starter-sections'].post()).status,
    ).toBe(400)
  })
})
