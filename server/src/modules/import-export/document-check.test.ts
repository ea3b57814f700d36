import { describe, expect, test } from 'bun:test'
import { Elysia, getSchemaValidator } from 'elysia'
import fc from 'fast-check'
import { HttpError, validationMessage } from '../../lib/errors'
import { timeSlices } from '../../lib/time-slices'
import { checkedDocument } from './document-check'
import { ImportExportModel } from './model'

/**
 * The account document checked in steps (document-check.ts) answers what Elysia answers with the
 * whole schema on the route: the same documents accepted with the same unknown fields removed,
 * the same 400 message for each refused one.
 */
const onError = ({ code, error }: { code: unknown; error: unknown }) => {
  if (error instanceof HttpError) return { status: error.status, error: error.message }
  if (code === 'VALIDATION') return { status: 400, error: validationMessage(error as never) }
  return { status: 500, error: String(error) }
}
const whole = new Elysia()
  .onError(onError as never)
  .post('/doc', ({ body }) => ({ status: 200, body }), { body: ImportExportModel.document })
const stepwise = new Elysia()
  .onError(onError as never)
  .post('/doc', async ({ body }) => ({ status: 200, body: await checkedDocument(body) }))

const answer = async (app: typeof whole | typeof stepwise, doc: unknown) => {
  const res = await app.handle(
    new Request('http://localhost/doc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    }),
  )
  return res.json()
}

type ValueError = { path: string; message: string; value: unknown; schema: object }
const wholeValidator = getSchemaValidator(ImportExportModel.document, {
  normalize: true,
}) as unknown as { Clean(v: unknown): unknown; Errors(v: unknown): Iterable<ValueError> }
/**
 * Every message the whole schema's errors give, one error at a time, cleaned or not, a field's
 * own message told with its path.
 */
function wholeMessages(doc: unknown) {
  const messages = new Set<string>()
  let cleaned = doc
  try {
    cleaned = wholeValidator.Clean(structuredClone(doc))
  } catch {}
  for (const value of [doc, cleaned])
    for (const error of wholeValidator.Errors(value)) {
      const told = validationMessage({ all: [error], valueError: error })
      const where = error.path.slice(1).replaceAll('/', '.')
      messages.add(told.startsWith('Invalid ') || !where ? told : `Invalid ${where}: ${told}`)
    }
  return messages
}

const item = (n: number) => ({
  content: `Item ${n}`,
  is_completed: n % 2 === 0,
  item_type: 'task',
  project_id: 1,
  assigned_to_team_member_id: null,
  created_at: '2024-01-01T00:00:00Z',
})
const entry = { content: 'Talk', is_completed: false, project_id: null }
const baseDocument = () => ({
  format: 'cadence-export',
  version: 1,
  exported_at: '2024-02-01T00:00:00Z',
  settings: {
    report_frequency: 'weekly',
    weekly_start_day: 'monday',
    weekly_end_day: 'friday',
    onboarding_complete: true,
    report_recipients: ['a@example.com'],
  },
  section_templates: [{ id: 1, name: 'Tasks', type: 'tasks', sort_order: 0 }],
  projects: [
    { id: 1, name: 'Apollo', status: 'active' },
    { id: 2, name: 'Gemini', status: 'archived' },
  ],
  team_members: [
    {
      id: 1,
      name: 'Tom',
      title: null,
      email: 'tom@example.com',
      talking_points: [entry],
      tasks: [entry, entry],
      followups: [],
    },
  ],
  reports: [0, 1].map((w) => ({
    week_start_date: `2024-01-0${1 + w}`,
    title: `Week ${w}`,
    summary: null,
    is_submitted: true,
    sent_date: null,
    project_health: [{ project_id: 1, health: 'on_track', note: null }],
    questions: [{ name: 'Ann', text: 'Why?', answer: null }],
    sections: [
      {
        section_template_id: 1,
        section_name: 'Tasks',
        section_type: 'tasks',
        content: null,
        items: [item(1), item(2), item(3)],
      },
    ],
  })),
})

/** Every path into the document, to change or remove one. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at]
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
  return [at, ...keys.flatMap((k) => paths((value as Record<string, unknown>)[k], [...at, k]))]
}
const odd = [null, 0, 1.5, -1, '', 'x', 'x'.repeat(300), true, {}, [], [{}], { extra: 1 }]

describe('account document checked in steps', () => {
  test('a valid document: accepted, unknown fields removed at every level, as the whole check does', async () => {
    const doc = baseDocument() as Record<string, unknown> & ReturnType<typeof baseDocument>
    Object.assign(doc, { extra: 1 })
    Object.assign(doc.settings, { user_id: 7, id: 3 })
    Object.assign(doc.reports[1], { user_id: 7 })
    Object.assign(doc.reports[0].sections[0].items[2], { user_id: 7, sort_order: 9 })
    Object.assign(doc.team_members[0].tasks[1], { id: 99 })
    const expected = await answer(whole, doc)
    expect(expected.status).toBe(200)
    expect(expected.body.settings.user_id).toBeUndefined()
    expect(expected.body.reports[0].sections[0].items[2].sort_order).toBeUndefined()
    expect(await answer(stepwise, doc)).toEqual(expected)
  })

  test('one or two changed or removed values: accepted or refused alike, a refusal naming a value the whole schema refuses (property)', async () => {
    const base = baseDocument()
    const all = paths(base).filter((p) => p.length)
    const change = fc.record({
      path: fc.constantFrom(...all),
      value: fc.oneof(fc.constantFrom(...odd), fc.constant(undefined)),
    })
    let refused = 0
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 2 }), async (changes) => {
        const doc = structuredClone(base) as unknown as Record<string | number, unknown>
        for (const { path, value } of changes) {
          let parent: Record<string | number, unknown> | undefined = doc
          for (const k of path.slice(0, -1))
            parent = parent?.[k] as Record<string | number, unknown> | undefined
          if (typeof parent !== 'object' || parent === null) continue
          const last = path[path.length - 1]
          if (value === undefined) delete parent[last]
          else parent[last] = structuredClone(value)
        }
        const expected = await answer(whole, doc)
        const got = await answer(stepwise, doc)
        expect(got.status).toBe(expected.status)
        if (expected.status === 200) expect(got).toEqual(expected)
        else {
          refused++
          expect([...wholeMessages(JSON.parse(JSON.stringify(doc)))]).toContain(got.error)
        }
      }),
      { numRuns: 400, seed: 7 },
    )
    // The property met refusals, not only documents that pass.
    expect(refused).toBeGreaterThan(100)
  })

  test('a refused document is told its first failing value from the root, found without walking the rest: a refusal near the start takes a few steps, near the end all of them', async () => {
    const large = () => {
      const doc = baseDocument()
      doc.reports = Array.from({ length: 40 }, (_, w) => ({
        ...structuredClone(doc.reports[0]),
        week_start_date: new Date(Date.UTC(2024, 0, 1 + 7 * w)).toISOString().slice(0, 10),
      }))
      for (const report of doc.reports)
        report.sections[0].items = Array.from({ length: 200 }, (_, i) => item(i))
      return doc
    }
    const refusedAt = async (report: number, itemAt: number) => {
      const doc = large()
      ;(doc.reports[report].sections[0].items[itemAt] as { content: unknown }).content = 5
      let pauses = 0
      const slices = timeSlices(0)
      const counting = {
        ...slices,
        pause: () => {
          pauses++
          return slices.pause()
        },
      }
      const error = await checkedDocument(doc, counting).then(
        () => null,
        (e: HttpError) => ({ status: e.status, error: e.message }),
      )
      return { error, pauses }
    }
    const early = await refusedAt(0, 3)
    expect(early.error).toEqual({
      status: 400,
      error: 'Invalid reports.0.sections.0.items.3.content: Content is required',
    })
    const late = await refusedAt(39, 199)
    expect(late.error).toEqual({
      status: 400,
      error: 'Invalid reports.39.sections.0.items.199.content: Content is required',
    })
    // One step a level: the document, its lists' elements before the failing one, and that one.
    expect(early.pauses).toBeLessThan(20)
    expect(late.pauses).toBeGreaterThan(40 * 200)
  })
})
