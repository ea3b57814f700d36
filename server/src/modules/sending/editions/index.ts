import { EditionDetail, EditionInfo, EditionList, ErrorBody } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../../context'
import { routeRules } from '../../../lib/route-rules'
import { authPlugin } from '../../auth/plugin'
import { EditionsModel } from './model'
import { editionPdf, getEdition, listEditions, livePdf, sendUpdate } from './service'

/** A sent report's editions: 'Send update' and the frozen copies (signed in, own reports only). */
export function editionsModule(ctx: AppContext) {
  const detail = { tags: ['editions'] }
  return (
    new Elysia({ prefix: '/api' })
      .use(authPlugin(ctx))
      .use(routeRules)
      .post(
        '/reports/:uuid/editions',
        async ({ user, params, body, set }) => {
          const edition = await sendUpdate(ctx, user.id, params.uuid, body ?? {})
          set.status = 201
          return edition
        },
        {
          auth: true,
          params: EditionsModel.params,
          body: EditionsModel.update,
          // 409: a draft (Send it instead); 429: over the send quota (nothing changed).
          response: {
            201: EditionInfo,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
          detail,
        },
      )
      .get(
        '/reports/:uuid/editions',
        ({ user, params }) => listEditions(ctx, user.id, params.uuid),
        {
          auth: true,
          rules: { cachedPerUser: true },
          params: EditionsModel.params,
          response: { 200: EditionList, 401: ErrorBody, 404: ErrorBody },
          detail,
        },
      )
      .get(
        '/reports/:uuid/editions/:number',
        ({ user, params }) => getEdition(ctx, user.id, params.uuid, params.number),
        {
          auth: true,
          rules: { cachedPerUser: true },
          params: EditionsModel.numberParams,
          response: { 200: EditionDetail, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
          detail,
        },
      )
      // The memo as a PDF (application/pdf; errors are JSON).
      .get('/reports/:uuid/pdf', ({ user, params }) => livePdf(ctx, user.id, params.uuid), {
        auth: true,
        params: EditionsModel.params,
        detail,
      })
      .get(
        '/reports/:uuid/editions/:number/pdf',
        ({ user, params }) => editionPdf(ctx, user.id, params.uuid, params.number),
        { auth: true, params: EditionsModel.numberParams, detail },
      )
  )
}
