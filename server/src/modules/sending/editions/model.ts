import { t } from 'elysia'
import { pathId } from '../../../lib/limits'

// Request schemas; the answers' schemas are in @cadence/contract (contract/src/editions.ts).
export namespace EditionsModel {
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const numberParams = t.Object({
    uuid: t.String({ maxLength: 64 }),
    number: pathId('number must be an edition number'),
  })
  export const update = t.Object({
    note: t.Optional(
      t.Nullable(t.String({ maxLength: 280 }), {
        error: 'note must be text of at most 280 characters',
      }),
    ),
  })
  export type update = typeof update.static
}
