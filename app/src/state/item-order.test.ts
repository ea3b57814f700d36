// Her order (issue 46): an item moved at once in the open report, then sent; put back on failure.
import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { ReportDetail } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem } from '../test/fixtures'
import { resetCache } from './cache'
import { applySectionOrder, moveItem, reportState, sectionsInSettingsOrder } from './reports'
import { clearToasts, toastState } from './toasts'

const report = (): ReportDetail =>
  reportDetail({
    id: 1,
    uuid: 'r1',
    week_start_date: '2026-11-16',
    sections: [
      reportSection({
        id: 10,
        section_template_id: 1,
        items: ['A', 'B', 'C'].map((content, i) =>
          sectionItem({ id: 100 + i, section_id: 10, content, project_id: null }),
        ),
      }),
      reportSection({
        id: 20,
        section_template_id: 2,
        items: [sectionItem({ id: 200, section_id: 20, content: 'X', project_id: 7 })],
      }),
    ],
  })

const order = () =>
  (reportState.current?.sections ?? []).map((s) => s.items.map((i) => i.content).join(''))
const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)

let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  resetCache()
  clearToasts()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
})

describe('moving an item', () => {
  test('within a section: at once, then PUT …/position', async () => {
    reportState.current = report()
    const calls = stubFetch(() => json({ id: 102, section_id: 10, sort_order: 0 }))
    const pending = moveItem(102, { section_id: 10, before_id: 100 })
    expect(order()).toEqual(['CAB', 'X'])
    expect(await pending).toBe(true)
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/section-items/102/position',
        body: { section_id: 10, before_id: 100 },
      },
    ])
  })

  test("into another project's group of another section: the position, then the project", async () => {
    reportState.current = report()
    const calls = stubFetch(() => json({ id: 100, section_id: 20, sort_order: 5 }))
    expect(await moveItem(100, { section_id: 20, before_id: null, project_id: 7 })).toBe(true)
    expect(order()).toEqual(['BC', 'XA'])
    const moved = reportState.current?.sections?.[1].items[1]
    expect([moved?.section_id, moved?.project_id, moved?.sort_order]).toEqual([20, 7, 5])
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/section-items/100/position', { section_id: 20, before_id: null }],
      ['PUT', '/api/section-items/100', { project_id: 7 }],
    ])
  })

  test('a refused move puts the item back and says so', async () => {
    reportState.current = report()
    stubFetch(() => json({ error: 'Section not found' }, 404))
    expect(await moveItem(101, { section_id: 20, before_id: 200, project_id: 7 })).toBe(false)
    expect(order()).toEqual(['ABC', 'X'])
    const back = reportState.current?.sections?.[0].items[1]
    expect([back?.id, back?.section_id, back?.project_id]).toEqual([101, 10, null])
    expect(messages()).toContain('error: Failed to move item')
  })
})

describe("Settings' order of sections", () => {
  test('the order to apply, or null when the report has it already', () => {
    const sections = [
      { id: 10, section_template_id: 1 },
      { id: 20, section_template_id: 2 },
      { id: 30, section_template_id: null },
    ]
    expect(sectionsInSettingsOrder(sections, [{ id: 1 }, { id: 2 }])).toBeNull()
    expect(sectionsInSettingsOrder(sections, [{ id: 2 }, { id: 1 }])).toEqual([20, 10, 30])
    // A section whose template is gone goes after those Settings still has.
    expect(sectionsInSettingsOrder(sections, [{ id: 2 }])).toEqual([20, 10, 30])
  })

  test('applied at once, put back on failure', async () => {
    reportState.current = report()
    const calls = stubFetch(() => json({ section_ids: [20, 10] }))
    expect(await applySectionOrder('r1', [20, 10])).toBe(true)
    expect(reportState.current?.sections?.map((s) => s.id)).toEqual([20, 10])
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/reports/r1/sections/order', body: { section_ids: [20, 10] } },
    ])
    expect(messages()).toContain('success: Sections reordered successfully')
    stubFetch(() => json({ error: 'nope' }, 400))
    expect(await applySectionOrder('r1', [10, 20])).toBe(false)
    expect(reportState.current?.sections?.map((s) => s.id)).toEqual([20, 10])
    expect(messages()).toContain('error: Failed to reorder sections')
  })
})
