import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { assignedToMe, updateAssigned } from './assigned'
import {
  acceptInvitation,
  createInvitation,
  myTeams,
  previewInvitation,
  revokeInvitation,
  unlinkMember,
} from './invitations'
import { TeamModel } from './model'
import { pullItem, teamUpdates } from './updates'

/**
 * Team roll-up (issue 17; who may see and change what: docs/security.md, "Team roll-up"). Every
 * route is signed in but one: the invitation preview, which answers two names for a token and
 * nothing else. Everything a linked member reaches of an executive's data, and the other way round,
 * follows team_members.linked_user_id; unlinking ends it all at once.
 */
export function teamModule(ctx: AppContext) {
  const detail = { tags: ['team'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .post(
      '/team-members/:uuid/invitations',
      async ({ user, params, set }) => {
        set.status = 201
        return createInvitation(ctx, user.id, params.uuid)
      },
      {
        auth: true,
        params: TeamModel.memberParams,
        response: { 201: TeamModel.createdInvitation },
        detail,
      },
    )
    .delete('/invitations/:id', ({ user, params }) => revokeInvitation(ctx, user.id, params.id), {
      auth: true,
      params: TeamModel.idParams,
      detail,
    })
    .post(
      '/invitations/:token/accept',
      ({ user, params }) => acceptInvitation(ctx, user.id, params.token),
      { auth: true, params: TeamModel.tokenParams, response: TeamModel.accepted, detail },
    )
    .delete(
      '/team-members/:uuid/link',
      ({ user, params }) => unlinkMember(ctx, user.id, params.uuid),
      { auth: true, params: TeamModel.memberParams, detail },
    )
    .get('/my-teams', ({ user }) => myTeams(ctx, user.id), {
      auth: true,
      response: TeamModel.memberships,
      detail,
    })
    .get('/assigned-to-me', ({ user }) => assignedToMe(ctx, user.id), {
      auth: true,
      response: TeamModel.assigned,
      detail,
    })
    .put(
      '/assigned-to-me/:id',
      ({ user, params, body }) => updateAssigned(ctx, user.id, params.id, body),
      {
        auth: true,
        params: TeamModel.idParams,
        body: TeamModel.assignedUpdate,
        response: TeamModel.assignedItem,
        detail,
      },
    )
    .get('/team-updates', ({ user, query }) => teamUpdates(ctx, user.id, query.week), {
      auth: true,
      query: TeamModel.weekQuery,
      detail,
    })
    .post(
      '/reports/:uuid/pull',
      async ({ user, params, body, set }) => {
        const { item, created } = await pullItem(ctx, user.id, params.uuid, body)
        set.status = created ? 201 : 200
        return item
      },
      { auth: true, params: TeamModel.reportParams, body: TeamModel.pull, detail },
    )
}

/** GET /api/invitations/{token}, without a session: who invited, and as whom; or 404. */
export function invitationsModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/invitations' }).get(
    '/:token',
    ({ params }) => previewInvitation(ctx, params.token),
    { params: TeamModel.tokenParams, response: TeamModel.preview, detail: { tags: ['team'] } },
  )
}
