import { AskAnswer, ErrorBody, ReportAsk, ReportAskList } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
import { authPlugin } from '../auth/plugin'
import { readerWriteGate } from '../sharing/readers'
import { AsksModel } from './model'
import { answerAsk, closeAsk, reportAsks } from './service'

/**
 * Asks of the readers: an item marked as an ask (PUT /api/section-items/{id} `is_ask`), the
 * readers' answers from a private link (no session: the readers' gate of every shared write), and
 * the author's side (a report's asks with their answers, closing one).
 */
export function asksModule(ctx: AppContext) {
  const gate = readerWriteGate(ctx)
  const detail = { tags: ['asks'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .post(
      '/shared/:token/asks/:item_id/answers',
      async ({ params, body, request, server, set }) => {
        const share = await gate(params.token, request, server)
        const answer = await answerAsk(ctx, share, params.item_id, body)
        set.status = 201
        return answer
      },
      {
        rules: { public: true, tokenInPath: true },
        params: AsksModel.answerParams,
        body: AsksModel.answer,
        // 404: a wrong, expired or revoked link, or an item that is not an ask of its brief;
        // 409: the author closed the ask; 429: too many from this link or address.
        response: {
          201: AskAnswer,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          429: ErrorBody,
        },
        detail,
      },
    )
    .get('/reports/:uuid/asks', ({ user, params }) => reportAsks(ctx, user.id, params.uuid), {
      auth: true,
      params: AsksModel.reportParams,
      response: { 200: ReportAskList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .put(
      '/asks/:item_id',
      ({ user, params, body }) => closeAsk(ctx, user.id, params.item_id, body),
      {
        auth: true,
        params: AsksModel.itemParams,
        body: AsksModel.close,
        response: { 200: ReportAsk, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
}
