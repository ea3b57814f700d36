import { t } from 'elysia'

export const SearchResultType = t.Union([
  t.Literal('report'),
  t.Literal('project'),
  t.Literal('team_member'),
  t.Literal('task'),
  t.Literal('followup'),
  t.Literal('decision'),
  t.Literal('metric'),
  t.Literal('ask'),
  t.Literal('question'),
])
export type SearchResultType = typeof SearchResultType.static

/**
 * One result of GET /api/search (server/src/search/results.ts). A task or follow-up is either an
 * item of a report (`source: 'report'`, `id` a section item's id) or a team member's own
 * (`source: 'team_member'`, `id` that member's task or follow-up id): the two id spaces overlap,
 * so every action on such a result must follow its source. Which fields are present depends on
 * the type and the source.
 */
export const SearchResult = t.Object({
  type: SearchResultType,
  id: t.Number(),
  uuid: t.Optional(t.String()),
  title: t.Optional(t.Nullable(t.String())),
  summary: t.Optional(t.Nullable(t.String())),
  name: t.Optional(t.String()),
  /** active/completed (tasks), draft/submitted (reports), active/archived (projects). */
  status: t.Optional(t.String()),
  email: t.Optional(t.String()),
  content: t.Optional(t.String()),
  report_title: t.Optional(t.Nullable(t.String())),
  report_uuid: t.Optional(t.String()),
  week_start_date: t.Optional(t.String()),
  is_completed: t.Optional(t.Boolean()),
  is_submitted: t.Optional(t.Boolean()),
  project_name: t.Optional(t.Nullable(t.String())),
  team_member_uuid: t.Optional(t.String()),
  team_member_name: t.Optional(t.String()),
  /**
   * Where it lives: the user's report, a team member's own list, a teammate's sent report read as
   * their executive (`team_member_name` says whose), or an item others assigned to the user.
   */
  source: t.Optional(
    t.Union([
      t.Literal('report'),
      t.Literal('team_member'),
      t.Literal('team_update'),
      t.Literal('assigned'),
    ]),
  ),
  assigned_by_name: t.Optional(t.String()),
  /**
   * An ask (an item asked of the readers): `content`, `status` active (open) or completed
   * (closed), its report. A reader's question: `content`, the reader's `name`, its report.
   */
  /** A decision's date (its title is `title`, its why `content`, who `team_member_name`). */
  decided_on: t.Optional(t.String()),
})
export type SearchResult = typeof SearchResult.static

/** GET /api/search: at most 50 results, and the query as given. */
export const SearchResults = t.Object({ results: t.Array(SearchResult), query: t.String() })
export type SearchResults = typeof SearchResults.static
