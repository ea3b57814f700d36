import { t } from 'elysia'

/** Team roll-up (issue 17): invitations, assigned to me, team updates, pull. */
export namespace TeamModel {
  export const NOTE_MAX = 500

  export const memberParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const idParams = t.Object({ id: t.Numeric({ error: 'id must be a number' }) })
  export const tokenParams = t.Object({ token: t.String({ minLength: 1, maxLength: 200 }) })
  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })

  export const createdInvitation = t.Object({
    id: t.Integer(),
    url: t.String(),
    expires_at: t.String(),
    emailed: t.Boolean(),
  })
  export const preview = t.Object({ inviter_name: t.String(), team_member_name: t.String() })
  export const accepted = t.Object({
    success: t.Boolean(),
    inviter_name: t.String(),
    team_member_name: t.String(),
  })

  // The only change a member makes to someone else's item (other fields are dropped, as
  // everywhere in the API: Elysia normalises bodies to their schema).
  export const assignedUpdate = t.Object({
    is_completed: t.Boolean({ error: 'is_completed must be true or false' }),
    note: t.Optional(
      t.Nullable(
        t.String({ maxLength: NOTE_MAX, error: `note must be at most ${NOTE_MAX} characters` }),
      ),
    ),
  })
  export type assignedUpdate = typeof assignedUpdate.static
  export const assignedItem = t.Object({
    id: t.Integer(),
    content: t.String(),
    is_completed: t.Boolean(),
    item_type: t.Union([t.Literal('task'), t.Literal('followup')]),
    assigned_by_name: t.String(),
    project_name: t.Nullable(t.String()),
    week_start_date: t.String(),
    note: t.Nullable(t.String()),
    completed_at: t.Nullable(t.String()),
  })
  export const assigned = t.Object({ items: t.Array(assignedItem) })

  export const weekQuery = t.Object({
    week: t.Optional(
      t.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        error: 'week must be a date (YYYY-MM-DD)',
      }),
    ),
  })

  export const pull = t.Object({
    source_item_id: t.Integer({ minimum: 1, error: 'source_item_id must be an item id' }),
  })
  export type pull = typeof pull.static

  export const membership = t.Object({
    team_member_uuid: t.String(),
    executive_name: t.String(),
    member_name: t.String(),
    linked_at: t.Nullable(t.String()),
  })
  export const memberships = t.Object({ teams: t.Array(membership) })
}
