import {
  Deleted,
  ErrorBody,
  MemberEntry,
  MemberEntryList,
  NudgeStatus,
  TeamMember,
  TeamMemberDashboard,
  TeamMemberList,
  TeamMemberPrep,
  TeamMemberRecord,
} from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
import { authPlugin } from '../auth/plugin'
import { TeamMemberModel } from './model'
import { nudgeMember } from './nudge'
import {
  createEntry,
  createMember,
  deleteEntry,
  deleteMember,
  ENTRY_KINDS,
  type EntryKind,
  getMember,
  listEntries,
  listMembers,
  memberDashboard,
  memberPrep,
  updateEntry,
  updateMember,
} from './service'

/**
 * Talking points, standalone tasks and follow-ups share one shape: one route set per kind. Generic
 * in the kind, so each set's paths reach `type App` as literals (`/:uuid/tasks`) Eden addresses.
 */
function entryRoutes<Kind extends EntryKind>(ctx: AppContext, kind: Kind) {
  const detail = { tags: ['team-members'], summary: ENTRY_KINDS[kind].noun }
  // No prefix of its own: it is mounted inside the /api/team-members module.
  return new Elysia()
    .use(authPlugin(ctx))
    .get(`/:uuid/${kind}`, ({ user, params }) => listEntries(ctx, user.id, params.uuid, kind), {
      auth: true,
      params: TeamMemberModel.params,
      response: { 200: MemberEntryList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .post(
      `/:uuid/${kind}`,
      ({ user, params, body }) => createEntry(ctx, user.id, params.uuid, kind, body),
      {
        auth: true,
        params: TeamMemberModel.params,
        body: TeamMemberModel.entryCreate,
        // 403: the member already has as many entries of this kind as one may hold.
        response: {
          200: MemberEntry,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
        detail,
      },
    )
    .put(
      `/${kind}/:id`,
      ({ user, params, body }) => updateEntry(ctx, user.id, kind, params.id, body),
      {
        auth: true,
        params: TeamMemberModel.idParams,
        body: TeamMemberModel.entryUpdate,
        response: { 200: MemberEntry, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .delete(`/${kind}/:id`, ({ user, params }) => deleteEntry(ctx, user.id, kind, params.id), {
      auth: true,
      params: TeamMemberModel.idParams,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
}

export function teamMembersModule(ctx: AppContext) {
  const detail = { tags: ['team-members'] }
  return new Elysia({ prefix: '/api/team-members' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/', ({ user }) => listMembers(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: TeamMemberList, 401: ErrorBody },
      detail,
    })
    .post('/', ({ user, body }) => createMember(ctx, user.id, body), {
      auth: true,
      body: TeamMemberModel.create,
      // 403: as many team members as an account may hold.
      response: { 200: TeamMemberRecord, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      detail,
    })
    .use(entryRoutes(ctx, 'talking-points'))
    .use(entryRoutes(ctx, 'tasks'))
    .use(entryRoutes(ctx, 'followups'))
    .get('/:uuid', ({ user, params }) => getMember(ctx, user.id, params.uuid), {
      auth: true,
      params: TeamMemberModel.params,
      response: { 200: TeamMember, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .get('/:uuid/dashboard', ({ user, params }) => memberDashboard(ctx, user.id, params.uuid), {
      auth: true,
      params: TeamMemberModel.params,
      response: { 200: TeamMemberDashboard, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .get('/:uuid/prep', ({ user, params }) => memberPrep(ctx, user.id, params.uuid), {
      auth: true,
      params: TeamMemberModel.params,
      response: { 200: TeamMemberPrep, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .post('/:uuid/nudge', ({ user, params }) => nudgeMember(ctx, user.id, params.uuid), {
      auth: true,
      params: TeamMemberModel.params,
      // 409: not linked, this week's update already sent, mail not set up, or already nudged
      // this week; 429: the send quota.
      response: {
        200: NudgeStatus,
        400: ErrorBody,
        401: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
      },
      detail: { ...detail, summary: "Nudge a linked member for this week's update" },
    })
    .put('/:uuid', ({ user, params, body }) => updateMember(ctx, user.id, params.uuid, body), {
      auth: true,
      params: TeamMemberModel.params,
      body: TeamMemberModel.update,
      response: { 200: TeamMemberRecord, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .delete('/:uuid', ({ user, params }) => deleteMember(ctx, user.id, params.uuid), {
      auth: true,
      params: TeamMemberModel.params,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
}
