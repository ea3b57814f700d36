import { Decision, Deleted, ErrorBody } from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
import { authPlugin } from '../auth/plugin'
import { DecisionModel } from './model'
import { createDecision, deleteDecision, listDecisions, updateDecision } from './service'

/** The decision log: GET/POST /api/decisions, PUT/DELETE /api/decisions/{id}. */
export function decisionsModule(ctx: AppContext) {
  const detail = { tags: ['decisions'] }
  return new Elysia({ prefix: '/api/decisions' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/', ({ user, query }) => listDecisions(ctx, user.id, query), {
      auth: true,
      query: DecisionModel.list,
      rules: { cachedPerUser: true },
      response: { 200: t.Array(Decision), 400: ErrorBody, 401: ErrorBody },
      detail,
    })
    .post('/', ({ user, body }) => createDecision(ctx, user.id, body), {
      auth: true,
      body: DecisionModel.create,
      // 404: the team member, project or item is not the user's; 403: at the account's limit;
      // 409: the ask (any of its carried copies) is recorded as a decision already.
      response: {
        200: Decision,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
      },
      detail,
    })
    .put('/:id', ({ user, params, body }) => updateDecision(ctx, user.id, params.id, body), {
      auth: true,
      params: DecisionModel.params,
      body: DecisionModel.update,
      response: { 200: Decision, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      detail,
    })
    .delete('/:id', ({ user, params }) => deleteDecision(ctx, user.id, params.id), {
      auth: true,
      params: DecisionModel.params,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
}
