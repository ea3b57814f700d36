import { t } from 'elysia'

const text = (max: number, field: string) =>
  t.Optional(
    t.Nullable(
      t.String({ maxLength: max, error: `${field} must be text of at most ${max} characters` }),
    ),
  )
const date = (field: string) =>
  t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', error: `${field} must be a date (YYYY-MM-DD)` })

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
    is_submitted: t.Optional(t.Boolean({ error: 'is_submitted must be true or false' })),
    sent_date: t.Optional(t.Nullable(date('sent_date'))),
  })
  export type update = typeof update.static
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
  /** POST /api/reports/{uuid}/carry-over. */
  export const carried = t.Object({ carried: t.Integer() })
  /** One item of a 'Since last week' list. */
  export const changeItem = t.Object({
    id: t.Integer(),
    content: t.String(),
    item_type: t.Union([t.Literal('standard'), t.Literal('task'), t.Literal('followup')]),
    section_name: t.String(),
    project_id: t.Nullable(t.Integer()),
    project_name: t.Nullable(t.String()),
    is_completed: t.Boolean(),
    origin_week_start_date: t.String(),
    open_weeks: t.Integer(),
  })
  export type changeItem = typeof changeItem.static
  /** GET /api/reports/{uuid}/changes. */
  export const changes = t.Object({
    previous: t.Nullable(
      t.Object({ uuid: t.String(), week_start_date: t.String(), title: t.Nullable(t.String()) }),
    ),
    counts: t.Object({
      completed: t.Integer(),
      new: t.Integer(),
      carried: t.Integer(),
      stalled: t.Integer(),
    }),
    completed: t.Array(changeItem),
    new: t.Array(changeItem),
    carried: t.Array(changeItem),
    stalled: t.Array(changeItem),
  })
  export type changes = typeof changes.static
  export const sectionParams = t.Object({ id: t.Numeric({ error: 'id must be a number' }) })
  export const sectionUpdate = t.Object({ content: text(20_000, 'content') })
  export type sectionUpdate = typeof sectionUpdate.static
}
