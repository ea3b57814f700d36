import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type StandIn, startVendorStandIn } from '../../../testing/vendor-stand-in'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { ground, modelLimits, numbersIn } from './draft'

// The draft summary against a fake OpenAI-compatible endpoint on the loopback
// (testing/vendor-stand-in.ts; the model name picks its behaviour), and without one.

const WEEK = { monday: '2026-11-23', sunday: '2026-11-29' }
let stand: StandIn
const limits = { ...modelLimits }
beforeAll(async () => {
  stand = await startVendorStandIn(WEEK)
  // The stand-in's 'slow' never answers (30 s); every other answer must come within this. At
  // 700 ms a loaded machine missed it for answers that came (a vendor's SDK loaded on first use).
  modelLimits.timeoutMs = 3_000
})
afterAll(async () => {
  Object.assign(modelLimits, limits)
  await stand.close()
})

/** A report with two completed items on Apollo, one open one, and Apollo's health changed. */
async function week(env: Record<string, string> = {}) {
  const { app, db } = await createTestApp(env)
  const ada = await signIn(app, 'ada@example.com')
  await ada.post('/api/section-templates', { name: 'Highlights', type: 'standard' })
  const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
  const last = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const report = (await ada.post('/api/reports', { week_start_date: WEEK.monday })).json
  const sectionOf = async (uuid: string) =>
    (await ada.get(`/api/reports/${uuid}`)).json.sections[0].id
  const add = async (uuid: string, content: string, done: boolean) => {
    const item = (
      await ada.post('/api/section-items', {
        section_id: await sectionOf(uuid),
        content,
        project_id: apollo.id,
      })
    ).json
    if (done) await ada.put(`/api/section-items/${item.id}`, { is_completed: true })
    return item.id as number
  }
  await add(last.uuid, 'Kick-off', false)
  await ada.put(`/api/reports/${last.uuid}/project-health/${apollo.uuid}`, { health: 'on_track' })
  const shipped = await add(report.uuid, 'Shipped the 3 onboarding emails', true)
  const hired = await add(report.uuid, 'Hired the designer', true)
  const open = await add(report.uuid, 'Draft the Q1 plan', false)
  const health = await ada.put(`/api/reports/${report.uuid}/project-health/${apollo.uuid}`, {
    health: 'at_risk',
    note: 'Vendor slipped',
  })
  expect(health.status).toBe(200)
  return { app, db, ada, report, ids: { shipped, hired, open } }
}

const draft = async (client: Client, uuid: string) => {
  const res = await client.post(`/api/reports/${uuid}/draft-summary`)
  expect(res.status).toBe(200)
  return res.json
}

const ai = (model: string) => ({ AI_BASE_URL: `${stand.url}/ai/v1/`, AI_MODEL: model })

