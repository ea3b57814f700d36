import { t } from 'elysia'

// Explicit literal unions: t.UnionEnum fills a missing optional field with its first member.
const weekday = (field: string) =>
  t.Union(
    [
      t.Literal('sunday'),
      t.Literal('monday'),
      t.Literal('tuesday'),
      t.Literal('wednesday'),
      t.Literal('thursday'),
      t.Literal('friday'),
      t.Literal('saturday'),
    ],
    { error: `${field} must be a day from sunday to saturday` },
  )

export namespace SettingsModel {
  export const update = t.Object({
    report_frequency: t.Optional(
      t.Union(
        [t.Literal('weekly'), t.Literal('bi-weekly'), t.Literal('monthly'), t.Literal('quarterly')],
        { error: 'report_frequency must be weekly, bi-weekly, monthly or quarterly' },
      ),
    ),
    weekly_start_day: t.Optional(weekday('weekly_start_day')),
    weekly_end_day: t.Optional(weekday('weekly_end_day')),
    onboarding_complete: t.Optional(
      t.Boolean({ error: 'onboarding_complete must be true or false' }),
    ),
    carry_over: t.Optional(t.Boolean({ error: 'carry_over must be true or false' })),
    reminder_enabled: t.Optional(t.Boolean({ error: 'reminder_enabled must be true or false' })),
    // Team roll-up: remind linked team members who have not sent by the week end day.
    team_reminder_enabled: t.Optional(
      t.Boolean({ error: 'team_reminder_enabled must be true or false' }),
    ),
    // Addresses are checked, trimmed and de-duplicated in the service (the 20 limit applies
    // after duplicates are dropped); the schema only bounds the input.
    report_recipients: t.Optional(
      t.Array(t.String({ maxLength: 320, error: 'Valid email is required' }), {
        maxItems: 200,
        error: 'report_recipients must be a list of at most 20 addresses',
      }),
    ),
    // Chat delivery (Settings → Delivery): https URLs, checked in the service (at most 5).
    webhook_urls: t.Optional(
      t.Array(t.String({ maxLength: 2000, error: 'Each webhook must be an https URL' }), {
        maxItems: 50,
        error: 'webhook_urls must be a list of at most 5 https URLs',
      }),
    ),
    // The memo header's organisation (blank clears).
    organisation_name: t.Optional(
      t.Nullable(t.String({ maxLength: 120 }), {
        error: 'organisation_name must be text of at most 120 characters',
      }),
    ),
    email_attach_pdf: t.Optional(t.Boolean({ error: 'email_attach_pdf must be true or false' })),
    // The footer line of the print and the PDF (blank clears).
    confidentiality_line: t.Optional(
      t.Nullable(t.String({ maxLength: 200 }), {
        error: 'confidentiality_line must be text of at most 200 characters',
      }),
    ),
    paper_size: t.Optional(
      t.Union([t.Literal('letter'), t.Literal('a4')], {
        error: 'paper_size must be letter or a4',
      }),
    ),
  })
  export type update = typeof update.static
}
