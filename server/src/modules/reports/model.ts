import { t } from 'elysia'
import { INT4_MAX, pathId } from '../../lib/limits'

const text = (max: number, field: string) =>
  t.Optional(
    t.Nullable(
      t.String({ maxLength: max, error: `${field} must be text of at most ${max} characters` }),
    ),
  )
const date = (field: string) =>
  t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', error: `${field} must be a date (YYYY-MM-DD)` })

// Request schemas; the answers' schemas are in @cadence/contract (contract/src/reports.ts).
export namespace ReportModel {
  export const create = t.Object({
    week_start_date: date('week_start_date'),
    title: text(500, 'title'),
    summary: text(20_000, 'summary'),
    carry_over: t.Optional(t.Boolean({ error: 'carry_over must be true or false' })),
  })
  export type create = typeof create.static
  export const update = t.Object({
    title: text(500, 'title'),
    summary: text(20_000, 'summary'),
    /**
     * With `summary` only: the model whose draft this summary is (the draft's `model`); absent or
     * null, the summary was typed by hand.
     */
    summary_model: text(200, 'summary_model'),
    is_submitted: t.Optional(t.Boolean({ error: 'is_submitted must be true or false' })),
    sent_date: t.Optional(t.Nullable(date('sent_date'))),
  })
  export type update = typeof update.static
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const sectionParams = t.Object({
    id: pathId(),
  })
  export const sectionOrder = t.Object({
    section_ids: t.Array(
      t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'section_ids must be section ids' }),
      { maxItems: 500, error: "section_ids must list the report's section ids" },
    ),
  })
  export type sectionOrder = typeof sectionOrder.static
  export const sectionUpdate = t.Object({ content: text(20_000, 'content') })
  export type sectionUpdate = typeof sectionUpdate.static
}
