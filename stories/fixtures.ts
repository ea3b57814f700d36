// Shared fixtures for the screen stories: realistic executive content.
import type {
  AdminStats,
  AdminUser,
  DashboardItem,
  DashboardViewData,
  MemberEntry,
  OnboardingAnalytics,
  Project,
  ProjectUpdate,
  Report,
  ReportViewReport,
  SectionTemplate,
  SystemSetting,
  TeamMember,
  TeamMemberDashboard,
  UserSettings,
} from '@cadence/ui'
import {
  entryDefaults,
  itemDefaults,
  memberDefaults,
  openedThisWeek,
  sectionDefaults,
  settingsDefaults,
  templateDefaults,
  updateDefaults,
} from './fixture-defaults'

const T = '2026-11-16T09:00:00Z'
export const projects: Project[] = [
  {
    id: 1,
    user_id: 1,
    uuid: 'p-apollo',
    name: 'Apollo',
    status: 'active',
    created_at: '2026-08-03T09:00:00Z',
    updated_at: T,
    total_references: 24,
    task_count: 9,
    followup_count: 4,
    reports_count: 12,
  },
  {
    id: 2,
    user_id: 1,
    uuid: 'p-atlas',
    name: 'Atlas',
    status: 'active',
    created_at: '2026-08-10T09:00:00Z',
    updated_at: T,
    total_references: 15,
    task_count: 6,
    followup_count: 2,
    reports_count: 9,
  },
  {
    id: 3,
    user_id: 1,
    uuid: 'p-hiring',
    name: 'Hiring',
    status: 'active',
    created_at: '2026-09-01T09:00:00Z',
    updated_at: T,
    total_references: 8,
    task_count: 3,
    followup_count: 3,
    reports_count: 6,
  },
  {
    id: 4,
    user_id: 1,
    uuid: 'p-legacy',
    name: 'Legacy CRM sunset',
    status: 'archived',
    created_at: '2026-06-01T09:00:00Z',
    updated_at: '2026-09-30T09:00:00Z',
    total_references: 5,
    task_count: 1,
    followup_count: 0,
    reports_count: 3,
  },
]
export const members: TeamMember[] = [
  {
    ...memberDefaults,
    id: 1,
    uuid: 'm-maya',
    name: 'Maya Chen',
    title: 'VP Engineering',
    email: 'maya@example.com',
    talking_points_count: 3,
    report_tasks_count: 4,
    standalone_tasks_count: 1,
    report_followups_count: 2,
    standalone_followups_count: 0,
  },
  {
    ...memberDefaults,
    id: 2,
    uuid: 'm-omar',
    name: 'Omar Haddad',
    title: 'Head of Talent',
    email: 'omar@example.com',
    talking_points_count: 1,
    report_tasks_count: 2,
    standalone_tasks_count: 0,
    report_followups_count: 1,
    standalone_followups_count: 1,
  },
  {
    ...memberDefaults,
    id: 3,
    uuid: 'm-lena',
    name: 'Lena Fischer',
    title: 'Director of Product',
    email: 'lena@example.com',
    talking_points_count: 2,
    report_tasks_count: 1,
    standalone_tasks_count: 2,
    report_followups_count: 0,
    standalone_followups_count: 1,
  },
]
/** The assignee's and project's names and uuids, as GET /api/dashboard answers them. */
const who = (o: Partial<DashboardItem>) => {
  const member = members.find((m) => m.id === o.assigned_to_team_member_id)
  const project = projects.find((p) => p.id === o.project_id)
  return {
    assignee_uuid: member?.uuid ?? null,
    assignee_name: member?.name ?? null,
    project_uuid: project?.uuid ?? null,
    project_name: project?.name ?? null,
  }
}
/** An open task of this week's report, drawn without ageing (see fixture-defaults.ts). */
const item = (id: number, content: string, o: Partial<DashboardItem> = {}): DashboardItem => ({
  ...itemDefaults,
  id,
  section_id: 2,
  project_id: null,
  content,
  is_completed: false,
  item_type: 'task',
  assigned_to_team_member_id: null,
  created_at: T,
  report_title: 'Apollo beta and Q4 hiring',
  report_week_start_date: '2026-11-16',
  report_uuid: 'r-1',
  ...o,
  ...who(o),
})
export const tasks: DashboardItem[] = [
  item(11, 'Finalize Apollo beta launch checklist', {
    project_id: 1,
    assigned_to_team_member_id: 1,
  }),
  item(12, 'Approve Atlas data-migration budget', { project_id: 2 }),
  item(13, 'Close two senior engineer offers', { project_id: 3, assigned_to_team_member_id: 2 }),
  item(14, 'Review board deck draft'),
  item(15, 'Confirm SOC 2 auditor timeline', { is_completed: true }),
  item(16, 'Schedule Q1 planning offsite'),
  item(17, 'Sign vendor renewal for observability'),
]
export const followups: DashboardItem[] = [
  item(21, 'Check with Legal on Atlas DPA', {
    item_type: 'followup',
    project_id: 2,
    section_id: 3,
  }),
  item(22, 'Ask Finance for revised hiring plan', {
    item_type: 'followup',
    project_id: 3,
    section_id: 3,
  }),
]
const weeks = Array.from({ length: 13 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 10, 16) - i * 7 * 86400000)
  return d.toISOString().slice(0, 10)
})
export const reports: Report[] = weeks.map((w, i) => ({
  id: i + 1,
  user_id: 1,
  uuid: `r-${i + 1}`,
  week_start_date: w,
  // Older reports have no title, so screens show their 'Week of Nov 9, 2026' fallback.
  title: i === 0 ? 'Apollo beta and Q4 hiring' : null,
  summary: 'Apollo beta on track; Atlas migration started; two offers out.',
  is_submitted: i > 0,
  sent_date: i > 0 ? w : null,
  created_at: `${w}T09:00:00Z`,
  updated_at: `${w}T09:00:00Z`,
}))
export const fullReport: ReportViewReport = {
  ...(reports[0] as Report),
  sections: [
    {
      ...sectionDefaults,
      id: 1,
      report_id: 1,
      section_template_id: 1,
      section_name: 'Highlights',
      section_type: 'standard',
      content: null,
      items: [
        item(31, 'Apollo beta opened to 40 design partners', {
          item_type: 'standard',
          project_id: 1,
          section_id: 1,
        }),
        item(32, 'Board approved FY27 headcount plan', { item_type: 'standard', section_id: 1 }),
      ],
    },
    {
      ...sectionDefaults,
      id: 2,
      report_id: 1,
      section_template_id: 2,
      section_name: 'Tasks',
      section_type: 'tasks',
      content: 'Focus: launch readiness.',
      items: tasks.slice(0, 5),
    },
    {
      ...sectionDefaults,
      id: 3,
      report_id: 1,
      section_template_id: 3,
      section_name: 'Follow-ups',
      section_type: 'followups',
      content: null,
      items: followups,
    },
    {
      ...sectionDefaults,
      id: 4,
      report_id: 1,
      section_template_id: 4,
      section_name: 'Risks',
      section_type: 'standard',
      content: null,
      items: [],
    },
  ],
}
export const dashboard: DashboardViewData = {
  currentWeekReport: reports[0] ?? null,
  activeTasks: tasks.filter((t) => !t.is_completed),
  activeFollowups: followups,
  recentReports: reports.slice(0, 5),
  projectHealth: [
    {
      project_uuid: 'p-hiring',
      project_name: 'Hiring',
      health: 'off_track',
      note: 'Two offers declined',
    },
    {
      project_uuid: 'p-atlas',
      project_name: 'Atlas',
      health: 'at_risk',
      note: 'DPA still with Legal',
    },
    { project_uuid: 'p-apollo', project_name: 'Apollo', health: 'on_track', note: null },
  ],
  waitingOn: [
    { team_member_uuid: 'm-omar', name: 'Omar Haddad', item_ids: [13], oldest_open_weeks: 0 },
    { team_member_uuid: 'm-maya', name: 'Maya Chen', item_ids: [11], oldest_open_weeks: 0 },
  ],
}
export const emptyDashboard: DashboardViewData = {
  currentWeekReport: null,
  activeTasks: [],
  activeFollowups: [],
  recentReports: [],
}
export const manyTasks: DashboardItem[] = Array.from({ length: 40 }, (_, i) =>
  item(
    100 + i,
    `Tâche ${i + 1}: überprüfen 日本語 follow-through on a deliberately long item name that should wrap gracefully`,
  ),
)
export const projectUpdates: ProjectUpdate[] = weeks.slice(0, 4).flatMap((w, i) => [
  {
    ...updateDefaults(w),
    id: i * 2 + 1,
    week_start_date: w,
    report_title: `Week of ${w}`,
    report_id: i + 1,
    report_uuid: `r-${i + 1}`,
    section_type: 'tasks',
    section_name: 'Tasks',
    item_type: 'task',
    is_completed: i > 0,
    content: 'Ship Apollo onboarding flow',
    created_at: `${w}T09:00:00Z`,
  },
  {
    ...updateDefaults(w),
    id: i * 2 + 2,
    week_start_date: w,
    report_title: `Week of ${w}`,
    report_id: i + 1,
    report_uuid: `r-${i + 1}`,
    section_type: 'standard',
    section_name: 'Highlights',
    item_type: 'standard',
    is_completed: false,
    content: 'Beta NPS at 52',
    created_at: `${w}T09:00:00Z`,
  },
])
const entry = (id: number, content: string, done = false): MemberEntry => ({
  ...entryDefaults,
  id,
  team_member_id: 1,
  project_id: null,
  content,
  is_completed: done,
  created_at: T,
})
export const memberDashboard: TeamMemberDashboard = {
  teamMember: members[0] as TeamMember,
  assignedTasks: tasks.slice(0, 1).map(openedThisWeek),
  assignedFollowups: [],
  talkingPoints: [
    entry(1, 'Promotion case for Priya'),
    entry(2, 'On-call load after Apollo beta', true),
  ],
  standaloneTasks: [entry(3, 'Draft platform team charter')],
  standaloneFollowups: [entry(4, 'Share Atlas postmortem', false)],
  nudge: null,
}
export const userSettings: UserSettings = {
  ...settingsDefaults,
  user_id: 1,
  report_frequency: 'weekly',
  weekly_start_day: 'monday',
  weekly_end_day: 'friday',
  onboarding_complete: true,
  organisation_name: null,
  email_attach_pdf: false,
  confidentiality_line: null,
  paper_size: 'letter',
}
export const sectionTemplates: SectionTemplate[] = [
  { ...templateDefaults, id: 1, name: 'Highlights', type: 'standard', sort_order: 0 },
  { ...templateDefaults, id: 2, name: 'Tasks', type: 'tasks', sort_order: 1 },
  { ...templateDefaults, id: 3, name: 'Follow-ups', type: 'followups', sort_order: 2 },
]
export const adminStats: AdminStats = {
  totalUsers: 1284,
  activeUsers: 912,
  totalReports: 15402,
  onboardingCompletionRate: 78,
}
export const adminUsers: AdminUser[] = [
  {
    id: 1,
    name: 'Maya Chen',
    email: 'maya@example.com',
    is_admin: true,
    created_at: '2025-09-20T09:00:00Z',
  },
  {
    id: 2,
    name: null,
    email: 'anon@example.com',
    is_admin: false,
    created_at: '2025-10-02T09:00:00Z',
  },
]
export const onboarding: OnboardingAnalytics = {
  totalSessions: 340,
  completionRate: 78,
  averageCompletionTime: 250,
  stepAnalytics: [
    { step: 'welcome', averageTime: 10, started: 340, completed: 330, skipped: 5, abandoned: 5 },
    {
      step: 'first-report',
      averageTime: 120,
      started: 330,
      completed: 265,
      skipped: 40,
      abandoned: 25,
    },
  ],
}
export const systemSettings: SystemSetting[] = [
  {
    id: 1,
    setting_key: 'maintenance_mode',
    key: 'maintenance_mode',
    setting_type: 'boolean',
    setting_value: 'false',
    description: 'Read-only mode',
    updated_at: T,
  },
  {
    id: 2,
    setting_key: 'max_reports_per_user',
    key: 'max_reports_per_user',
    setting_type: 'number',
    setting_value: '500',
    description: null,
    updated_at: T,
  },
]
