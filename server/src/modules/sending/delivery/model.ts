import { t } from 'elysia'
import { pathId } from '../../../lib/limits'

export namespace DeliveryModel {
  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const deliveryParams = t.Object({
    id: pathId(),
  })
}
