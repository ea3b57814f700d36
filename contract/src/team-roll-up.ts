// Response schemas of this area of the API (see index.ts): team roll-up — invitations,
// the teams one is on, 'Assigned to me', team updates.
import { t } from 'elysia'
import { ProjectHealth } from './project-health'
import { ItemType, SectionItem } from './section-items'
import { SectionType } from './section-templates'

/** POST /api/team-members/{uuid}/invitations: the link is in this answer only. */
export const Invitation = t.Object({
  id: t.Number(),
  url: t.String(),
  expires_at: t.String(),
  /** Whether the mail server took the e-mail with the link (false without SMTP). */
  emailed: t.Boolean(),
  /**
   * Why it was not e-mailed (null when it was): mail is not set up on this server; the member
   * was e-mailed an invitation less than an hour ago (at most one an hour); or the mail server
   * did not take it. Over the account's send quota nothing is made: 429.
   */
  not_emailed_reason: t.Nullable(
    t.Union([
      t.Literal('mail_not_set_up'),
      t.Literal('emailed_within_hour'),
      t.Literal('mail_failed'),
    ]),
  ),
})
export type Invitation = typeof Invitation.static

/** GET /api/invitations/{token}: what the invitation page shows before it is accepted. */
export const InvitationPreview = t.Object({
  inviter_name: t.String(),
  team_member_name: t.String(),
  /** The address it was sent to, masked (`s***@acme.com`): only that address can accept it. */
  sent_to: t.String(),
})
export type InvitationPreview = typeof InvitationPreview.static

/** POST /api/invitations/{token}/accept */
export const InvitationAccepted = t.Object({
  success: t.Boolean(),
  inviter_name: t.String(),
  team_member_name: t.String(),
})
export type InvitationAccepted = typeof InvitationAccepted.static

/** DELETE /api/invitations/{id} */
export const InvitationRevoked = t.Object({ success: t.Boolean() })
export type InvitationRevoked = typeof InvitationRevoked.static

/** DELETE /api/team-members/{uuid}/link (by the executive, or by the linked person leaving). */
export const TeamLinkRemoved = t.Object({ success: t.Boolean() })
export type TeamLinkRemoved = typeof TeamLinkRemoved.static

/** One executive whose team the signed-in user is on. */
export const TeamMembership = t.Object({
  team_member_uuid: t.String(),
  executive_name: t.String(),
  member_name: t.String(),
  linked_at: t.Nullable(t.String()),
})
export type TeamMembership = typeof TeamMembership.static

/** GET /api/my-teams */
export const TeamMembershipList = t.Object({ teams: t.Array(TeamMembership) })
export type TeamMembershipList = typeof TeamMembershipList.static

/**
 * An item of someone else's report assigned to the signed-in user: GET /api/assigned-to-me lists
 * them, PUT /api/assigned-to-me/{id} answers the changed one.
 */
export const AssignedItem = t.Object({
  id: t.Number(),
  content: t.String(),
  is_completed: t.Boolean(),
  item_type: t.Union([t.Literal('task'), t.Literal('followup')]),
  assigned_by_name: t.String(),
  project_name: t.Nullable(t.String()),
  week_start_date: t.String(),
  note: t.Nullable(t.String()),
  completed_at: t.Nullable(t.String()),
})
export type AssignedItem = typeof AssignedItem.static

/** GET /api/assigned-to-me */
export const AssignedItemList = t.Object({ items: t.Array(AssignedItem) })
export type AssignedItemList = typeof AssignedItemList.static

/** An item of a teammate's sent report, as their executive reads it. */
export const TeamUpdateItem = t.Object({
  id: t.Number(),
  content: t.String(),
  is_completed: t.Boolean(),
  item_type: ItemType,
  project_name: t.Nullable(t.String()),
  /** Already pulled into the reader's own reports. */
  pulled: t.Boolean(),
})
export type TeamUpdateItem = typeof TeamUpdateItem.static

export const TeamUpdateSection = t.Object({
  id: t.Number(),
  section_name: t.String(),
  section_type: SectionType,
  content: t.Nullable(t.String()),
  items: t.Array(TeamUpdateItem),
})
export type TeamUpdateSection = typeof TeamUpdateSection.static

/** A teammate's sent report, read-only: names only, nothing else of their account. */
export const TeamUpdateReport = t.Object({
  uuid: t.String(),
  week_start_date: t.String(),
  title: t.Nullable(t.String()),
  summary: t.Nullable(t.String()),
  sent_date: t.Nullable(t.String()),
  sections: t.Array(TeamUpdateSection),
  project_health: t.Array(ProjectHealth),
})
export type TeamUpdateReport = typeof TeamUpdateReport.static

/** One linked team member of the reader; `report` null until they send that week's. */
export const TeamUpdate = t.Object({
  team_member_uuid: t.String(),
  name: t.String(),
  title: t.Nullable(t.String()),
  report: t.Nullable(TeamUpdateReport),
})
export type TeamUpdate = typeof TeamUpdate.static

/** GET /api/team-updates?week=: the week read (its start) and one update per linked member. */
export const TeamUpdates = t.Object({
  week_start_date: t.String(),
  updates: t.Array(TeamUpdate),
})
export type TeamUpdates = typeof TeamUpdates.static

/**
 * POST /api/reports/{uuid}/pull: the copy in the reader's report (201), or the one made by an
 * earlier pull of the same item (200). Its stored row: an item's columns without the ageing
 * fields but `carried_from_item_id` (always null on a copy).
 */
export const PulledItem = t.Omit(SectionItem, [
  'carried_forward',
  'origin_week_start_date',
  'open_weeks',
  'is_stalled',
])
export type PulledItem = typeof PulledItem.static