describe('draft summary', () => {
  test('without AI_BASE_URL: extractive, from completed items and the health change', async () => {
    const { ada, report, ids, db } = await week()
    const before = await db.rows(/* nothing saved */ (await import('drizzle-orm')).sql`
      SELECT summary FROM reports`)
    const got = await draft(ada, report.uuid)
    expect(got).toEqual({
      source: 'extractive',
      model: null,
      summary: expect.any(String),
      sentences: [
        {
          text: 'Apollo: done: Shipped the 3 onboarding emails; Hired the designer.',
          item_ids: [ids.shipped, ids.hired],
        },
        {
          text: 'Apollo is At risk, was On track: Vendor slipped.',
          item_ids: [ids.shipped, ids.hired, ids.open],
        },
      ],
      dropped: [],
    })
    expect(got.summary).toBe(got.sentences.map((s: { text: string }) => s.text).join(' '))
    const after = await db.rows((await import('drizzle-orm')).sql`SELECT summary FROM reports`)
    expect(after).toEqual(before)
  })

  test('a grounded model answer: each sentence with its items; the request as OpenAI’s', async () => {
    const { ada, report, ids } = await week({ ...ai('grounded'), AI_API_KEY: 'sk-local' })
    const before = stand.requests.length
    const got = await draft(ada, report.uuid)
    expect(got).toEqual({
      source: 'model',
      model: 'grounded',
      summary: 'Done: Shipped the 3 onboarding emails. Done: Hired the designer.',
      sentences: [
        { text: 'Done: Shipped the 3 onboarding emails.', item_ids: [ids.shipped], metric_ids: [] },
        { text: 'Done: Hired the designer.', item_ids: [ids.hired], metric_ids: [] },
      ],
      dropped: [],
    })
    const [sent] = stand.requests.slice(before)
    expect(sent.path).toBe('/ai/v1/chat/completions')
    expect(sent.headers.get('authorization')).toBe('Bearer sk-local')
    const body = JSON.parse(sent.body)
    expect(body.model).toBe('grounded')
    expect(body.response_format).toEqual({ type: 'json_object' })
    const facts = JSON.parse(body.messages[1].content)
    expect(facts.items.map((i: { id: number }) => i.id)).toEqual([ids.shipped, ids.hired, ids.open])
    expect(facts.project_health[0]).toMatchObject({ project: 'Apollo', health: 'at_risk' })
  })

  test('a made-up id and a made-up number are dropped with their reasons', async () => {
    for (const [model, text, reason] of [
      ['made-up-id', 'Closed the audit.', /987654/],
      ['made-up-number', 'Revenue grew 42% this week.', /states 42/],
    ] as const) {
      const { ada, report } = await week(ai(model))
      const got = await draft(ada, report.uuid)
      expect(got.source).toBe('model')
      expect(got.sentences.length).toBe(2)
      expect(got.dropped).toEqual([{ text, reason: expect.stringMatching(reason) }])
    }
  })

  test('prose, a 404 model, a 429 and a timeout: the extractive draft with a clear notice', async () => {
    for (const [model, notice] of [
      ['prose', /prose instead of JSON/],
      ['missing', /404/],
      ['busy', /429/],
      ['slow', /did not answer within/],
    ] as const) {
      const { ada, report } = await week(ai(model))
      const got = await draft(ada, report.uuid)
      expect({ model, source: got.source }).toEqual({ model, source: 'extractive' })
      expect(got.notice).toMatch(notice)
      expect(got.sentences.length).toBe(2)
    }
    // Four apps set up one after another: more than bun's 5 s default on a busy machine.
  }, 20_000)

  test('two drafts of one report at once share one model call', async () => {
    const { ada, report } = await week(ai('grounded'))
    const before = stand.requests.length
    const [a, b] = await Promise.all([draft(ada, report.uuid), draft(ada, report.uuid)])
    expect(a).toEqual(b)
    expect(a.source).toBe('model')
    expect(stand.requests.length - before).toBe(1)
  })

  test('another user’s report: 404; a bad uuid: 404', async () => {
    const { app, report } = await week()
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.post(`/api/reports/${report.uuid}/draft-summary`)).status).toBe(404)
    expect((await bob.post('/api/reports/nope/draft-summary')).status).toBe(404)
  })
})

describe('grounding rules', () => {
  const facts = {
    week: '2026-11-23',
    items: [
      { id: 1, text: 'Closed 1,200 tickets', project: null, completed: true },
      { id: 2, text: 'Hired two', project: 'Q3 launch', completed: true },
    ],
    metrics: [{ id: 7, text: 'NPS: 41, target 45, missed target', flagged: true }],
    health: [],
  }
  test('numbers must be in a cited fact (or count the cited)', () => {
    expect(numbersIn('grew 1,200 and 3.5% in Q3')).toEqual(['1200', '3.5', '3'])
    const { kept, dropped } = ground(facts, [
      { text: 'Closed 1,200 tickets.', item_ids: [1], metric_ids: [] },
      { text: 'Closed 1,300 tickets.', item_ids: [1], metric_ids: [] },
      { text: 'NPS is 41 against 45.', item_ids: [], metric_ids: [7] },
      { text: 'NPS is 41.', item_ids: [1], metric_ids: [] },
      { text: '2 things done.', item_ids: [1, 2], metric_ids: [] },
      { text: 'Q3 launch staffed.', item_ids: [2], metric_ids: [] },
      { text: 'All good.', item_ids: [], metric_ids: [] },
      { text: 'Metric 9.', item_ids: [], metric_ids: [9] },
    ])
    expect(kept.map((s) => s.text)).toEqual([
      'Closed 1,200 tickets.',
      'NPS is 41 against 45.',
      '2 things done.',
      'Q3 launch staffed.',
    ])
    expect(dropped.map((d) => d.text)).toEqual([
      'Closed 1,300 tickets.',
      'NPS is 41.',
      'All good.',
      'Metric 9.',
    ])
  })
})
