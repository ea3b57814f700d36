// Data the views take: the server's field names (snake_case), the shape it answers.
export type Weekday =
  | 'sunday'
  | 'monday'
  | 'tuesday'
  | 'wednesday'
  | 'thursday'
  | 'friday'
  | 'saturday'
export type SectionType = 'standard' | 'tasks' | 'followups'
export type ItemType = 'standard' | 'task' | 'followup'
export type ReportFrequency = 'weekly' | 'bi-weekly' | 'monthly' | 'quarterly'
export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'default'

export type User = {
  id: number
  provider_user_id?: string
  email: string
  name: string | null
  provider_name?: string | null
  picture?: string | null
  is_admin?: boolean
  created_at: string
  updated_at?: string
}

export type UserSettings = {
  user_id: number
  report_frequency: ReportFrequency
  weekly_start_day: Weekday
  weekly_end_day: Weekday
  onboarding_complete: boolean
  /** Week over week (docs/week-over-week.md); optional so older data still type-checks. */
  carry_over?: boolean
  reminder_enabled?: boolean
  report_recipients?: string[]
  /** Chat delivery: https webhook URLs posted to on Send. */
  webhook_urls?: string[]
  /** Team roll-up: remind linked team members who have not sent by the week end day. */
  team_reminder_enabled?: boolean
}

export type SectionTemplate = {
  id: number
  user_id?: number
  name: string
  type: SectionType
  sort_order: number
  created_at?: string
  updated_at?: string
}

export type Project = {
  id: number
  user_id?: number
  uuid: string
  name: string
  status: 'active' | 'archived'
  created_at: string
  updated_at: string
  total_references?: number
  task_count?: number
  followup_count?: number
  reports_count?: number
}

export type TeamMember = {
  id: number
  user_id?: number
  uuid: string
  name: string
  title: string | null
  email: string
  created_at?: string
  updated_at?: string
  report_tasks_count?: number
  standalone_tasks_count?: number
  report_followups_count?: number
  standalone_followups_count?: number
  talking_points_count?: number
  /** Team roll-up (issue 17): the e-mail of the Cadence account linked to this member. */
  linked_user_email?: string | null
  /** The open invitation (not used, revoked or expired), if any; its link is shown only once. */
  pending_invitation?: { id: number; expires_at: string } | null
}

export type SectionItem = {
  id: number
  section_id: number
  project_id: number | null
  content: string
  is_completed: boolean
  item_type: ItemType
  assigned_to_team_member_id: number | null
  created_at: string
  report_title?: string | null
  report_week_start_date?: string
  report_uuid?: string
  /** Ageing (docs/week-over-week.md): the item it was carried from, or null. */
  carried_from_item_id?: number | null
  /** True when a later report holds a copy of this item. */
  carried_forward?: boolean
  /** Week start of the first report in its chain. */
  origin_week_start_date?: string
  /** Whole weeks open, never below 0. */
  open_weeks?: number
  /** Open, and open_weeks >= 3. */
  is_stalled?: boolean
  /** Team roll-up: pulled from a teammate's report ('from Tom's report'). */
  source_item_id?: number | null
  source_author_name?: string | null
  /** Set when the linked team member completed it themself ('Completed by Tom · Tue'). */
  assignee_completed_at?: string | null
  /** The assignee's short note, from their 'Assigned to me'. */
  assignee_note?: string | null
}

export type ReportSection = {
  id: number
  report_id: number
  section_template_id: number | null
  section_name: string
  section_type: SectionType
  content: string | null
  items: SectionItem[]
}

export type Report = {
  id: number
  user_id?: number
  uuid: string
  week_start_date: string
  title: string | null
  summary: string | null
  is_submitted: boolean
  sent_date: string | null
  sections?: ReportSection[]
  created_at: string
  updated_at: string
  /** Answered by POST /api/reports: how many open items were carried over. */
  carried_count?: number
  /** GET /api/reports/{uuid}: each project with items this week and its health. */
  project_health?: ProjectHealth[]
}

export type Health = 'on_track' | 'at_risk' | 'off_track'

/** A project's health on one report (issue 16); `health` is null until it is set. */
export type ProjectHealth = {
  project_uuid: string
  project_name: string
  health: Health | null
  note: string | null
  previous_health: Health | null
  open_count: number
  completed_count: number
}

