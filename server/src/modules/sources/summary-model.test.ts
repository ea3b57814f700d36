import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { createTestApp, signIn } from '../../test/helpers'

// Issue 47: the edition records which model made the accepted draft. The summary is saved with
// the draft's `model` (PUT /api/reports/{uuid} {summary, summary_model}); a summary typed by hand
// clears it; Send freezes it into the edition's brief.

const WEEK = '2026-11-23'

async function setUp() {
  const { app, db } = await createTestApp()
  const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
  const report = (await ada.post('/api/reports', { week_start_date: WEEK })).json
  const path = `/api/reports/${report.uuid}`
  return { app, db, ada, report, path }
}

describe('the model a summary was drafted with', () => {
  test('saved with the draft, cleared by a hand-typed summary, frozen into each edition', async () => {
    const { ada, path } = await setUp()
    const accepted = await ada.put(path, {
      summary: 'Done: Apollo launch.',
      summary_model: 'llama3.1:8b',
    })
    expect(accepted.status).toBe(200)
    expect(accepted.json).toMatchObject({
      summary: 'Done: Apollo launch.',
      summary_model: 'llama3.1:8b',
    })
    expect((await ada.put(path, { is_submitted: true })).status).toBe(200)
    const first = (await ada.get(`${path}/editions/1`)).json
    expect(first).toMatchObject({ summary: 'Done: Apollo launch.', summary_model: 'llama3.1:8b' })

    // Typed by hand afterwards: no model made this one.
    const typed = await ada.put(path, { summary: 'Apollo launched on Tuesday.' })
    expect(typed.json.summary_model).toBeNull()
    expect((await ada.post(`${path}/editions`, {})).status).toBe(201)
    const second = (await ada.get(`${path}/editions/2`)).json
    expect(second.summary).toBe('Apollo launched on Tuesday.')
    expect(second).not.toHaveProperty('summary_model')
    // The first edition keeps what it was sent with.
    expect((await ada.get(`${path}/editions/1`)).json.summary_model).toBe('llama3.1:8b')
  })

  test('a summary set to null or blank takes its model away', async () => {
    const { ada, path } = await setUp()
    await ada.put(path, { summary: 'Drafted', summary_model: 'qwen2.5' })
    expect((await ada.put(path, { summary: null, summary_model: 'qwen2.5' })).json).toMatchObject({
      summary: null,
      summary_model: null,
    })
    await ada.put(path, { summary: 'Drafted', summary_model: 'qwen2.5' })
    expect((await ada.put(path, { summary: '   ', summary_model: 'qwen2.5' })).json).toMatchObject({
      summary: null,
      summary_model: null,
    })
  })

  test('a title change keeps the model; bad input is 400 and changes nothing', async () => {
    const { ada, db, path, report } = await setUp()
    await ada.put(path, { summary: 'Drafted', summary_model: 'qwen2.5' })
    expect((await ada.put(path, { title: 'Week 48' })).json.summary_model).toBe('qwen2.5')
    const alone = await ada.put(path, { summary_model: 'gpt-oss' })
    expect(alone.status).toBe(400)
    expect(alone.json.error).toMatch(/summary_model is sent with the summary/)
    const long = await ada.put(path, { summary: 'Other', summary_model: 'm'.repeat(201) })
    expect(long.status).toBe(400)
    const wrong = await ada.put(path, { summary: 'Other', summary_model: 42 })
    expect(wrong.status).toBe(400)
    const [row] = await db.rows<{ summary: string; summary_model: string }>(
      sql`SELECT summary, summary_model FROM reports WHERE uuid = ${report.uuid}`,
    )
    expect(row).toEqual({ summary: 'Drafted', summary_model: 'qwen2.5' })
  })

  test('another user cannot set it: 404 and no change', async () => {
    const { app, ada, path } = await setUp()
    await ada.put(path, { summary: 'Drafted', summary_model: 'qwen2.5' })
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.put(path, { summary: 'Mine', summary_model: 'x' })).status).toBe(404)
    expect((await ada.get(path)).json).toMatchObject({
      summary: 'Drafted',
      summary_model: 'qwen2.5',
    })
  })
})
