import { t } from 'elysia'

export namespace MailModel {
  export const delivery = t.Object({
    id: t.Integer(),
    kind: t.Union([
      t.Literal('report'),
      t.Literal('reminder'),
      t.Literal('webhook'),
      t.Literal('team_reminder'),
      t.Literal('question'),
    ]),
    recipients: t.Array(t.String()),
    status: t.Union([t.Literal('pending'), t.Literal('sent'), t.Literal('failed')]),
    attempts: t.Integer(),
    last_error: t.Nullable(t.String()),
    next_attempt_at: t.String(),
    sent_at: t.Nullable(t.String()),
    created_at: t.String(),
  })
  export type delivery = typeof delivery.static
  export const deliveries = t.Array(delivery)
  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const deliveryParams = t.Object({
    id: t.Numeric({ minimum: 1, error: 'id must be a number' }),
  })
}
