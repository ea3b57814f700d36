import { t } from 'elysia'
import { pathId } from '../../lib/limits'

const name = t.String({ minLength: 1, maxLength: 200, error: 'Name is required' })
// E-mail is optional (issue 46): a member can be added by name alone; '' or null means none, and
// anything else must be an address.
const emailError = 'Enter a valid e-mail or leave it empty'
const email = t.Optional(
  t.Union(
    [
      t.Null(),
      t.String({
        maxLength: 320,
        pattern: '^(|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$',
        error: emailError,
      }),
    ],
    { error: emailError },
  ),
)
const title = t.Optional(t.Nullable(t.String({ maxLength: 200, error: 'Title must be text' })))
const projectId = t.Optional(t.Nullable(t.Integer({ error: 'project_id must be a project id' })))

export namespace TeamMemberModel {
  export const create = t.Object({ name, title, email })
  export type create = typeof create.static
  export const update = t.Object({ name: t.Optional(name), title, email })
  export type update = typeof update.static
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const idParams = t.Object({ id: pathId() })
  export const entryCreate = t.Object({
    content: t.String({ minLength: 1, maxLength: 10_000, error: 'Content is required' }),
    project_id: projectId,
  })
  export type entryCreate = typeof entryCreate.static
  export const entryUpdate = t.Object({
    content: t.Optional(
      t.String({ minLength: 1, maxLength: 10_000, error: 'Content is required' }),
    ),
    is_completed: t.Optional(t.Boolean({ error: 'is_completed must be true or false' })),
    project_id: projectId,
  })
  export type entryUpdate = typeof entryUpdate.static
}
