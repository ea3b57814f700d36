import { t } from 'elysia'
import { pathId } from '../../lib/limits'

const sectionType = t.Union([t.Literal('standard'), t.Literal('tasks'), t.Literal('followups')], {
  error: 'Type must be standard, tasks or followups',
})
const name = t.String({ minLength: 1, maxLength: 255, error: 'Section name is required' })

export namespace SectionTemplateModel {
  export const create = t.Object({
    name,
    type: sectionType,
    sort_order: t.Optional(t.Number({ error: 'sort_order must be a number' })),
  })
  export type create = typeof create.static
  export const update = t.Object({
    name: t.Optional(name),
    type: t.Optional(sectionType),
    sort_order: t.Optional(t.Number({ error: 'sort_order must be a number' })),
  })
  export type update = typeof update.static
  export const reorder = t.Object({
    sections: t.Array(t.Object({ id: t.Integer(), sort_order: t.Integer() }), {
      maxItems: 500,
      error: 'sections must be a list of {id, sort_order}',
    }),
  })
  export type reorder = typeof reorder.static
  export const params = t.Object({ id: pathId() })
}
