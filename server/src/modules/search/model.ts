import { t } from 'elysia'

export namespace SearchModel {
  export const query = t.Object({
    query: t.Optional(
      t.String({ maxLength: 500, error: 'query must be text of at most 500 characters' }),
    ),
  })
  export type query = typeof query.static
}
