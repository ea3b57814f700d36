import { t } from 'elysia'
import { INT4_MAX } from '../../lib/limits'

/**
 * Private links and readers' questions: what the routes take; what they answer is in
 * @cadence/contract (sharing.ts).
 */
export namespace SharingModel {
  export const QUESTION_MAX = 2000
  export const NAME_MAX = 100

  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const createShare = t.Object({
    expires_in_days: t.Nullable(
      t.Union([t.Literal(7), t.Literal(30), t.Literal(90)], {
        error: 'expires_in_days must be 7, 30, 90 or null (never)',
      }),
      { default: 30 },
    ),
  })
  export type createShare = typeof createShare.static
  export const idParams = t.Object({
    id: t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'id must be an id' }),
  })

  export const tokenParams = t.Object({ token: t.String({ maxLength: 128 }) })
  // `name`: not needed on a personal link (its recipient asks); required on any other.
  export const question = t.Object({
    name: t.Optional(t.String({ maxLength: NAME_MAX, error: 'Name is required' })),
    text: t.String({ minLength: 1, maxLength: QUESTION_MAX, error: 'Question is required' }),
    item_id: t.Optional(
      t.Nullable(t.Integer({ minimum: 1, maximum: INT4_MAX }), {
        error: 'item_id must be an item id',
      }),
    ),
  })
  export type question = typeof question.static
  export const acknowledgement = t.Object({
    name: t.Optional(t.String({ maxLength: NAME_MAX, error: 'Name is required' })),
  })
  export type acknowledgement = typeof acknowledgement.static

  export const answer = t.Object({
    answer: t.Optional(
      t.Nullable(t.String({ maxLength: QUESTION_MAX }), {
        error: 'answer must be at most 2,000 characters',
      }),
    ),
    seen: t.Optional(t.Boolean({ error: 'seen must be true or false' })),
  })
  export type answer = typeof answer.static
}
