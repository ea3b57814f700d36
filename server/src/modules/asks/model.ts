import { t } from 'elysia'
import { INT4_MAX } from '../../lib/limits'

/** Asks of the readers: what the routes take; what they answer is in @cadence/contract (asks.ts). */
export namespace AsksModel {
  export const NAME_MAX = 100
  export const TEXT_MAX = 2000

  export const answerParams = t.Object({
    token: t.String({ maxLength: 128 }),
    item_id: t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'item_id must be an item id' }),
  })
  export const answer = t.Object({
    // Not needed on a personal link (its recipient answers).
    name: t.Optional(t.String({ maxLength: NAME_MAX, error: 'Name is required' })),
    answer: t.Union([t.Literal('approve'), t.Literal('decline'), t.Literal('comment')], {
      error: 'answer must be approve, decline or comment',
    }),
    text: t.Optional(
      t.Nullable(t.String({ maxLength: TEXT_MAX }), {
        error: 'text must be at most 2,000 characters',
      }),
    ),
  })
  export type answer = typeof answer.static

  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const itemParams = t.Object({
    item_id: t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'item_id must be an item id' }),
  })
  export const close = t.Object({
    closed: t.Boolean({ error: 'closed must be true or false' }),
  })
  export type close = typeof close.static
}
