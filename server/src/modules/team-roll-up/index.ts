import {
  AssignedItem,
  AssignedItemList,
  ErrorBody,
  Invitation,
  InvitationAccepted,
  InvitationPreview,
  InvitationRevoked,
  PulledItem,
  TeamLinkRemoved,
  TeamMembershipList,
  TeamUpdates,
} from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
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

const detail = { tags: ['team'] }

/** The signed-in routes' common base: under /api, the session macro and the route rules. */
const signedIn = (ctx: AppContext) =>
  new Elysia({ prefix: '/api' }).use(authPlugin(ctx)).use(routeRules)

/** Invitations (send, revoke, accept), unlinking a member, and the teams one belongs to. */
function teamLinksRoutes(ctx: AppContext) {
  return signedIn(ctx)
    .post(
      '/team-members/:uuid/invitations',
      async ({ user, params, set }) => {
        set.status = 201
        return createInvitation(ctx, user.id, params.uuid)
      },
      {
        auth: true,
        params: TeamModel.memberParams,
        // 429: e-mailing the link is over the account's send quota (nothing changed).
        response: {
          201: Invitation,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
        detail,
      },
    )
    .delete(
      '/invitations/:invitation',
      ({ user, params }) => revokeInvitation(ctx, user.id, params.invitation),
      {
        auth: true,
        params: TeamModel.invitationIdParams,
        response: { 200: InvitationRevoked, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post(
      '/invitations/:invitation/accept',
      ({ user, params }) => acceptInvitation(ctx, user.id, params.invitation),
      {
        auth: true,
        rules: { tokenInPath: true },
        params: TeamModel.invitationTokenParams,
        response: {
          200: InvitationAccepted,
          400: ErrorBody,
          401: ErrorBody,
          // The signed-in address is not the invited one (or not of an allowed domain).
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
        detail,
      },
    )
    .delete(
      '/team-members/:uuid/link',
      ({ user, params }) => unlinkMember(ctx, user.id, params.uuid),
      {
        auth: true,
        params: TeamModel.memberParams,
        response: { 200: TeamLinkRemoved, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .get('/my-teams', ({ user }) => myTeams(ctx, user.id), {
      auth: true,
      response: { 200: TeamMembershipList, 401: ErrorBody },
      detail,
    })
}

/** The items assigned to me in other people's reports. */
function assignedRoutes(ctx: AppContext) {
  return signedIn(ctx)
    .get('/assigned-to-me', ({ user }) => assignedToMe(ctx, user.id), {
      auth: true,
      response: { 200: AssignedItemList, 401: ErrorBody },
      detail,
    })
    .put(
      '/assigned-to-me/:id',
      ({ user, params, body }) => updateAssigned(ctx, user.id, params.id, body),
      {
        auth: true,
        params: TeamModel.idParams,
        body: TeamModel.assignedUpdate,
        response: { 200: AssignedItem, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
}

/** The week's updates of the members linked to me, and pulling one of their items into a report. */
function teamUpdatesRoutes(ctx: AppContext) {
  return signedIn(ctx)
    .get('/team-updates', ({ user, query }) => teamUpdates(ctx, user.id, query.week), {
      auth: true,
      query: TeamModel.weekQuery,
      response: { 200: TeamUpdates, 400: ErrorBody, 401: ErrorBody },
      detail,
    })
    .post(
      '/reports/:uuid/pull',
      async ({ user, params, body, set }) => {
        const { item, created } = await pullItem(ctx, user.id, params.uuid, body)
        set.status = created ? 201 : 200
        return item
      },
      {
        auth: true,
        params: TeamModel.reportParams,
        body: TeamModel.pull,
        // 201: pulled now; 200: pulled before, the item made then.
        response: {
          200: PulledItem,
          201: PulledItem,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
        },
        detail,
      },
    )
}

/**
 * Team roll-up (who may see and change what: docs/security.md, "Team roll-up"). Every
 * route is signed in but one: the invitation preview, which answers two names for a token and
 * nothing else. Everything a linked member reaches of an executive's data, and the other way round,
 * follows team_members.linked_user_id; unlinking ends it all at once.
 */
export function teamRollUpModule(ctx: AppContext) {
  return new Elysia().use(teamLinksRoutes(ctx)).use(assignedRoutes(ctx)).use(teamUpdatesRoutes(ctx))
}

/** GET /api/invitations/{token}, without a session: who invited, and as whom; or 404. */
export function invitationsModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/invitations' })
    .use(routeRules)
    .get('/:invitation', ({ params }) => previewInvitation(ctx, params.invitation), {
      rules: { public: true, tokenInPath: true },
      params: TeamModel.invitationTokenParams,
      response: { 200: InvitationPreview, 400: ErrorBody, 404: ErrorBody },
      detail: { tags: ['team'] },
    })
}
