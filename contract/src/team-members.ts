// Response schemas of this area of the API (see index.ts): team members, their talking points,
// standalone tasks and follow-ups, the member page and 'Prepare 1:1'.
import { t } from 'elysia'
import { SectionItemWithReport } from './section-items'

/** The fields of a team member every answer carries. */
const memberFields = {
  id: t.Number(),
  user_id: t.Number(),
  uuid: t.String(),
  name: t.String(),
  title: t.Nullable(t.String()),
  email: t.String(),
  linked_at: t.Nullable(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
}

/**
 * A team member's stored fields: POST /api/team-members and PUT /api/team-members/{uuid} answer
 * them (never the linked account's id, an internal user id).
 */
export const TeamMemberRecord = t.Object(memberFields)
export type TeamMemberRecord = typeof TeamMemberRecord.static

/**
 * A team member as its executive reads it (GET /api/team-members, GET /api/team-members/{uuid},
 * the member page, 'Prepare 1:1'): counts of open entries, the linked account's e-mail (never its
 * id) and the open invitation, if any (its link was shown once, when it was made).
 */
export const TeamMember = t.Object({
  ...memberFields,
  report_tasks_count: t.Number(),
  standalone_tasks_count: t.Number(),
  report_followups_count: t.Number(),
  standalone_followups_count: t.Number(),
  talking_points_count: t.Number(),
  linked_user_email: t.Nullable(t.String()),
  /** The open invitation (not used, revoked or expired), if any. */
  pending_invitation: t.Nullable(t.Object({ id: t.Number(), expires_at: t.String() })),
})
export type TeamMember = typeof TeamMember.static

/** GET /api/team-members: by name. */
export const TeamMemberList = t.Array(TeamMember)
export type TeamMemberList = typeof TeamMemberList.static

/**
 * A talking point, standalone task or standalone follow-up of a team member: listed by
 * GET /api/team-members/{uuid}/{kind}, answered by its POST and PUT.
 */
export const MemberEntry = t.Object({
  id: t.Number(),
  team_member_id: t.Number(),
  user_id: t.Number(),
  project_id: t.Nullable(t.Number()),
  content: t.String(),
  is_completed: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type MemberEntry = typeof MemberEntry.static

/** GET /api/team-members/{uuid}/{talking-points|tasks|followups}: open first, newest first. */
export const MemberEntryList = t.Array(MemberEntry)
export type MemberEntryList = typeof MemberEntryList.static

// DELETE /api/team-members/{uuid} and /api/team-members/{kind}/{id} answer `Deleted` (section-items.ts).

/**
 * Where a linked member stands in their own current week (null when the member is not linked):
 * whether its report is sent, when this executive nudged them in it (one nudge a week), and
 * whether the server sends e-mail (without it the page offers a message to copy instead).
 * POST /api/team-members/{uuid}/nudge answers it with nudged_at set.
 */
export const NudgeStatus = t.Object({
  week_start_date: t.String(),
  sent: t.Boolean(),
  nudged_at: t.Nullable(t.String()),
  mail: t.Boolean(),
})
export type NudgeStatus = typeof NudgeStatus.static

/**
 * GET /api/team-members/{uuid}/dashboard: the member page. Report items assigned to the member
 * (the newest copy of each carry-over chain, with its report and ageing), and all of the
 * member's own entries.
 */
const memberLists = {
  teamMember: TeamMember,
  assignedTasks: t.Array(SectionItemWithReport),
  assignedFollowups: t.Array(SectionItemWithReport),
  standaloneTasks: t.Array(MemberEntry),
  standaloneFollowups: t.Array(MemberEntry),
  talkingPoints: t.Array(MemberEntry),
  nudge: t.Nullable(NudgeStatus),
}
export const TeamMemberDashboard = t.Object(memberLists)
export type TeamMemberDashboard = typeof TeamMemberDashboard.static

/**
 * GET /api/team-members/{uuid}/prep: what a 1:1 needs — the open ones of the member page's lists,
 * the talking points covered on the last day any was covered, and what was completed since.
 */
export const TeamMemberPrep = t.Object({
  ...memberLists,
  coveredLastTime: t.Array(MemberEntry),
  /**
   * What the member completed since the last 1:1 (the day talking points were last covered, that
   * day included; with none on record, the last 14 days): report items and standalone entries.
   */
  completedSince: t.Object({
    since: t.String(),
    last_one_on_one: t.Boolean(),
    assigned: t.Array(SectionItemWithReport),
    standalone: t.Array(MemberEntry),
  }),
})
export type TeamMemberPrep = typeof TeamMemberPrep.static
