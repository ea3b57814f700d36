import { t } from 'elysia'
import { BriefDecision } from './decisions'
import { SendDelivery } from './delivery'
import { ReportMetric } from './metrics'
import { ProjectHealth } from './project-health'
import { ItemType, SectionItem } from './section-items'
import { SectionType } from './section-templates'

// Reports, their sections, week over week.

/** A report section's own columns (PUT /api/report-sections/{id}). */
const sectionFields = {
  id: t.Number(),
  report_id: t.Number(),
  user_id: t.Number(),
  section_template_id: t.Nullable(t.Number()),
  section_name: t.String(),
  section_type: SectionType,
  content: t.Nullable(t.String()),
  sort_order: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
}

/** PUT /api/report-sections/{id}: the section without its items. */
export const ReportSectionRow = t.Object(sectionFields)
export type ReportSectionRow = typeof ReportSectionRow.static

/** PUT /api/reports/{uuid}/sections/order: the report's section ids in their new order. */
export const SectionOrder = t.Object({ section_ids: t.Array(t.Number()) })
export type SectionOrder = typeof SectionOrder.static

/** A section of a report with its items, in order. */
export const ReportSection = t.Object({ ...sectionFields, items: t.Array(SectionItem) })
export type ReportSection = typeof ReportSection.static

/** A report's own columns: GET /api/reports (the list), PUT /api/reports/{uuid}, the dashboard. */
const reportFields = {
  id: t.Number(),
  user_id: t.Number(),
  uuid: t.String(),
  week_start_date: t.String(),
  title: t.Nullable(t.String()),
  summary: t.Nullable(t.String()),
  /** The model whose draft the summary was accepted from (issue 47); null: typed by hand. */
  summary_model: t.Optional(t.Nullable(t.String())),
  is_submitted: t.Boolean(),
  sent_date: t.Nullable(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
}

/**
 * A report. The list, the dashboard and PUT answer its columns only; GET /api/reports/{uuid}
 * (ReportDetail) adds `sections` and `project_health`, POST /api/reports (NewReport) adds
 * `sections` and `carried_count`.
 */
export const Report = t.Object({
  ...reportFields,
  sections: t.Optional(t.Array(ReportSection)),
  /** POST /api/reports: how many open items were carried over. */
  carried_count: t.Optional(t.Number()),
  /** GET /api/reports/{uuid}: each project with items this week and its health. */
  project_health: t.Optional(t.Array(ProjectHealth)),
  /** GET /api/reports/{uuid}: the account's metrics with this report's values and trend. */
  metrics: t.Optional(t.Array(ReportMetric)),
  /** GET /api/reports/{uuid}: the decisions dated in the report's week. */
  decisions: t.Optional(t.Array(BriefDecision)),
  /** PUT /api/reports/{uuid} with is_submitted true: what the Send queued (zeros when it was sent already). */
  delivery: t.Optional(SendDelivery),
})
export type Report = typeof Report.static

/**
 * "Changes not sent": what a sent report has now that its latest edition did not — items added,
 * completed, edited (or a changed title or summary) and removed, projects whose health changed.
 */
export const UnsentChanges = t.Object({
  since_edition: t.Number(),
  added: t.Number(),
  completed: t.Number(),
  edited: t.Number(),
  removed: t.Number(),
  health_changed: t.Number(),
})
export type UnsentChanges = typeof UnsentChanges.static

/** GET /api/reports/{uuid}: the report with its sections, items and project health. */
export const ReportDetail = t.Object({
  ...reportFields,
  sections: t.Array(ReportSection),
  project_health: t.Array(ProjectHealth),
  /** Decided this week: the decisions dated in the report's week. */
  decisions: t.Array(BriefDecision),
  /** The account's metrics with this report's values and their trend. */
  metrics: t.Array(ReportMetric),
  /** Always in the server's answer: null for a report never sent, or sent as it is now. */
  unsent_changes: t.Optional(t.Nullable(UnsentChanges)),
})
export type ReportDetail = typeof ReportDetail.static

/** POST /api/reports (201): the new report with its sections and how many items were carried. */
export const NewReport = t.Object({
  ...reportFields,
  sections: t.Array(ReportSection),
  carried_count: t.Number(),
})
export type NewReport = typeof NewReport.static

/** POST /api/reports, 409: the week already has a report, this one. */
export const ReportExists = t.Object({ error: t.String(), uuid: t.String() })
export type ReportExists = typeof ReportExists.static

/** POST /api/reports/{uuid}/carry-over: how many items were carried (0 when none). */
export const CarryOverResult = t.Object({ carried: t.Number() })
export type CarryOverResult = typeof CarryOverResult.static

// Week over week (docs/week-over-week.md).

/** One item of a 'Since last week' list. */
export const ChangeItem = t.Object({
  id: t.Number(),
  content: t.String(),
  item_type: ItemType,
  section_name: t.String(),
  project_id: t.Nullable(t.Number()),
  project_name: t.Nullable(t.String()),
  is_completed: t.Boolean(),
  origin_week_start_date: t.String(),
  open_weeks: t.Number(),
})
export type ChangeItem = typeof ChangeItem.static

/** GET /api/reports/{uuid}/changes: what changed since the previous report. */
export const ReportChanges = t.Object({
  previous: t.Nullable(
    t.Object({ uuid: t.String(), week_start_date: t.String(), title: t.Nullable(t.String()) }),
  ),
  counts: t.Object({
    completed: t.Number(),
    new: t.Number(),
    carried: t.Number(),
    stalled: t.Number(),
  }),
  completed: t.Array(ChangeItem),
  new: t.Array(ChangeItem),
  carried: t.Array(ChangeItem),
  stalled: t.Array(ChangeItem),
})
export type ReportChanges = typeof ReportChanges.static
