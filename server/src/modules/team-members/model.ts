import { t } from 'elysia'

const name = t.String({ minLength: 1, maxLength: 200, error: 'Name is required' })
const email = t.String({ format: 'email', maxLength: 320, error: 'Valid email is required' })
const title = t.Optional(t.Nullable(t.String({ maxLength: 200, error: 'Title must be text' })))
const projectId = t.Optional(t.Nullable(t.Integer({ error: 'project_id must be a project id' })))

export namespace TeamMemberModel {
  export const create = t.Object({ name, title, email })
  export type create = typeof create.static
  export const update = t.Object({ name: t.Optional(name), title, email: t.Optional(email) })
  export type update = typeof update.static
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const idParams = t.Object({ id: t.Numeric({ error: 'id must be a number' }) })
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
