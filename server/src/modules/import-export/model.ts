import { SharedBrief, Weekday } from '@cadence/contract'
import { t } from 'elysia'
import { INT4_MAX, METRIC_VALUE_MAX } from '../../lib/limits'
import { DecisionTransfer } from '../decisions/model'

const date = (field: string) =>
  t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', error: `${field} must be a date (YYYY-MM-DD)` })
// Whole numbers as JSON numbers: Elysia's t.Integer also takes numeric strings, which makes the
// validator decode (copy) the whole document, ~100 ms of the largest import on the event loop.
// Within the databases' 4-byte integers (lib/limits.ts INT4_MAX), on both engines.
const whole = (options: { minimum?: number } = {}) =>
  t.Number({ multipleOf: 1, minimum: -INT4_MAX, maximum: INT4_MAX, ...options })
// A metric's value or target: finite (JSON has no other) and bounded.
const metricNumber = t.Number({ minimum: -METRIC_VALUE_MAX, maximum: METRIC_VALUE_MAX })
const id = whole({ minimum: 1 })
const ref = t.Nullable(whole({ minimum: 1 }))
const content = t.String({ minLength: 1, maxLength: 10_000, error: 'Content is required' })
const timestamp = t.Optional(t.String({ maxLength: 40 }))
const sectionType = t.Union([t.Literal('standard'), t.Literal('tasks'), t.Literal('followups')])
const entry = t.Object({
  content,
  is_completed: t.Boolean(),
  project_id: t.Optional(ref),
  created_at: timestamp,
})

export const EXPORT_FORMAT = 'cadence-export'
export const EXPORT_VERSION = 1

export namespace ImportExportModel {
  export const text = t.Object({
    text: t.String({ maxLength: 500_000, error: 'Please paste report content to preview' }),
  })
  export type text = typeof text.static
  export const preview = t.Object({
    text: t.String({ maxLength: 500_000, error: 'Please paste report content to preview' }),
    uuid: t.Optional(t.String({ maxLength: 64 })),
  })
  export type preview = typeof preview.static
  export const params = t.Object({ uuid: t.String({ maxLength: 64 }) })
  export const exportQuery = t.Object({ format: t.Optional(t.String({ maxLength: 10 })) })

