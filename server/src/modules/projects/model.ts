import { t } from 'elysia'

const name = t.String({ minLength: 1, maxLength: 255, error: 'Project name is required' })
const status = t.Union([t.Literal('active'), t.Literal('archived')], {
  error: 'Status must be active or archived',
})

// Request schemas; the answers' schemas are in @cadence/contract (contract/src/projects.ts).
export namespace ProjectModel {
  export const create = t.Object({ name, status: t.Optional(status) })
  export type create = typeof create.static
  export const update = t.Object({
    name: t.Optional(name),
    status: t.Optional(status),
    owner_member_id: t.Optional(
      t.Nullable(
        t.Integer({
          minimum: 1,
          maximum: 2_147_483_647,
          error: 'owner_member_id must be a team member id or null',
        }),
      ),
    ),
  })
  export type update = typeof update.static
  export const remove = t.Optional(
    t.Object({
      move_to_project_id: t.Optional(
        t.Nullable(t.Integer({ error: 'move_to_project_id must be a project id or null' })),
      ),
    }),
  )
  export type remove = typeof remove.static
  export const combine = t.Object({
    projectUuids: t.Array(t.String({ maxLength: 64 }), {
      maxItems: 200,
      error: 'Please select at least 2 projects to combine',
    }),
    newProjectName: t.String({ maxLength: 255, error: 'New project name is required (max 255)' }),
  })
  export type combine = typeof combine.static
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
}