/** One week of a project's health history (the project page's timeline). */
export type ProjectHealthWeek = {
  week_start_date: string
  report_uuid: string
  health: Health
  note: string | null
}

/** A talking point, standalone task or standalone follow-up of a team member. */
export type MemberEntry = {
  id: number
  team_member_id: number
  user_id?: number
  project_id: number | null
  content: string
  is_completed: boolean
  created_at: string
  updated_at?: string
}

export type DashboardData = {
  currentWeekReport: Report | null
  activeTasks: SectionItem[]
  activeFollowups: SectionItem[]
  recentReports: Report[]
}

export type TeamMemberDashboard = {
  teamMember: TeamMember
  assignedTasks: SectionItem[]
  assignedFollowups: SectionItem[]
  standaloneTasks: MemberEntry[]
  standaloneFollowups: MemberEntry[]
  talkingPoints: MemberEntry[]
}

export type ProjectAnalytics = {
  total_active_projects: number
  total_recent_activity: number
  total_tasks_last_30_days: number
}

export type ProjectUpdate = {
  id: number
  week_start_date: string
  report_title: string | null
  report_id: number
  report_uuid?: string
  section_type: SectionType
  section_name: string
  item_type: ItemType
  is_completed: boolean
  content: string
  created_at: string
}

export type ImportStructure = {
  sections: Array<{
    sectionName: string
    items: Array<{ content: string; projectName: string | null }>
  }>
}

export type SearchResultType = 'report' | 'project' | 'team_member' | 'task' | 'followup'
/**
 * One result of GET /api/search, as the server answers it (server/src/search/engine.ts). A task or
 * follow-up is either an item of a report (`source: 'report'`, `id` a section item's id) or a team
 * member's own (`source: 'team_member'`, `id` that member's task or follow-up id): the two id
 * spaces overlap, so every action on such a result must follow its source.
 */
export type SearchResult = {
  type: SearchResultType
  uuid?: string
  id: number
  title?: string | null
  summary?: string | null
  name?: string
  status?: string
  email?: string
  content?: string
  report_title?: string | null
  report_uuid?: string
  week_start_date?: string
  is_completed?: boolean
  is_submitted?: boolean
  project_name?: string | null
  team_member_uuid?: string
  team_member_name?: string
  /**
   * Where it lives: the user's report, a team member's own list, a teammate's sent report read as
   * their executive (`team_member_name` says whose), or an item others assigned to the user.
   */
  source?: 'report' | 'team_member' | 'team_update' | 'assigned'
  assigned_by_name?: string
}

export type SavedSearch = { id: string; query: string; timestamp: number; resultCount: number }

export type AdminStats = {
  totalUsers: number
  activeUsers: number
  totalReports: number
  onboardingCompletionRate: number
}

export type AdminUser = {
  id: number
  name: string | null
  email: string
  is_admin: boolean
  created_at: string
}

export type OnboardingAnalytics = {
  totalSessions: number
  completionRate: number
  averageCompletionTime: number
  stepAnalytics: Array<{
    step: string
    averageTime: number
    started: number
    completed: number
    skipped: number
    abandoned: number
  }>
}

export type SystemSetting = {
  id: number
  setting_key: string
  setting_type: 'boolean' | 'number' | 'text'
  setting_value: string
  description?: string | null
}

export type ActivityEntry = {
  id: number
  user_id: number | null
  action: string
  entity_type: string | null
  entity_id: string | null
  details: string | null
  created_at: string
  user_email?: string | null
  user_name?: string | null
}

export type Toast = { id: string; type: ToastType; message: string }

// Week over week (docs/week-over-week.md).

/** One item of a 'Since last week' list. */
export type ChangeItem = {
  id: number
  content: string
  item_type: ItemType
  section_name: string
  project_id: number | null
  project_name: string | null
  is_completed: boolean
  origin_week_start_date: string
  open_weeks: number
}

/** GET /api/reports/{uuid}/changes */
export type ReportChanges = {
  previous: { uuid: string; week_start_date: string; title: string | null } | null
  counts: { completed: number; new: number; carried: number; stalled: number }
  completed: ChangeItem[]
  new: ChangeItem[]
  carried: ChangeItem[]
  stalled: ChangeItem[]
}