  /** The whole-account document of GET /api/export and POST /api/import (version 1). */
  export const document = t.Object({
    format: t.Literal(EXPORT_FORMAT, { error: `format must be '${EXPORT_FORMAT}'` }),
    version: t.Literal(EXPORT_VERSION, { error: `version must be ${EXPORT_VERSION}` }),
    exported_at: timestamp,
    settings: t.Optional(
      t.Object({
        report_frequency: t.Union([
          t.Literal('weekly'),
          t.Literal('bi-weekly'),
          t.Literal('monthly'),
          t.Literal('quarterly'),
        ]),
        weekly_start_day: Weekday,
        weekly_end_day: Weekday,
        onboarding_complete: t.Boolean(),
        carry_over: t.Optional(t.Boolean()),
        reminder_enabled: t.Optional(t.Boolean()),
        team_reminder_enabled: t.Optional(t.Boolean()),
        report_recipients: t.Optional(t.Array(t.String({ maxLength: 320 }), { maxItems: 200 })),
        webhook_urls: t.Optional(t.Array(t.String({ maxLength: 2000 }), { maxItems: 50 })),
        organisation_name: t.Optional(t.Nullable(t.String({ maxLength: 120 }))),
        email_attach_pdf: t.Optional(t.Boolean()),
        confidentiality_line: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
        paper_size: t.Optional(t.Union([t.Literal('letter'), t.Literal('a4')])),
      }),
    ),
    section_templates: t.Array(
      t.Object({
        id,
        name: t.String({ minLength: 1, maxLength: 255 }),
        type: sectionType,
        sort_order: whole(),
      }),
      { maxItems: 1_000 },
    ),
    projects: t.Array(
      t.Object({
        id,
        uuid: t.Optional(t.String({ maxLength: 64 })),
        name: t.String({ minLength: 1, maxLength: 255 }),
        status: t.Union([t.Literal('active'), t.Literal('archived')]),
        created_at: timestamp,
      }),
      { maxItems: 10_000 },
    ),
    team_members: t.Array(
      t.Object({
        id,
        uuid: t.Optional(t.String({ maxLength: 64 })),
        name: t.String({ minLength: 1, maxLength: 200 }),
        title: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
        // '' for a member added without an e-mail
        email: t.Union([t.Literal(''), t.String({ format: 'email', maxLength: 320 })]),
        talking_points: t.Array(entry, { maxItems: 10_000 }),
        tasks: t.Array(entry, { maxItems: 10_000 }),
        followups: t.Array(entry, { maxItems: 10_000 }),
      }),
      { maxItems: 10_000 },
    ),
    // Metrics: the account's metrics (matched by name on import); reports carry their values.
    metrics: t.Optional(
      t.Array(
        t.Object({
          id,
          name: t.String({ minLength: 1, maxLength: 100 }),
          unit: t.Nullable(t.String({ maxLength: 20 })),
          direction: t.Union([t.Literal('up'), t.Literal('down')]),
          target: t.Nullable(metricNumber),
          sort_order: whole(),
        }),
        { maxItems: 1_000 },
      ),
    ),
    // Decisions: the decision log, by the document's project and team member ids.
    decisions: t.Optional(t.Array(DecisionTransfer, { maxItems: 5_000 })),
    reports: t.Array(
      t.Object({
        uuid: t.Optional(t.String({ maxLength: 64 })),
        week_start_date: date('week_start_date'),
        title: t.Nullable(t.String({ maxLength: 500 })),
        summary: t.Nullable(t.String({ maxLength: 20_000 })),
        // Absent in documents exported before it existed.
        summary_model: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
        is_submitted: t.Boolean(),
        sent_date: t.Nullable(date('sent_date')),
        created_at: timestamp,
        // Reports that travel: the health set on this report, readers' questions with
        // their answers, acknowledgements. Private links are never exported (their tokens exist
        // nowhere but in the links given out).
        project_health: t.Optional(
          t.Array(
            t.Object({
              project_id: id,
              health: t.Union([
                t.Literal('on_track'),
                t.Literal('at_risk'),
                t.Literal('off_track'),
              ]),
              note: t.Nullable(t.String({ maxLength: 280 })),
            }),
            { maxItems: 1_000 },
          ),
        ),
        questions: t.Optional(
          t.Array(
            t.Object({
              name: t.String({ minLength: 1, maxLength: 100 }),
              text: t.String({ minLength: 1, maxLength: 2_000 }),
              answer: t.Nullable(t.String({ maxLength: 2_000 })),
              answered_at: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
              created_at: timestamp,
            }),
            { maxItems: 1_000 },
          ),
        ),
        acknowledgements: t.Optional(
          t.Array(
            t.Object({ name: t.String({ minLength: 1, maxLength: 100 }), created_at: timestamp }),
            { maxItems: 1_000 },
          ),
        ),
        // Metrics: this report's values, by the document's metric ids.
        metric_values: t.Optional(
          t.Array(t.Object({ metric_id: id, value: metricNumber }), { maxItems: 1_000 }),
        ),
        // The report's editions (frozen briefs); numbers unique within the report.
        editions: t.Optional(
          t.Array(
            t.Object({
              number: whole({ minimum: 1 }),
              sent_at: t.String({ maxLength: 40 }),
              note: t.Nullable(t.String({ maxLength: 280 })),
              brief: SharedBrief,
            }),
            { maxItems: 1_000 },
          ),
        ),
        sections: t.Array(
          t.Object({
            section_template_id: t.Optional(ref),
            section_name: t.String({ minLength: 1, maxLength: 255 }),
            section_type: sectionType,
            content: t.Nullable(t.String({ maxLength: 20_000 })),
            items: t.Array(
              t.Object({
                content,
                is_completed: t.Boolean(),
                item_type: t.Union([
                  t.Literal('standard'),
                  t.Literal('task'),
                  t.Literal('followup'),
                ]),
                project_id: t.Optional(ref),
                assigned_to_team_member_id: t.Optional(ref),
                // Team roll-up: 'from Tom's report' (the name only; the link to the source
                // item is between two accounts and is not part of either's export).
                source_author_name: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
                // Asks: marked as an ask of the readers, and when its author closed it.
                is_ask: t.Optional(t.Boolean()),
                ask_closed_at: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
                from_reader: t.Optional(t.Boolean()),
                include_in_brief: t.Optional(t.Boolean()),
                created_at: timestamp,
              }),
              { maxItems: 5_000 },
            ),
          }),
          { maxItems: 200 },
        ),
      }),
      { maxItems: 10_000 },
    ),
  })
  export type document = typeof document.static
}
