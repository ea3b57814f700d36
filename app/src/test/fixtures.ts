// Test helper: API answers with every field the contract (@cadence/contract) says the server
// sends, so a test names only the fields it is about and a renamed field fails to compile here.
import type {
  MemberEntry,
  ReportDetail,
  ReportSection,
  SectionItem,
  SectionItemWithReport,
  TeamMember,
  UserSettings,
} from '@cadence/ui'

const T = '2026-11-16T09:00:00Z'

/** A report item: open, no project, no assignee, new this week. */
function sectionItem(
  item: Partial<SectionItem> & Pick<SectionItem, 'id' | 'content'>,
): SectionItem {
  return {
    section_id: 10,
    user_id: 1,
    project_id: null,
    is_completed: false,
    item_type: 'task',
    assigned_to_team_member_id: null,
    source_item_id: null,
    source_author_name: null,
    assignee_completed_at: null,
    assignee_note: null,
    is_ask: false,
    ask_closed_at: null,
    sort_order: 0,
    created_at: T,
    updated_at: T,
    carried_from_item_id: null,
    carried_forward: false,
    origin_week_start_date: '2026-11-16',
    open_weeks: 0,
    is_stalled: false,
    ...item,
  }
}

/** An item as the dashboard lists it, with its report. */
function itemWithReport(
  item: Partial<SectionItemWithReport> & Pick<SectionItem, 'id' | 'content'>,
): SectionItemWithReport {
  return {
    report_title: null,
    report_week_start_date: '2026-11-16',
    report_uuid: 'r1',
    ...sectionItem(item),
    ...item,
  }
}

function reportSection(
  section: Partial<ReportSection> & Pick<ReportSection, 'id' | 'items'>,
): ReportSection {
  return {
    report_id: 1,
    user_id: 1,
    section_template_id: null,
    section_name: 'Tasks',
    section_type: 'tasks',
    content: null,
    sort_order: 0,
    created_at: T,
    updated_at: T,
    ...section,
  }
}

/** GET /api/reports/{uuid}: a draft of the week of 2026-11-16, no sections unless given. */
function reportDetail(report: Partial<ReportDetail> & Pick<ReportDetail, 'uuid'>): ReportDetail {
  return {
    id: 1,
    user_id: 1,
    week_start_date: '2026-11-16',
    title: null,
    summary: null,
    is_submitted: false,
    sent_date: null,
    created_at: T,
    updated_at: T,
    sections: [],
    project_health: [],
    decisions: [],
    metrics: [],
    ...report,
  }
}

/** A team member as its executive lists it: no entries, not linked, no invitation. */
function teamMember(
  member: Partial<TeamMember> & Pick<TeamMember, 'id' | 'uuid' | 'name'>,
): TeamMember {
  return {
    user_id: 1,
    title: null,
    email: `${member.uuid}@example.com`,
    linked_at: null,
    created_at: T,
    updated_at: T,
    report_tasks_count: 0,
    standalone_tasks_count: 0,
    report_followups_count: 0,
    standalone_followups_count: 0,
    talking_points_count: 0,
    linked_user_email: null,
    pending_invitation: null,
    ...member,
  }
}

/** A talking point, standalone task or follow-up, open. */
function memberEntry(
  entry: Partial<MemberEntry> & Pick<MemberEntry, 'id' | 'content'>,
): MemberEntry {
  return {
    team_member_id: 1,
    user_id: 1,
    project_id: null,
    is_completed: false,
    created_at: T,
    updated_at: T,
    ...entry,
  }
}

/** GET /api/user-settings of an account as the server creates it. */
function userSettings(settings: Partial<UserSettings> = {}): UserSettings {
  return {
    user_id: 1,
    report_frequency: 'weekly',
    weekly_start_day: 'monday',
    weekly_end_day: 'friday',
    onboarding_complete: true,
    carry_over: true,
    reminder_enabled: true,
    team_reminder_enabled: false,
    report_recipients: [],
    webhook_urls: [],
    organisation_name: null,
    email_attach_pdf: false,
    confidentiality_line: null,
    paper_size: 'letter',
    created_at: T,
    updated_at: T,
    ...settings,
  }
}

export {
  itemWithReport,
  memberEntry,
  reportDetail,
  reportSection,
  sectionItem,
  teamMember,
  userSettings,
}
