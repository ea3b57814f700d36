import { t } from 'elysia'

export namespace AdminModel {
  export const usersQuery = t.Object({
    search: t.Optional(t.String({ maxLength: 320, error: 'search must be text' })),
  })
  export const logQuery = t.Object({
    limit: t.Optional(t.Numeric({ minimum: 1, maximum: 500, error: 'limit must be 1 to 500' })),
  })
  export const settingParams = t.Object({ key: t.String({ maxLength: 100 }) })
  export const userParams = t.Object({
    id: t.Numeric({
      minimum: 1,
      maximum: 2_147_483_647,
      multipleOf: 1,
      error: 'id must be a user id',
    }),
  })
  export const settingUpdate = t.Object({
    setting_value: t.String({ maxLength: 1000, error: 'setting_value must be text' }),
  })
  export type settingUpdate = typeof settingUpdate.static
  export const onboardingEvent = t.Object({
    step: t.String({ minLength: 1, maxLength: 50, error: 'step is required' }),
    action: t.Union(
      [t.Literal('started'), t.Literal('completed'), t.Literal('skipped'), t.Literal('abandoned')],
      { error: 'action must be started, completed, skipped or abandoned' },
    ),
    duration_ms: t.Optional(
      t.Nullable(
        t.Integer({
          minimum: 0,
          maximum: 86_400_000,
          error: 'duration_ms must be a whole number of milliseconds',
        }),
      ),
    ),
  })
  export type onboardingEvent = typeof onboardingEvent.static
}
