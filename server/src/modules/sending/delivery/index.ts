import { Delivery, DeliveryList, EmailPreview, ErrorBody } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../../context'
import { authPlugin } from '../../auth/plugin'
import { emailPreview, listReportDeliveries, retryDelivery } from './mail'
import { DeliveryModel } from './model'

/**
 * A report's deliveries (e-mail and chat), Retry for a failed one, and the e-mail the next Send
 * or update would send (the review step shows it).
 */
export function deliveryModule(ctx: AppContext) {
  const detail = { tags: ['mail'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .get(
      '/reports/:uuid/deliveries',
      ({ user, params }) => listReportDeliveries(ctx, user.id, params.uuid),
      {
        auth: true,
        params: DeliveryModel.reportParams,
        response: { 200: DeliveryList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .get(
      '/reports/:uuid/email-preview',
      ({ user, params }) => emailPreview(ctx, user.id, params.uuid),
      {
        auth: true,
        params: DeliveryModel.reportParams,
        response: { 200: EmailPreview, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post('/deliveries/:id/retry', ({ user, params }) => retryDelivery(ctx, user.id, params.id), {
      auth: true,
      params: DeliveryModel.deliveryParams,
      // 400: not a failed one; 429: the account's sends this hour or day are spent.
      response: { 200: Delivery, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      detail,
    })
}
