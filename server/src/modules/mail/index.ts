import { Delivery, DeliveryList, ErrorBody } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { MailModel } from './model'
import { listReportDeliveries, retryDelivery } from './service'

/** The e-mail deliveries of a report, and Retry for a failed one. */
export function mailModule(ctx: AppContext) {
  const detail = { tags: ['mail'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .get(
      '/reports/:uuid/deliveries',
      ({ user, params }) => listReportDeliveries(ctx, user.id, params.uuid),
      {
        auth: true,
        params: MailModel.reportParams,
        response: { 200: DeliveryList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post('/deliveries/:id/retry', ({ user, params }) => retryDelivery(ctx, user.id, params.id), {
      auth: true,
      params: MailModel.deliveryParams,
      // 400: not a failed one; 429: the account's sends this hour or day are spent.
      response: { 200: Delivery, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      detail,
    })
}
