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
        response: { 200: MailModel.deliveries },
        detail,
      },
    )
    .post('/deliveries/:id/retry', ({ user, params }) => retryDelivery(ctx, user.id, params.id), {
      auth: true,
      params: MailModel.deliveryParams,
      response: { 200: MailModel.delivery },
      detail,
    })
}
