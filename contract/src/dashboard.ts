import { t } from 'elysia'
import { Health, TeamSignal } from './project-health'
import { Report } from './reports'
import { SectionItemWithReport } from './section-items'

/**
 * An open task or follow-up of the dashboard: the item with its report and ageing, plus who it
 * is assigned to and its project (names and uuids, null when none).
 */
export const DashboardItem = t.Object({
  ...SectionItemWithReport.properties,
  assignee_uuid: t.Nullable(t.String()),
  assignee_name: t.Nullable(t.String()),
  project_uuid: t.Nullable(t.String()),
  project_name: t.Nullable(t.String()),
})
export type DashboardItem = typeof DashboardItem.static

/** A project of the current report that has a health (set there or carried from before). */
export const DashboardHealth = t.Object({
  project_uuid: t.String(),
  project_name: t.String(),
  health: Health,
  note: t.Nullable(t.String()),
})
export type DashboardHealth = typeof DashboardHealth.static

/**
 * 'Waiting on': open items assigned to one team member, by their ids in activeTasks and
 * activeFollowups (oldest first), with the age of the oldest.
 */
export const WaitingOn = t.Object({
  team_member_uuid: t.String(),
  name: t.String(),
  item_ids: t.Array(t.Number()),
  oldest_open_weeks: t.Number(),
})
export type WaitingOn = typeof WaitingOn.static

/** A project the executive's latest report calls off track or at risk, with its why and trend. */
export const NeedsYouProject = t.Object({
  project_uuid: t.String(),
  project_name: t.String(),
  health: t.Union([t.Literal('off_track'), t.Literal('at_risk')]),
  /** The latest health note of the project (its why), from the recent weeks; null when none. */
  note: t.Nullable(t.String()),
  /** The health of its recent weeks that set one, oldest first. */
  trend: t.Array(t.Object({ week_start_date: t.String(), health: Health })),
  report_uuid: t.String(),
})
export type NeedsYouProject = typeof NeedsYouProject.static

/** Stalled open items of one person (null: the executive's own, unassigned), oldest first. */
export const NeedsYouStalled = t.Object({
  team_member_uuid: t.Nullable(t.String()),
  name: t.Nullable(t.String()),
  items: t.Array(
    t.Object({
      id: t.Number(),
      content: t.String(),
      open_weeks: t.Number(),
      report_uuid: t.String(),
    }),
  ),
})
export type NeedsYouStalled = typeof NeedsYouStalled.static

/** A reader's question neither answered nor dismissed (PUT /api/questions/{id}). */
export const NeedsYouQuestion = t.Object({
  id: t.Number(),
  report_uuid: t.String(),
  week_start_date: t.String(),
  name: t.String(),
  text: t.String(),
  item_content: t.Nullable(t.String()),
  created_at: t.String(),
})
export type NeedsYouQuestion = typeof NeedsYouQuestion.static

/** A reader's current answer to an ask, not seen yet (POST /api/dashboard/answers-seen). */
export const NeedsYouAnswer = t.Object({
  id: t.Number(),
  report_uuid: t.String(),
  week_start_date: t.String(),
  ask: t.String(),
  name: t.String(),
  answer: t.Union([t.Literal('approve'), t.Literal('decline'), t.Literal('comment')]),
  text: t.Nullable(t.String()),
  created_at: t.String(),
})
export type NeedsYouAnswer = typeof NeedsYouAnswer.static

/** A decision whose revisit date falls by the end of this week and is not done yet. */
export const NeedsYouRevisit = t.Object({
  decision_id: t.Number(),
  title: t.String(),
  revisit_on: t.String(),
  project_name: t.Nullable(t.String()),
})
export type NeedsYouRevisit = typeof NeedsYouRevisit.static

/** A project of this week's report that a linked team member's sent report calls worse. */
export const NeedsYouMismatch = t.Object({
  project_uuid: t.String(),
  project_name: t.String(),
  report_uuid: t.String(),
  health: Health,
  signals: t.Array(TeamSignal),
})
export type NeedsYouMismatch = typeof NeedsYouMismatch.static

/** This week's report while it is not sent (report_uuid null: not created yet). */
export const NeedsYouUnsent = t.Object({
  report_uuid: t.Nullable(t.String()),
  week_start_date: t.String(),
  /** The week's end day (Settings), the day the weekly reminder is sent. */
  due_date: t.String(),
})
export type NeedsYouUnsent = typeof NeedsYouUnsent.static

/**
 * 'Needs you': what the executive has to act on today, each by name; an entry leaves once acted
 * on. Read from the recent weeks only (RECENT_WEEKS in modules/dashboard/needs-you.ts).
 */
export const NeedsYou = t.Object({
  projects: t.Array(NeedsYouProject),
  /** The stalled items among her first 25 open items read oldest week first, by person. */
  stalled: t.Array(NeedsYouStalled),
  /**
   * How many stalled items she has (absent: all are in `stalled`); the rest come from
   * GET /api/dashboard/items?type=stalled&after=`stalledNext` (null: none left to read).
   */
  stalledTotal: t.Optional(t.Number()),
  stalledNext: t.Optional(t.Nullable(t.Number())),
  questions: t.Array(NeedsYouQuestion),
  answers: t.Array(NeedsYouAnswer),
  revisits: t.Array(NeedsYouRevisit),
  mismatches: t.Array(NeedsYouMismatch),
  unsent: t.Nullable(NeedsYouUnsent),
})
export type NeedsYou = typeof NeedsYou.static

/** POST /api/dashboard/answers-seen: how many of the given answers were marked seen. */
export const AnswersSeen = t.Object({ seen: t.Number() })
export type AnswersSeen = typeof AnswersSeen.static

/**
 * GET /api/dashboard: the report of the current week (or null), the open tasks and follow-ups
 * (the newest copy of each carry-over chain, with their report, ageing, assignee and project),
 * the 5 latest reports, the current report's project health (worst first) and 'Waiting on'
 * (the open items assigned to team members, grouped by person, longest waiting first).
 * The reports are their columns only. `needsYou`: what needs the executive today.
 * The two lists hold their first 25 items (`activeTasksTotal`, `activeFollowupsTotal`: all of
 * them; the rest from GET /api/dashboard/items), and 'Waiting on' names only items in the lists.
 */
export const DashboardData = t.Object({
  currentWeekReport: t.Nullable(Report),
  activeTasks: t.Array(DashboardItem),
  activeFollowups: t.Array(DashboardItem),
  /** How many open tasks and follow-ups she has; the lists above hold the first 25 of each. */
  activeTasksTotal: t.Number(),
  activeFollowupsTotal: t.Number(),
  recentReports: t.Array(Report),
  projectHealth: t.Array(DashboardHealth),
  waitingOn: t.Array(WaitingOn),
  needsYou: NeedsYou,
})
export type DashboardData = typeof DashboardData.static

/**
 * GET /api/dashboard/items?type=task|followup&after=<item id>[&limit=1..100]: the open items after
 * the given one, in the dashboard's order; `next`: the `after` of the next page, null at the end.
 * `type=stalled`: of the `limit` open tasks and follow-ups read oldest week first after the given
 * one, the stalled ones (`needsYou.stalledNext` is the first page's `after`; `next` the last read).
 */
export const DashboardItemsPage = t.Object({
  items: t.Array(DashboardItem),
  next: t.Nullable(t.Number()),
})
export type DashboardItemsPage = typeof DashboardItemsPage.static
