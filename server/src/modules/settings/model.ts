import { t } from 'elysia'

const weekday = (field: string) =>
  t.UnionEnum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], {
    error: `${field} must be a day from sunday to saturday`,
  })

export namespace SettingsModel {
  export const update = t.Object({
    report_frequency: t.Optional(
      t.UnionEnum(['weekly', 'bi-weekly', 'monthly', 'quarterly'], {
        error: 'report_frequency must be weekly, bi-weekly, monthly or quarterly',
      }),
    ),
    weekly_start_day: t.Optional(weekday('weekly_start_day')),
    weekly_end_day: t.Optional(weekday('weekly_end_day')),
    onboarding_complete: t.Optional(
      t.Boolean({ error: 'onboarding_complete must be true or false' }),
    ),
    carry_over: t.Optional(t.Boolean({ error: 'carry_over must be true or false' })),
  })
  export type update = typeof update.static
}
