import { t } from 'elysia'
import { INT4_MAX, pathId } from '../../lib/limits'

const sectionType = t.Union([t.Literal('standard'), t.Literal('tasks'), t.Literal('followups')], {
  error: 'Type must be standard, tasks or followups',
})
const name = t.String({ minLength: 1, maxLength: 255, error: 'Section name is required' })
// A position within the 4-byte integer of both engines (2^31 answered 500 on PostgreSQL).
const order = t.Integer({
  minimum: -INT4_MAX,
  maximum: INT4_MAX,
  error: 'sort_order must be a whole number',
})

export namespace SectionTemplateModel {
  export const create = t.Object({
    name,
    type: sectionType,
    sort_order: t.Optional(order),
  })
  export type create = typeof create.static
  export const update = t.Object({
    name: t.Optional(name),
    type: t.Optional(sectionType),
    sort_order: t.Optional(order),
  })
  export type update = typeof update.static
  export const reorder = t.Object({
    sections: t.Array(
      t.Object({ id: t.Integer({ minimum: 1, maximum: INT4_MAX }), sort_order: order }),
      {
        maxItems: 500,
        error: 'sections must be a list of {id, sort_order}',
      },
    ),
  })
  export type reorder = typeof reorder.static
  export const params = t.Object({ id: pathId() })
}
