import {
  AcceptedSuggestion,
  Deleted,
  DraftSummary,
  ErrorBody,
  Source,
  SourceList,
  SuggestionList,
} from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { draftSummary } from './draft'
import { SourcesModel } from './model'
import {
  acceptSuggestion,
  createSource,
  deleteSource,
  dismissSuggestion,
  listSources,
  reportSuggestions,
} from './service'

/**
 * Sources (issue 47): connections to GitHub, GitLab, Jira and Linear with a write-only token,
 * the suggestions they make for a report's week (accept: an item with its link, once; dismiss:
 * hidden for that week), and the grounded draft summary. interface.md §14.
 */
export function sourcesModule(ctx: AppContext) {
  const detail = { tags: ['sources'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .get('/sources', ({ user }) => listSources(ctx, user.id), {
      auth: true,
      response: { 200: SourceList, 401: ErrorBody },
      detail,
    })
    .post(
      '/sources',
      async ({ user, body, set }) => {
        const source = await createSource(ctx, user.id, body)
        set.status = 201
        return source
      },
      {
        auth: true,
        body: SourcesModel.create,
        // 403: as many sources as an account may have; 503: PostgreSQL without SECRET_KEY.
        response: {
          201: Source,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          503: ErrorBody,
        },
        detail,
      },
    )
    .delete('/sources/:id', ({ user, params }) => deleteSource(ctx, user.id, params.id), {
      auth: true,
      params: SourcesModel.idParams,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .get(
      '/reports/:uuid/suggestions',
      ({ user, params }) => reportSuggestions(ctx, user.id, params.uuid),
      {
        auth: true,
        params: SourcesModel.reportParams,
        response: { 200: SuggestionList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post(
      '/reports/:uuid/suggestions/:id/accept',
      ({ user, params }) => acceptSuggestion(ctx, user.id, params.uuid, params.id),
      {
        auth: true,
        params: SourcesModel.suggestionParams,
        response: {
          200: AcceptedSuggestion,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
        detail,
      },
    )
    .post(
      '/reports/:uuid/suggestions/:id/dismiss',
      async ({ user, params, set }) => {
        await dismissSuggestion(ctx, user.id, params.uuid, params.id)
        set.status = 204
      },
      {
        auth: true,
        params: SourcesModel.suggestionParams,
        response: { 204: t.Void(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post(
      '/reports/:uuid/draft-summary',
      ({ user, params }) => draftSummary(ctx, user.id, params.uuid),
      {
        auth: true,
        params: SourcesModel.reportParams,
        response: { 200: DraftSummary, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
}
