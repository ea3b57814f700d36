import { describe, expect, test } from 'bun:test'
import { IMPORT_LIMITS } from '../modules/import-export/service'
import { createTestApp, signIn } from '../test/helpers'

/**
 * Security review, item 5: no request may freeze the server. A Markdown import used to be
 * quadratic in projects × items (16,000 lines took 24 s while every other request waited). At the
 * largest size each import allows, another user's request answers promptly while it runs, and one
 * line or project more is refused with 413 before anything is written.
 */

/** The largest report import allowed: every line an item, every project name new. */
function largestMarkdown() {
  const lines = ['## Action Items']
  for (let i = 1; lines.length < IMPORT_LIMITS.lines; i++) {
    const project = `Project ${String(i % IMPORT_LIMITS.projectNames).padStart(3, '0')} of the large import`
    lines.push(`- [ ] [${project}] Item ${i} with some words to parse @Nobody`)
  }
  return lines.join('\n')
}

async function setup() {
  const { app } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com')
  const bob = await signIn(app, 'bob@example.com')
  await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
  return { ada, bob, report }
}

/** How long `probe` takes while `work` runs (started first, so it holds whatever it holds). */
async function whileRunning(
  work: () => Promise<{ status: number }>,
  probe: () => Promise<unknown>,
) {
  const running = work()
  await Bun.sleep(5)
  const started = performance.now()
  await probe()
  const waited = performance.now() - started
  return { waited, result: await running }
}

describe('no request freezes the server', () => {
  test('the largest report import leaves another user answered promptly', async () => {
    const { ada, bob, report } = await setup()
    const text = largestMarkdown()
    const started = performance.now()
    const { waited, result } = await whileRunning(
      () => ada.post(`/api/reports/${report.uuid}/import`, { text }),
      () => bob.get('/api/users/me'),
    )
    const total = performance.now() - started
    expect(result.status).toBe(200)
    // A correctness bound, not a benchmark: before the fix this waited for the whole 20+ s.
    expect(waited).toBeLessThan(1_500)
    expect(total).toBeLessThan(10_000)
    const imported = (await ada.get(`/api/reports/${report.uuid}`)).json
    expect(imported.sections[0].items).toHaveLength(IMPORT_LIMITS.lines - 1)
    expect((await ada.get('/api/projects')).json).toHaveLength(IMPORT_LIMITS.projectNames)
  }, 30_000)

  test('one line or one project more is refused with 413 and nothing is written', async () => {
    const { ada, report } = await setup()
    const tooLong = `${largestMarkdown()}\n- [ ] One more`
    const res = await ada.post(`/api/reports/${report.uuid}/import`, { text: tooLong })
    expect(res.status).toBe(413)
    expect(res.json.error).toBe('At most 5,000 lines per import')
    const manyProjects = ['## Action Items']
    for (let i = 0; i <= IMPORT_LIMITS.projectNames; i++) manyProjects.push(`- [P${i}] Item ${i}`)
    const res2 = await ada.post(`/api/reports/${report.uuid}/import`, {
      text: manyProjects.join('\n'),
    })
    expect(res2.status).toBe(413)
    expect(res2.json.error).toBe('At most 200 different projects per import')
    const preview = await ada.post('/api/reports/import/preview', { text: tooLong })
    expect(preview.status).toBe(413)
    expect((await ada.get(`/api/reports/${report.uuid}`)).json.sections[0].items).toEqual([])
    expect((await ada.get('/api/projects')).json).toEqual([])
  })

  test('the largest account import leaves another user answered promptly; a larger one is refused', async () => {
    const { ada, bob } = await setup()
    const items = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) => ({
        content: `Item ${offset + i}`,
        is_completed: i % 3 === 0,
        item_type: 'task',
        project_id: (i % 50) + 1,
        assigned_to_team_member_id: null,
      }))
    const projects = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      name: `Project ${i + 1}`,
      status: 'active',
    }))
    // 50 projects + 49 reports × (1 report + 1 section + 500 items) = 24,648, near the limit.
    const reports = Array.from({ length: 49 }, (_, w) => ({
      week_start_date: new Date(Date.UTC(2024, 0, 1 + 7 * w)).toISOString().slice(0, 10),
      title: `Week ${w}`,
      summary: null,
      is_submitted: true,
      sent_date: null,
      sections: [
        {
          section_template_id: null,
          section_name: 'Action Items',
          section_type: 'tasks',
          content: null,
          items: items(500, w * 500),
        },
      ],
    }))
    const doc = {
      format: 'cadence-export',
      version: 1,
      section_templates: [],
      projects,
      team_members: [],
      reports,
    }
    const { waited, result } = await whileRunning(
      () => ada.post('/api/import', doc),
      () => bob.get('/api/users/me'),
    )
    expect(result.status).toBe(200)
    expect(waited).toBeLessThan(1_500)
    const over = { ...doc, reports: [...reports, { ...reports[0], week_start_date: '2030-01-07' }] }
    // 24,648 + 502 = 25,150: over by a little.
    const refused = await bob.post('/api/import', over)
    expect(refused.status).toBe(413)
    expect(refused.json.error).toMatch(/^At most 25,000 objects per import/)
  }, 60_000)
})
