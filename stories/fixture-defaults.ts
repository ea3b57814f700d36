// The fields of the API's answers (@cadence/contract, through @cadence/ui's types) that no story
// draws, with values that draw nothing: fixtures spread these and name only what is on screen, and
// a field renamed in the contract fails to compile here. Changing a value here must not change a
// story's pixels: none of these is shown (null and false read as absent in every view).
import type {
  AgeKey,
  MemberEntry,
  Project,
  ProjectUpdate,
  ReportSection,
  SectionItem,
  SectionTemplate,
  TeamMember,
  UserSettings,
} from '@cadence/ui'

export const STAMP = '2026-11-16T09:00:00Z'

/** Who owns a row and when it was written: never shown by the views these rows feed. */
export const stored = { user_id: 1, created_at: STAMP, updated_at: STAMP }

/**
 * A report item's fields no story draws: not pulled from a teammate, no assignee completion or
 * note, not carried, not stalled. How long it has been open (AgeKey) is left to each fixture:
 * the views draw it ('new this week'), so the plain fixtures go without (AgeOptional).
 */
export const itemDefaults = {
  user_id: 1,
  source_item_id: null,
  source_author_name: null,
  assignee_completed_at: null,
  assignee_note: null,
  is_ask: false,
  ask_closed_at: null,
  sort_order: 0,
  updated_at: STAMP,
  carried_from_item_id: null,
  carried_forward: false,
  is_stalled: false,
} satisfies Partial<Omit<SectionItem, AgeKey>>

/** A report section's own columns no story draws. */
export const sectionDefaults = {
  user_id: 1,
  sort_order: 0,
  created_at: STAMP,
  updated_at: STAMP,
} satisfies Partial<ReportSection>

/** A project's counts are drawn: these zeros stand only where a story shows none. */
export const noCounts = {
  total_references: 0,
  task_count: 0,
  followup_count: 0,
  reports_count: 0,
} satisfies Partial<Project>

/** A team member's: no entries, not linked to an account, no open invitation. */
export const memberDefaults = {
  ...stored,
  linked_at: null,
  report_tasks_count: 0,
  standalone_tasks_count: 0,
  report_followups_count: 0,
  standalone_followups_count: 0,
  talking_points_count: 0,
  linked_user_email: null,
  pending_invitation: null,
} satisfies Partial<TeamMember>

/** A talking point, standalone task or follow-up's stored fields. */
export const entryDefaults = { user_id: 1, updated_at: STAMP } satisfies Partial<MemberEntry>

/** A section template's stored fields. */
export const templateDefaults = stored satisfies Partial<SectionTemplate>

/**
 * The settings the Settings screen draws when the server leaves them at their defaults: carry-over
 * and the reminder on, no team reminder, no recipients or webhooks.
 */
export const settingsDefaults = {
  carry_over: true,
  reminder_enabled: true,
  team_reminder_enabled: false,
  report_recipients: [],
  webhook_urls: [],
  created_at: STAMP,
  updated_at: STAMP,
} satisfies Partial<UserSettings>

/** A project timeline entry's fields the timeline does not draw: no assignee, opened that week. */
export function updateDefaults(
  week: string,
): Pick<
  ProjectUpdate,
  | 'assigned_to_team_member_id'
  | 'carried_from_item_id'
  | 'carried_forward'
  | 'origin_week_start_date'
  | 'open_weeks'
  | 'is_stalled'
> {
  return {
    assigned_to_team_member_id: null,
    carried_from_item_id: null,
    carried_forward: false,
    origin_week_start_date: week,
    open_weeks: 0,
    is_stalled: false,
  }
}

/** A plain item with its age, for a view that does not draw it (the member page): new this week. */
export function openedThisWeek<T extends object>(item: T): T & Pick<SectionItem, AgeKey> {
  return { ...item, origin_week_start_date: '2026-11-16', open_weeks: 0 }
}
