import {
  AnsweredQuestion,
  CreatedShare,
  ErrorBody,
  ReaderList,
  ReaderQuestionList,
  SharedAcknowledgement,
  SharedQuestion,
  SharedReport,
  ShareLinkList,
  ShareRevoked,
} from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
import { authPlugin } from '../auth/plugin'
import { SharingModel } from './model'
import { acknowledge, answerQuestion, askQuestion, listQuestions } from './questions'
import { readerWriteGate } from './readers'
import { createShare, listReaders, listShares, revokeShare, sharedReport } from './shares'

/** The author's side: links and questions (signed in, own objects only). */
export function sharingModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .post(
      '/reports/:uuid/shares',
      async ({ user, params, body, set }) => {
        set.status = 201
        return createShare(ctx, user.id, params.uuid, body)
      },
      {
        auth: true,
        params: SharingModel.reportParams,
        body: SharingModel.createShare,
        response: {
          201: CreatedShare,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
        detail: { tags: ['sharing'] },
      },
    )
    .get('/reports/:uuid/readers', ({ user, params }) => listReaders(ctx, user.id, params.uuid), {
      auth: true,
      params: SharingModel.reportParams,
      response: { 200: ReaderList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail: { tags: ['sharing'] },
    })
    .get('/shares', ({ user }) => listShares(ctx, user.id), {
      auth: true,
      response: { 200: ShareLinkList, 401: ErrorBody },
      detail: { tags: ['sharing'] },
    })
    .delete('/shares/:id', ({ user, params }) => revokeShare(ctx, user.id, params.id), {
      auth: true,
      params: SharingModel.idParams,
      response: { 200: ShareRevoked, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail: { tags: ['sharing'] },
    })
    .get('/questions', ({ user }) => listQuestions(ctx, user.id), {
      auth: true,
      response: { 200: ReaderQuestionList, 401: ErrorBody },
      detail: { tags: ['sharing'] },
    })
    .put(
      '/questions/:id',
      ({ user, params, body }) => answerQuestion(ctx, user.id, params.id, body),
      {
        auth: true,
        params: SharingModel.idParams,
        body: SharingModel.answer,
        response: { 200: AnsweredQuestion, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail: { tags: ['sharing'] },
      },
    )
}

/**
 * The readers' side, without a session: the token is the only key and opens one report. Every
 * write passes the readers' gate (readers.ts: refused once the link expired or was revoked,
 * rate-limited per link and per client address), is capped in size by the schema, and reaches
 * only that report's questions and acknowledgements (answers to asks: the asks module).
 */
export function sharedModule(ctx: AppContext) {
  const limit = readerWriteGate(ctx)
  const detail = { tags: ['shared'] }
  const rules = { public: true, tokenInPath: true } as const
  return new Elysia({ prefix: '/api/shared' })
    .use(routeRules)
    .get('/:token', ({ params }) => sharedReport(ctx, params.token), {
      rules,
      params: SharingModel.tokenParams,
      response: { 200: SharedReport, 400: ErrorBody, 404: ErrorBody },
      detail,
    })
    .post(
      '/:token/questions',
      async ({ params, body, request, server, set }) => {
        const share = await limit(params.token, request, server)
        set.status = 201
        return askQuestion(ctx, share, body)
      },
      {
        rules,
        params: SharingModel.tokenParams,
        body: SharingModel.question,
        response: {
          201: SharedQuestion,
          400: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
        detail,
      },
    )
    .post(
      '/:token/acknowledgements',
      async ({ params, body, request, server, set }) => {
        const share = await limit(params.token, request, server)
        set.status = 201
        return acknowledge(ctx, share, body)
      },
      {
        rules,
        params: SharingModel.tokenParams,
        body: SharingModel.acknowledgement,
        response: { 201: SharedAcknowledgement, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        detail,
      },
    )
}
