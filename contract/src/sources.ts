import { t } from 'elysia'
import { SectionItem } from './section-items'

// Sources and the grounded draft (issue 47; interface.md §14). One feature name: `sources`.

export const SourceKind = t.Union([
  t.Literal('github'),
  t.Literal('gitlab'),
  t.Literal('jira'),
  t.Literal('linear'),
])
export type SourceKind = typeof SourceKind.static

/** A connection to GitHub, GitLab, Jira or Linear. The token is never answered. */
export const Source = t.Object({
  id: t.Number(),
  kind: SourceKind,
  base_url: t.String(),
  /** Repositories, project keys or teams, comma-separated; null: everything the token sees. */
  filter: t.Nullable(t.String()),
  /** The Cadence project its suggestions go to; null: General. */
  project_uuid: t.Nullable(t.String()),
  created_at: t.String(),
})
export type Source = typeof Source.static

export const SourceList = t.Array(Source)
export type SourceList = typeof SourceList.static

export const SuggestionSection = t.Union([
  t.Literal('standard'),
  t.Literal('tasks'),
  t.Literal('followups'),
])

/** Something the user's token shows them doing in the report's week. */
export const Suggestion = t.Object({
  /** Stable for a (source, outside object): accept and dismiss take it. */
  id: t.String(),
  source_id: t.Number(),
  kind: SourceKind,
  title: t.String(),
  url: t.String(),
  occurred_at: t.String(),
  project_uuid: t.Nullable(t.String()),
  /** The section type it would go to. */
  section_type: SuggestionSection,
})
export type Suggestion = typeof Suggestion.static

export const SuggestionError = t.Object({ source_id: t.Number(), error: t.String() })
export type SuggestionError = typeof SuggestionError.static

export const SuggestionList = t.Object({
  suggestions: t.Array(Suggestion),
  /** One per source that could not be read: the others still answer. */
  errors: t.Array(SuggestionError),
})
export type SuggestionList = typeof SuggestionList.static

/** POST …/suggestions/{id}/accept: the item made (the first time) with its link. */
export const AcceptedSuggestion = t.Object({
  ...SectionItem.properties,
  source_url: t.Nullable(t.String()),
})
export type AcceptedSuggestion = typeof AcceptedSuggestion.static

/** A sentence of a draft and what it rests on: the report's item ids, and metric ids if any. */
export const DraftSentence = t.Object({
  text: t.String(),
  item_ids: t.Array(t.Number()),
  metric_ids: t.Optional(t.Array(t.Number())),
})
export type DraftSentence = typeof DraftSentence.static

/** POST /api/reports/{uuid}/draft-summary: nothing is saved. */
export const DraftSummary = t.Object({
  source: t.Union([t.Literal('model'), t.Literal('extractive')]),
  /** The model that wrote it; null for the extractive draft. */
  model: t.Nullable(t.String()),
  summary: t.String(),
  sentences: t.Array(DraftSentence),
  /** The model's sentences left out, each with why. */
  dropped: t.Array(t.Object({ text: t.String(), reason: t.String() })),
  /** Set when the model was asked and failed: why the draft is extractive. */
  notice: t.Optional(t.String()),
})
export type DraftSummary = typeof DraftSummary.static
