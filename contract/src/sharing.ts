// Response schemas of this area of the API (see index.ts): private links, readers'
// questions and acknowledgements, and the readers' own view of a shared report (/api/shared/:token).
import { t } from 'elysia'
import { AskAnswer, BriefAsk } from './asks'
import { BriefDecision } from './decisions'
import { ReportMetric } from './metrics'
import { ProjectHealth } from './project-health'
import { ItemType } from './section-items'
import { SectionType } from './section-templates'
import { Weekday } from './settings'

/** POST /api/reports/{uuid}/shares: the link (and so its token) is in this answer only. */
export const CreatedShare = t.Object({
  id: t.Number(),
  url: t.String(),
  /** null: never expires. */
  expires_at: t.Nullable(t.String()),
})
export type CreatedShare = typeof CreatedShare.static

/** A private read-only link to a report, as GET /api/shares lists it; never its token. */
export const ShareLink = t.Object({
  id: t.Number(),
  report_uuid: t.String(),
  report_title: t.Nullable(t.String()),
  week_start_date: t.String(),
  created_at: t.String(),
  /** null: never expires. */
  expires_at: t.Nullable(t.String()),
  revoked_at: t.Nullable(t.String()),
  views: t.Number(),
  last_viewed_at: t.Nullable(t.String()),
  /** A recipient's personal link (made by the report's e-mail); null: an anonymous link. */
  recipient_email: t.Optional(t.Nullable(t.String())),
})
export type ShareLink = typeof ShareLink.static

/**
 * One link of a report as GET /api/reports/{uuid}/readers lists it: whose it is (null: an
 * anonymous link), the edition its reader's page loaded last and when, and its latest 'Read —
 * thanks' (`name`: who said it).
 */
export const Reader = t.Object({
  share_id: t.Number(),
  recipient_email: t.Nullable(t.String()),
  name: t.Nullable(t.String()),
  edition_number: t.Nullable(t.Number()),
  opened_at: t.Nullable(t.String()),
  acknowledged_at: t.Nullable(t.String()),
  revoked_at: t.Nullable(t.String()),
})
export type Reader = typeof Reader.static

/** GET /api/reports/{uuid}/readers: personal links by recipient, then anonymous ones. */
export const ReaderList = t.Object({ readers: t.Array(Reader) })
export type ReaderList = typeof ReaderList.static

/** GET /api/shares: newest first. */
export const ShareLinkList = t.Object({ shares: t.Array(ShareLink) })
export type ShareLinkList = typeof ShareLinkList.static

/** DELETE /api/shares/{id} */
export const ShareRevoked = t.Object({ success: t.Boolean() })
export type ShareRevoked = typeof ShareRevoked.static

/** What every answer about a reader's question carries. */
const questionFields = {
  id: t.Number(),
  item_id: t.Nullable(t.Number()),
  followup_item_id: t.Nullable(t.Number()),
  name: t.String(),
  text: t.String(),
  answer: t.Nullable(t.String()),
  answered_at: t.Nullable(t.String()),
  seen_at: t.Nullable(t.String()),
  created_at: t.String(),
}

/** A reader's question as its author sees it (GET /api/questions). */
export const ReaderQuestion = t.Object({
  ...questionFields,
  report_uuid: t.String(),
  week_start_date: t.String(),
  item_content: t.Nullable(t.String()),
})
export type ReaderQuestion = typeof ReaderQuestion.static

/** A reader's 'Read — thanks', as its author sees it. */
export const ReaderAcknowledgement = t.Object({
  report_uuid: t.String(),
  name: t.String(),
  created_at: t.String(),
})
export type ReaderAcknowledgement = typeof ReaderAcknowledgement.static

/** GET /api/questions: newest first; `unseen` and `unseen_by_report` (uuid → count) feed badges. */
export const ReaderQuestionList = t.Object({
  questions: t.Array(ReaderQuestion),
  unseen: t.Number(),
  unseen_by_report: t.Record(t.String(), t.Number()),
  acknowledgements: t.Array(ReaderAcknowledgement),
})
export type ReaderQuestionList = typeof ReaderQuestionList.static

/** PUT /api/questions/{id}: the question's stored row after the change. */
export const AnsweredQuestion = t.Object({
  ...questionFields,
  user_id: t.Number(),
  report_id: t.Number(),
  share_id: t.Nullable(t.Number()),
  updated_at: t.String(),
})
export type AnsweredQuestion = typeof AnsweredQuestion.static

// The readers' side (no session). Names only: nothing of the author's account but these fields.

/** One item as a reader of a shared report sees it. */
export const SharedItem = t.Object({
  id: t.Number(),
  content: t.String(),
  is_completed: t.Boolean(),
  project_name: t.Nullable(t.String()),
  assignee_name: t.Nullable(t.String()),
  /** Team roll-up: pulled from this teammate's report (absent in editions frozen before). */
  source_author_name: t.Optional(t.Nullable(t.String())),
})
export type SharedItem = typeof SharedItem.static

export const SharedSection = t.Object({
  id: t.Number(),
  section_name: t.String(),
  section_type: SectionType,
  content: t.Nullable(t.String()),
  items: t.Array(SharedItem),
})
export type SharedSection = typeof SharedSection.static

