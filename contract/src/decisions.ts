// Response schemas of the decision log (server/src/modules/decisions/).
import { t } from 'elysia'

/**
 * A decision as GET/POST /api/decisions and PUT /api/decisions/{id} answer it. `decided_by_*`
 * null: the user decided it. `revisit_due`: the revisit date has come (today or earlier, UTC).
 * `source_item_id`: the report item it was recorded from, while that item exists.
 */
export const Decision = t.Object({
  id: t.Number(),
  title: t.String(),
  decided_on: t.String(),
  decided_by_member_uuid: t.Nullable(t.String()),
  decided_by_name: t.Nullable(t.String()),
  rationale: t.Nullable(t.String()),
  revisit_on: t.Nullable(t.String()),
  revisit_due: t.Boolean(),
  project_uuid: t.Nullable(t.String()),
  project_name: t.Nullable(t.String()),
  source_item_id: t.Nullable(t.Number()),
  created_at: t.String(),
  updated_at: t.String(),
})
export type Decision = typeof Decision.static

/** A decision as a brief's "Decided this week" shows it to readers: names only. */
export const BriefDecision = t.Object({
  id: t.Number(),
  title: t.String(),
  decided_on: t.String(),
  decided_by_name: t.Nullable(t.String()),
  rationale: t.Nullable(t.String()),
  revisit_on: t.Nullable(t.String()),
  project_name: t.Nullable(t.String()),
})
export type BriefDecision = typeof BriefDecision.static
