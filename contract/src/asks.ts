// Response schemas of this area of the API (see index.ts): asks of the readers — an item the
// author asks the readers to approve, decline or comment on, and the readers' answers.
import { t } from 'elysia'

export const AskAnswerKind = t.Union([
  t.Literal('approve'),
  t.Literal('decline'),
  t.Literal('comment'),
])
export type AskAnswerKind = typeof AskAnswerKind.static

/** An ask as the brief lists it (right after the health table): the item, frozen with the brief. */
export const BriefAsk = t.Object({
  id: t.Number(),
  content: t.String(),
  project_name: t.Nullable(t.String()),
})
export type BriefAsk = typeof BriefAsk.static

/**
 * A reader's answer to an ask: POST /api/shared/{token}/asks/{item_id}/answers (201), the
 * link's own answers on the shared page, and every answer on the author's report page.
 */
export const AskAnswer = t.Object({
  id: t.Number(),
  item_id: t.Number(),
  name: t.String(),
  answer: AskAnswerKind,
  text: t.Nullable(t.String()),
  created_at: t.String(),
  /** The edition answered (null: the draft, or an answer from before editions were told). */
  edition_number: t.Optional(t.Nullable(t.Number())),
  /** Given to an earlier wording of the ask than its readers have now. */
  earlier_wording: t.Optional(t.Boolean()),
  /** Set when the same reader answered again (the answer is then in the ask's `history`). */
  replaced_at: t.Optional(t.Nullable(t.String())),
})
export type AskAnswer = typeof AskAnswer.static

/**
 * An ask of the author's report with its answers (GET /api/reports/{uuid}/asks, PUT
 * /api/asks/{item_id}): the answers of the item and of the asks it was carried from, oldest
 * first — `answers` the current one of each reader, `history` those replaced by a later answer
 * of the same reader; `decision_id` once it is recorded as a decision; `closed_at` when the author closed it (null: open, carried into the next
 * report); `open_again` when every current answer was given to an earlier wording.
 */
export const ReportAsk = t.Object({
  item_id: t.Number(),
  content: t.String(),
  project_name: t.Nullable(t.String()),
  closed_at: t.Nullable(t.String()),
  answers: t.Array(AskAnswer),
  history: t.Array(AskAnswer),
  open_again: t.Boolean(),
  /** The decision recorded from this ask or any copy it was carried from (null: none yet). */
  decision_id: t.Optional(t.Nullable(t.Number())),
})
export type ReportAsk = typeof ReportAsk.static

/** GET /api/reports/{uuid}/asks: the report's asks in report order. */
export const ReportAskList = t.Object({ asks: t.Array(ReportAsk) })
export type ReportAskList = typeof ReportAskList.static
