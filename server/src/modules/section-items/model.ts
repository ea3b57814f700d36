import { t } from 'elysia'
import { INT4_MAX, pathId } from '../../lib/limits'

const content = t.String({ minLength: 1, maxLength: 10_000, error: 'Content is required' })
const ref = (field: string) =>
  t.Optional(
    t.Nullable(
      t.Integer({ minimum: 1, maximum: INT4_MAX, error: `${field} must be an id or null` }),
    ),
  )
const itemType = t.Union([t.Literal('standard'), t.Literal('task'), t.Literal('followup')], {
  error: 'item_type must be standard, task or followup',
})

export namespace SectionItemModel {
  export const create = t.Object({
    section_id: t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'section_id is required' }),
    content,
    project_id: ref('project_id'),
    item_type: t.Optional(itemType),
    assigned_to_team_member_id: ref('assigned_to_team_member_id'),
  })
  export type create = typeof create.static
  export const update = t.Object({
    content: t.Optional(content),
    is_completed: t.Optional(t.Boolean({ error: 'is_completed must be true or false' })),
    project_id: ref('project_id'),
    item_type: t.Optional(itemType),
    assigned_to_team_member_id: ref('assigned_to_team_member_id'),
    is_ask: t.Optional(t.Boolean({ error: 'is_ask must be true or false' })),
    // A reader's follow-up: 'Include in brief' (sending/brief/filter.ts).
    include_in_brief: t.Optional(t.Boolean({ error: 'include_in_brief must be true or false' })),
  })
  export type update = typeof update.static
  export const params = t.Object({
    id: pathId(),
  })
  /** PUT /api/section-items/:id/position: the section it goes to, before which item (position.ts). */
  export const position = t.Object({
    section_id: t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'section_id is required' }),
    before_id: t.Optional(
      t.Nullable(
        t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'before_id must be an id or null' }),
      ),
    ),
  })
  export type position = typeof position.static
}
