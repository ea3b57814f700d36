// Long-content fixtures for the screen stories: 40 rows, long names and unicode, so designers see
// wrapping, truncation and '+N more' in every screen.
import type {
  ActivityEntry,
  AdminUser,
  AgeOptional,
  MemberEntry,
  Project,
  ProjectUpdate,
  Report,
  ReportViewReport,
  SectionItem,
  TeamMember,
  TeamMemberDashboard,
} from '@cadence/ui'
import { entryDefaults, itemDefaults, memberDefaults, updateDefaults } from './fixture-defaults'
import { fullReport, memberDashboard, members } from './fixtures'

const T = '2026-11-16T09:00:00Z'
const LONG =
  'über-long name with 日本語 and émojis-free accents that keeps going to test wrapping gracefully'

export const longProjects: Project[] = Array.from({ length: 40 }, (_, i) => ({
  id: 100 + i,
  user_id: 1,
  uuid: `p-long-${i}`,
  name:
    i === 0
      ? `Project ${LONG}`
      : `Projekt ${String(i + 1).padStart(2, '0')} Ωmega ${i % 3 ? 'Zürich' : '東京'}`,
  status: i % 5 === 4 ? 'archived' : 'active',
  created_at: '2026-06-01T09:00:00Z',
  updated_at: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T09:00:00Z`,
  total_references: i % 4 === 0 ? 0 : i * 3,
  task_count: i % 7,
  followup_count: i % 3,
  reports_count: i % 9,
}))

export const longMembers: TeamMember[] = Array.from({ length: 40 }, (_, i) => ({
  ...memberDefaults,
  id: 100 + i,
  uuid: `m-long-${i}`,
  name: i === 0 ? `Anne-Sophie Müller-Lüdenscheidt ${LONG}` : `Member ${i + 1} Łukasz Ó'Brien`,
  title: i % 2 ? 'Senior Vice President, Global Engineering & Platform Reliability' : null,
  email: `member${i + 1}@example.com`,
  talking_points_count: i % 5,
  report_tasks_count: i % 4,
  standalone_tasks_count: i % 3,
  report_followups_count: i % 2,
  standalone_followups_count: i % 6,
}))

/** A report item drawn without ageing (see fixture-defaults.ts). */
const item = (
  id: number,
  content: string,
  o: Partial<SectionItem> = {},
): AgeOptional<SectionItem> => ({
  ...itemDefaults,
  id,
  section_id: 2,
  project_id: null,
  content,
  is_completed: false,
  item_type: 'task',
  assigned_to_team_member_id: null,
  created_at: T,
  ...o,
})

/** The full report with a long title and summary and 40 tasks (so '+35 more tasks'). */
export const longReport: ReportViewReport = {
  ...fullReport,
  title: `Apollo beta, Atlas migration and Q4 hiring — ${LONG}`,
  summary: Array.from({ length: 4 }, () => `Summary paragraph ${LONG}.`).join(' '),
  sections: (fullReport.sections ?? []).map((s) =>
    s.section_type === 'tasks'
      ? {
          ...s,
          items: Array.from({ length: 40 }, (_, i) =>
            item(500 + i, `Tâche ${i + 1}: ${LONG}`, {
              project_id: i % 3 === 0 ? null : 1 + (i % 3),
              assigned_to_team_member_id: i % 2 ? 1 + (i % 3) : null,
              is_completed: i % 6 === 5,
            }),
          ),
        }
      : s,
  ),
}

export const longReports: Report[] = Array.from({ length: 40 }, (_, i) => {
  const w = new Date(Date.UTC(2026, 10, 9) - i * 7 * 86400000).toISOString().slice(0, 10)
  return {
    id: 200 + i,
    user_id: 1,
    uuid: `r-long-${i}`,
    week_start_date: w,
    title: i === 0 ? `Board prep — ${LONG}` : i % 4 === 3 ? null : `Week ${40 - i}: Ωmega update`,
    summary: null,
    is_submitted: i % 3 !== 0,
    sent_date: null,
    created_at: `${w}T09:00:00Z`,
    updated_at: `${w}T09:00:00Z`,
  }
})

