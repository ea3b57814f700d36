import { t } from 'elysia'

export namespace DeliveryModel {
  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const deliveryParams = t.Object({
    id: t.Numeric({ minimum: 1, error: 'id must be a number' }),
  })
}