/** One week of GET /api/projects/{uuid}/changes (`{ weeks }`, newest first). */
export type ProjectWeekChanges = {
  week_start_date: string
  report_uuid: string
  completed: number
  new: number
  carried: number
  stalled: number
}

/** GET /api/team-members/{uuid}/prep */
export type TeamMemberPrep = {
  teamMember: TeamMember
  assignedTasks: SectionItem[]
  assignedFollowups: SectionItem[]
  standaloneTasks: MemberEntry[]
  standaloneFollowups: MemberEntry[]
  talkingPoints: MemberEntry[]
  coveredLastTime: MemberEntry[]
}

export type DeliveryState = 'pending' | 'sent' | 'failed'

/** GET /api/reports/{uuid}/deliveries (newest first) */
export type Delivery = {
  id: number
  /** `webhook`: a chat post; its `recipients` name the service (Slack, Microsoft Teams, a host). */
  kind: 'report' | 'reminder' | 'webhook'
  recipients: string[]
  status: DeliveryState
  attempts: number
  last_error: string | null
  next_attempt_at: string | null
  sent_at: string | null
  created_at: string
}

/** A private read-only link to a report (GET /api/shares); the token itself is never listed. */
export type ShareLink = {
  id: number
  report_uuid: string
  /** For the list: which report it opens. */
  report_title?: string | null
  week_start_date?: string
  created_at?: string
  /** null: never expires. */
  expires_at: string | null
  revoked_at: string | null
  views: number
  last_viewed_at: string | null
}

/** One item as a reader of a shared report sees it: names only, nothing else of the account. */
export type SharedItem = {
  id: number
  content: string
  is_completed: boolean
  project_name: string | null
  assignee_name: string | null
}

export type SharedSection = {
  id: number
  section_name: string
  section_type: SectionType
  content: string | null
  items: SharedItem[]
}

/** A reader's question and, once given, the author's answer. */
export type SharedQuestion = {
  id: number
  name: string
  text: string
  item_id: number | null
  created_at: string
  answer: string | null
}

/** A reader's question as its author sees it (GET /api/questions). */
export type ReaderQuestion = {
  id: number
  report_uuid: string
  week_start_date: string
  item_id: number | null
  item_content: string | null
  followup_item_id: number | null
  name: string
  text: string
  answer: string | null
  answered_at: string | null
  seen_at: string | null
  created_at: string
}

/** GET /api/shared/{token}. */
export type SharedReport = {
  report: {
    title: string | null
    week_start_date: string
    summary: string | null
    sections: SharedSection[]
    project_health: ProjectHealth[]
  }
  questions: SharedQuestion[]
}

// Team roll-up (issue 17).

/** POST /api/team-members/{uuid}/invitations: the link is in this answer only. */
export type Invitation = { id: number; url: string; expires_at: string; emailed?: boolean }

/** GET /api/invitations/{token}: what the invitation page shows before it is accepted. */
export type InvitationPreview = { inviter_name: string; team_member_name: string }

/** GET /api/assigned-to-me: an item of someone else's report assigned to the signed-in user. */
export type AssignedItem = {
  id: number
  content: string
  is_completed: boolean
  item_type: 'task' | 'followup'
  assigned_by_name: string
  project_name: string | null
  week_start_date: string
  note: string | null
  completed_at: string | null
}

/** An item of a teammate's sent report, as their executive reads it. */
export type TeamUpdateItem = {
  id: number
  content: string
  is_completed: boolean
  item_type: ItemType
  project_name: string | null
  /** Already pulled into the reader's current report. */
  pulled: boolean
}

export type TeamUpdateSection = {
  id: number
  section_name: string
  section_type: SectionType
  content: string | null
  items: TeamUpdateItem[]
}

export type TeamUpdateReport = {
  uuid: string
  week_start_date: string
  title: string | null
  summary: string | null
  sent_date: string | null
  sections: TeamUpdateSection[]
  project_health: ProjectHealth[]
}

/** GET /api/team-updates?week=: one per linked team member; `report` null until they send. */
export type TeamUpdate = {
  team_member_uuid: string
  name: string
  title: string | null
  report: TeamUpdateReport | null
}

/** GET /api/my-teams: the executives whose team the signed-in user is on. */
export type TeamMembership = {
  team_member_uuid: string
  executive_name: string
  member_name: string
  linked_at: string | null
}