export const longUpdates: ProjectUpdate[] = Array.from({ length: 40 }, (_, i) => {
  const w = new Date(Date.UTC(2026, 10, 16) - Math.floor(i / 4) * 7 * 86400000)
    .toISOString()
    .slice(0, 10)
  return {
    ...updateDefaults(w),
    id: 300 + i,
    week_start_date: w,
    report_title: null,
    report_id: 200 + Math.floor(i / 4),
    report_uuid: `r-long-${Math.floor(i / 4)}`,
    section_type: i % 2 ? 'tasks' : 'standard',
    section_name: i % 2 ? 'Tasks' : 'Highlights',
    item_type: i % 2 ? 'task' : 'standard',
    is_completed: i % 4 === 1,
    content: `Update ${i + 1}: ${LONG}`,
    created_at: `${w}T09:00:00Z`,
  }
})

const entry = (id: number, content: string, done = false): MemberEntry => ({
  ...entryDefaults,
  id,
  team_member_id: 1,
  project_id: null,
  content,
  is_completed: done,
  created_at: T,
})

export const longMemberDashboard: TeamMemberDashboard = {
  ...memberDashboard,
  teamMember: longMembers[1] as TeamMember,
  talkingPoints: Array.from({ length: 40 }, (_, i) =>
    entry(600 + i, `Talking point ${i + 1}: ${LONG}`, i % 4 === 0),
  ),
}

export const emptyMemberDashboard: TeamMemberDashboard = {
  ...memberDashboard,
  teamMember: members[2] as TeamMember,
  assignedTasks: [],
  assignedFollowups: [],
  talkingPoints: [],
  standaloneTasks: [],
  standaloneFollowups: [],
}

export const longAdminUsers: AdminUser[] = Array.from({ length: 40 }, (_, i) => ({
  id: 700 + i,
  name: i % 5 === 2 ? null : `User ${i + 1} ${i === 0 ? LONG : 'Ñandú'}`,
  email: `user${i + 1}@a-very-long-company-domain-name.example.com`,
  is_admin: i % 10 === 0,
  created_at: `2026-${String(1 + (i % 11)).padStart(2, '0')}-15T09:00:00Z`,
}))

const ACTIONS: Array<Pick<ActivityEntry, 'action' | 'entity_type' | 'entity_id' | 'details'>> = [
  { action: 'report_submitted', entity_type: 'report', entity_id: 'r-1', details: null },
  {
    action: 'settings_updated',
    entity_type: 'user_settings',
    entity_id: '1',
    details: 'carry_over, reminder_enabled',
  },
  {
    action: 'projects_combined',
    entity_type: 'project',
    entity_id: 'p-1',
    details: 'Apollo, Apollo beta → Apollo',
  },
  { action: 'sign_in', entity_type: 'user', entity_id: '1', details: null },
  {
    action: 'report_shared',
    entity_type: 'report',
    entity_id: 'r-2',
    details: 'expires in 30 days',
  },
  {
    action: 'system_setting_updated',
    entity_type: 'system_setting',
    entity_id: 'maintenance_mode',
    details: 'false → true',
  },
  { action: 'report_created', entity_type: 'report', entity_id: 'r-3', details: null },
  { action: 'question_received', entity_type: 'share', entity_id: '4', details: null },
]

export const activity: ActivityEntry[] = ACTIONS.map((a, i) => ({
  id: 800 + i,
  user_id: 1,
  user_email: i % 2 ? 'maya@example.com' : 'omar@example.com',
  user_name: i % 2 ? 'Maya Chen' : i === 2 ? null : 'Omar Haddad',
  ...a,
  created_at: `2026-11-${String(20 - i).padStart(2, '0')}T1${i}:30:00Z`,
}))
