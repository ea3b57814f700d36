// Response schemas of the user's settings (server/src/modules/settings).
import { t } from 'elysia'

export const Weekday = t.Union([
  t.Literal('sunday'),
  t.Literal('monday'),
  t.Literal('tuesday'),
  t.Literal('wednesday'),
  t.Literal('thursday'),
  t.Literal('friday'),
  t.Literal('saturday'),
])
export type Weekday = typeof Weekday.static

export const ReportFrequency = t.Union([
  t.Literal('weekly'),
  t.Literal('bi-weekly'),
  t.Literal('monthly'),
  t.Literal('quarterly'),
])
export type ReportFrequency = typeof ReportFrequency.static

/** GET and PUT /api/user-settings (the same at /api/settings): the whole row, lists parsed. */
export const UserSettings = t.Object({
  user_id: t.Number(),
  report_frequency: ReportFrequency,
  weekly_start_day: Weekday,
  weekly_end_day: Weekday,
  onboarding_complete: t.Boolean(),
  /** Week over week (docs/week-over-week.md): open items carry over to the next report. */
  carry_over: t.Boolean(),
  reminder_enabled: t.Boolean(),
  /** Team roll-up: remind linked team members who have not sent by the week end day. */
  team_reminder_enabled: t.Boolean(),
  report_recipients: t.Array(t.String()),
  /** Chat delivery: https webhook URLs posted to on Send. */
  webhook_urls: t.Array(t.String()),
  /** The memo header's organisation; null: none. */
  organisation_name: t.Nullable(t.String()),
  /** The report e-mail carries the memo as a PDF. */
  email_attach_pdf: t.Boolean(),
  /** The footer line of the print and the PDF ('Confidential — board only'); null: none. */
  confidentiality_line: t.Nullable(t.String()),
  /** The PDF's paper size. */
  paper_size: t.Union([t.Literal('letter'), t.Literal('a4')]),
  created_at: t.String(),
  updated_at: t.String(),
})
export type UserSettings = typeof UserSettings.static
