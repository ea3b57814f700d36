import { t } from 'elysia'
import { pathId } from '../../lib/limits'

/**
 * Team roll-up: invitations, assigned to me, team updates, pull. What the routes take;
 * what they answer is in @cadence/contract (team.ts).
 */
export namespace TeamModel {
  export const NOTE_MAX = 500

  export const memberParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const idParams = t.Object({ id: pathId() })
  /**
   * An invitation is named in its path by its id (to revoke it) or by its link's token (to read or
   * accept it), under one parameter name so the typed client addresses all three routes.
   */
  export const invitationIdParams = t.Object({
    invitation: pathId(),
  })
  export const invitationTokenParams = t.Object({
    invitation: t.String({ minLength: 1, maxLength: 200 }),
  })
  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })

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
}
