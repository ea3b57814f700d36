import { t } from 'elysia'
import { OBJECT_LIMITS, pathId } from '../../lib/limits'

const title = t.String({ maxLength: 500, error: 'Title is required (at most 500 characters)' })
const date = (field: string) =>
  t.String({ maxLength: 10, error: `${field} must be a date (YYYY-MM-DD)` })
const rationale = t.Nullable(
  t.String({ maxLength: 10_000, error: 'rationale must be at most 10,000 characters' }),
  { error: 'rationale must be text (at most 10,000 characters) or null' },
)
const uuidOrNull = (field: string) =>
  t.Optional(
    t.Nullable(t.String({ maxLength: 64, error: `${field} must be a uuid or null` }), {
      error: `${field} must be a uuid or null`,
    }),
  )

// Request schemas; the answers' schemas are in @cadence/contract (contract/src/decisions.ts).
export namespace DecisionModel {
  const fields = {
    decided_by_member_uuid: uuidOrNull('decided_by_member_uuid'),
    rationale: t.Optional(rationale),
    revisit_on: t.Optional(
      t.Nullable(date('revisit_on'), { error: 'revisit_on must be a date (YYYY-MM-DD) or null' }),
    ),
    project_uuid: uuidOrNull('project_uuid'),
    source_item_id: t.Optional(
      t.Nullable(t.Integer({ error: 'source_item_id must be an item id or null' }), {
        error: 'source_item_id must be an item id or null',
      }),
    ),
  }
  export const create = t.Object({ title, decided_on: date('decided_on'), ...fields })
  export type create = typeof create.static
  export const update = t.Object({
    title: t.Optional(title),
    decided_on: t.Optional(date('decided_on')),
    ...fields,
  })
  export type update = typeof update.static
  export const params = t.Object({ id: pathId() })
  export const list = t.Object({
    query: t.Optional(t.String({ maxLength: 200, error: 'query must be at most 200 characters' })),
    project_uuid: t.Optional(t.String({ maxLength: 64, error: 'project_uuid must be a uuid' })),
    /** A team member's uuid, or `me` for the user's own decisions. */
    decided_by: t.Optional(t.String({ maxLength: 64, error: 'decided_by must be a uuid or me' })),
  })
  export type list = typeof list.static
}

/** A decision in the account's export document (GET /api/export, POST /api/import). */
export const DecisionTransfer = t.Object({
  id: t.Number({ multipleOf: 1, minimum: 1 }),
  title: t.String({ minLength: 1, maxLength: 500 }),
  decided_on: t.String({ maxLength: 10 }),
  /** The document's team member id; null: the user decided it. */
  decided_by_member_id: t.Nullable(t.Number({ multipleOf: 1, minimum: 1 })),
  rationale: t.Nullable(t.String({ maxLength: 10_000 })),
  revisit_on: t.Nullable(t.String({ maxLength: 10 })),
  project_id: t.Nullable(t.Number({ multipleOf: 1, minimum: 1 })),
  created_at: t.Optional(t.String({ maxLength: 40 })),
  /** The revisits already made into follow-ups, by the week of the report they went into. */
  revisits: t.Optional(
    t.Array(
      t.Object({
        revisit_on: t.String({ maxLength: 10 }),
        week_start_date: t.String({ maxLength: 10 }),
      }),
      { maxItems: OBJECT_LIMITS.revisitsPerDecision },
    ),
  ),
})
export type DecisionTransfer = typeof DecisionTransfer.static
