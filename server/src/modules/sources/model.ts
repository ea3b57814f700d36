import { t } from 'elysia'
import { INT4_MAX } from '../../lib/limits'

/** Sources: what the routes take; what they answer is in @cadence/contract (sources.ts). */
export namespace SourcesModel {
  export const MAX_SOURCES = 20
  export const TOKEN_MAX = 4000
  export const URL_MAX = 500
  export const FILTER_MAX = 500

  export const create = t.Object({
    kind: t.Union(
      [t.Literal('github'), t.Literal('gitlab'), t.Literal('jira'), t.Literal('linear')],
      { error: 'kind must be github, gitlab, jira or linear' },
    ),
    base_url: t.Optional(
      t.String({ maxLength: URL_MAX, error: 'base_url must be a URL of at most 500 characters' }),
    ),
    token: t.String({
      minLength: 1,
      maxLength: TOKEN_MAX,
      error: 'token is required (at most 4,000 characters)',
    }),
    filter: t.Optional(
      t.Nullable(
        t.String({ maxLength: FILTER_MAX, error: 'filter must be at most 500 characters' }),
      ),
    ),
    project_uuid: t.Optional(
      t.Nullable(t.String({ maxLength: 64, error: 'project_uuid must be a project uuid' })),
    ),
  })
  export type create = typeof create.static

  export const idParams = t.Object({
    id: t.Integer({ minimum: 1, maximum: INT4_MAX, error: 'id must be a source id' }),
  })
  export const reportParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const suggestionParams = t.Object({
    uuid: t.String({ maxLength: 64 }),
    id: t.String({ pattern: '^s[0-9]{1,10}-[0-9a-f]{16}$', error: 'id must be a suggestion id' }),
  })
}
