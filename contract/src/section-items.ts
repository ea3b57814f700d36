import { t } from 'elysia'

// Report items (section items): POST/PUT /api/section-items, the items of a report, the open
// tasks and follow-ups of the dashboard and of a team member.
//
// Ids and counts are `t.Number()`, not `t.Integer()`: Elysia's t.Integer is a Transform (a union
// with an integer-formatted string) that makes every response validation encode the whole answer,
// about 4x the cost of a plain number on a 500-item list. Answers are validated on every request.

export const ItemType = t.Union([t.Literal('standard'), t.Literal('task'), t.Literal('followup')])
export type ItemType = typeof ItemType.static

/**
 * The ageing fields every report item carries (docs/week-over-week.md):
 * `carried_from_item_id` the item it was carried from, `carried_forward` a later report holds a
 * copy, `origin_week_start_date` the week of the first report of its chain, `open_weeks` whole
 * weeks open (never below 0), `is_stalled` open and open_weeks >= 3.
 */
export const AgeingFields = {
  carried_from_item_id: t.Nullable(t.Number()),
  carried_forward: t.Boolean(),
  origin_week_start_date: t.String(),
  open_weeks: t.Number(),
  is_stalled: t.Boolean(),
}

/** Every column of an item (a `section_items` row), with its ageing. */
const itemFields = {
  id: t.Number(),
  section_id: t.Number(),
  user_id: t.Number(),
  project_id: t.Nullable(t.Number()),
  content: t.String(),
  is_completed: t.Boolean(),
  item_type: ItemType,
  assigned_to_team_member_id: t.Nullable(t.Number()),
  /** Team roll-up: the teammate's item it was pulled from, and their name ('from Tom's report'). */
  source_item_id: t.Nullable(t.Number()),
  source_author_name: t.Nullable(t.String()),
  /** Set when the linked team member completed it themself ('Completed by Tom · Tue'). */
  assignee_completed_at: t.Nullable(t.String()),
  /** The assignee's short note, from their 'Assigned to me'. */
  assignee_note: t.Nullable(t.String()),
  sort_order: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
  ...AgeingFields,
}

/** A report item with its ageing: POST/PUT /api/section-items, and each item of a report. */
export const SectionItem = t.Object({
  ...itemFields,
  /** Asked of the readers ('Approve the Q1 hiring budget'); closed by the author at `ask_closed_at`. */
  // Always in the server's answers; optional in the type so an item listed with its report
  // (SectionItemWithReport, which has neither) is drawn as a report item.
  is_ask: t.Optional(t.Boolean()),
  ask_closed_at: t.Optional(t.Nullable(t.String())),
  /**
   * A follow-up made from a reader's question: private to the author, and in a brief only once
   * the author chose 'Include in brief' (`include_in_brief`).
   */
  from_reader: t.Optional(t.Boolean()),
  include_in_brief: t.Optional(t.Boolean()),
  /** Accepted from a source's suggestion (issue 47): the pull request's or issue's link. */
  source_url: t.Optional(t.Nullable(t.String())),
})
export type SectionItem = typeof SectionItem.static

/**
 * An item listed outside its report (the dashboard's open tasks and follow-ups, a team member's
 * assigned items): with the report it sits in.
 */
export const SectionItemWithReport = t.Object({
  ...itemFields,
  report_title: t.Nullable(t.String()),
  report_week_start_date: t.String(),
  report_uuid: t.String(),
})
export type SectionItemWithReport = typeof SectionItemWithReport.static

/**
 * PUT /api/section-items/{id}/position: where the item now is (its section and position; her
 * order is sort_order, then id).
 */
export const ItemPosition = t.Object({
  id: t.Number(),
  section_id: t.Number(),
  sort_order: t.Number(),
})
export type ItemPosition = typeof ItemPosition.static

/** DELETE answers of reports, items, section templates: what was done, in words. */
export const Deleted = t.Object({ success: t.Boolean(), message: t.String() })
export type Deleted = typeof Deleted.static