/**
 * A reader's question and, once given, the author's answer: GET /api/shared/{token} lists the
 * link's questions, POST /api/shared/{token}/questions answers the new one.
 */
export const SharedQuestion = t.Object({
  id: t.Number(),
  name: t.String(),
  text: t.String(),
  item_id: t.Nullable(t.Number()),
  created_at: t.String(),
  answer: t.Nullable(t.String()),
})
export type SharedQuestion = typeof SharedQuestion.static

// Editions: 'Since last week' frozen with the brief.

/** One completed or stalled item of a brief's 'Since last week' (names only). */
export const BriefChangeItem = t.Object({
  id: t.Number(),
  content: t.String(),
  item_type: ItemType,
  section_name: t.String(),
  project_name: t.Nullable(t.String()),
  is_completed: t.Boolean(),
  origin_week_start_date: t.String(),
  open_weeks: t.Number(),
})
export type BriefChangeItem = typeof BriefChangeItem.static

/**
 * 'Since last week' as the memo prints it: the week compared with, one line of counts, and only
 * the completed and stalled items (the new and carried ones are in the sections).
 */
export const BriefSinceLastWeek = t.Object({
  /** The report compared with: its week only (nothing else of the account). */
  previous: t.Nullable(t.Object({ week_start_date: t.String() })),
  counts: t.Object({
    completed: t.Number(),
    new: t.Number(),
    carried: t.Number(),
    stalled: t.Number(),
  }),
  completed: t.Array(BriefChangeItem),
  stalled: t.Array(BriefChangeItem),
})
export type BriefSinceLastWeek = typeof BriefSinceLastWeek.static

/** Who wrote a brief: the author's name and title (PUT /api/users/me `display_title`). */
export const BriefAuthor = t.Object({
  name: t.Nullable(t.String()),
  title: t.Nullable(t.String()),
})
export type BriefAuthor = typeof BriefAuthor.static

/**
 * A row of the brief's health table: a report's ProjectHealth, whose `project_uuid` the readers'
 * view (GET /api/shared/{token}) leaves out — an anonymous reader gets no id of the author's
 * account. The author's own copies (an edition, the memo) keep it.
 */
export const BriefProjectHealth = t.Composite([
  t.Omit(ProjectHealth, ['project_uuid']),
  t.Object({ project_uuid: t.Optional(t.String()) }),
])
export type BriefProjectHealth = typeof BriefProjectHealth.static

/**
 * The brief: a report as its readers get it — the shared page's `report`, a frozen edition
 * (GET /api/reports/{uuid}/editions/{number}), the memo. `sent_date` is null for a draft.
 */
export const SharedBrief = t.Object({
  title: t.Nullable(t.String()),
  week_start_date: t.String(),
  summary: t.Nullable(t.String()),
  /**
   * The model the summary was drafted with, when it was accepted from a model's draft (issue 47);
   * absent when typed by hand, and in briefs frozen before.
   */
  summary_model: t.Optional(t.String()),
  sent_date: t.Nullable(t.String()),
  author: BriefAuthor,
  organisation_name: t.Nullable(t.String()),
  sections: t.Array(SharedSection),
  project_health: t.Array(BriefProjectHealth),
  /** Decided this week: decisions dated in the report's week (absent in editions frozen before). */
  decisions: t.Optional(t.Array(BriefDecision)),
  /** 'Since last week' as it was when the brief was made (absent in editions frozen before). */
  since_last_week: t.Optional(BriefSinceLastWeek),
  /** The asks of the readers, listed after the health table (absent in briefs frozen before asks). */
  asks: t.Optional(t.Array(BriefAsk)),
  /** The report's metrics with their trend (absent in editions frozen before metrics existed). */
  metrics: t.Optional(t.Array(ReportMetric)),
  /** The author's week (its first and last day): the header's range (absent in older briefs). */
  week_days: t.Optional(t.Object({ start: Weekday, end: Weekday })),
  /** The organisation's confidentiality line at the foot of every page (absent in older briefs). */
  confidentiality_line: t.Optional(t.Nullable(t.String())),
})
export type SharedBrief = typeof SharedBrief.static

/** Which edition a brief is: its number, when it was sent, the update's note (null: none). */
export const EditionInfo = t.Object({
  number: t.Number(),
  sent_at: t.String(),
  note: t.Nullable(t.String()),
})
export type EditionInfo = typeof EditionInfo.static

/**
 * GET /api/shared/{token}: a sent report's latest edition (`edition` says which), or the live
 * draft for a link made from a draft (`edition` null).
 */
export const SharedReport = t.Object({
  report: SharedBrief,
  edition: t.Nullable(EditionInfo),
  questions: t.Array(SharedQuestion),
  /** This link's current answers to the brief's asks (one per reader and ask), oldest first. */
  ask_answers: t.Optional(t.Array(AskAnswer)),
  /**
   * A personal link (one recipient's, from the report's e-mail): its reader is known, so the
   * page asks no name for an acknowledgement, an answer or a question.
   */
  personal: t.Optional(t.Boolean()),
})
export type SharedReport = typeof SharedReport.static

/** POST /api/shared/{token}/acknowledgements */
export const SharedAcknowledgement = t.Object({
  id: t.Number(),
  name: t.String(),
  created_at: t.String(),
})
export type SharedAcknowledgement = typeof SharedAcknowledgement.static
