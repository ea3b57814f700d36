// Fixtures for the week-over-week stories: the shapes of docs/week-over-week.md.
import type {
  ChangeItem,
  DashboardItem,
  DashboardViewData,
  Delivery,
  MemberEntry,
  ProjectWeekChanges,
  ReportChanges,
  ReportViewReport,
  SectionItem,
  SectionItemWithReport,
  TeamMember,
  TeamMemberPrep,
} from '@cadence/ui'
import { entryDefaults, itemDefaults } from './fixture-defaults'
import { dashboard, fullReport, members } from './fixtures'

const change = (id: number, content: string, o: Partial<ChangeItem> = {}): ChangeItem => ({
  id,
  content,
  item_type: 'task',
  section_name: 'Tasks',
  project_id: null,
  project_name: null,
  is_completed: false,
  origin_week_start_date: '2026-11-16',
  open_weeks: 0,
  ...o,
})

const completed = [
  change(15, 'Confirm SOC 2 auditor timeline', {
    is_completed: true,
    origin_week_start_date: '2026-11-09',
    open_weeks: 1,
  }),
  change(18, 'Ship Apollo onboarding flow', {
    is_completed: true,
    project_id: 1,
    project_name: 'Apollo',
    origin_week_start_date: '2026-11-02',
    open_weeks: 2,
  }),
]
const fresh = [
  change(11, 'Finalize Apollo beta launch checklist', { project_id: 1, project_name: 'Apollo' }),
  change(14, 'Review board deck draft'),
  change(22, 'Ask Finance for revised hiring plan', {
    item_type: 'followup',
    section_name: 'Follow-ups',
    project_id: 3,
    project_name: 'Hiring',
  }),
]
const stalledItem = change(21, 'Check with Legal on Atlas DPA', {
  item_type: 'followup',
  section_name: 'Follow-ups',
  project_id: 2,
  project_name: 'Atlas',
  origin_week_start_date: '2026-10-26',
  open_weeks: 3,
})
const carried = [
  change(12, 'Approve Atlas data-migration budget', {
    project_id: 2,
    project_name: 'Atlas',
    origin_week_start_date: '2026-11-09',
    open_weeks: 1,
  }),
  stalledItem,
]

export const reportChanges: ReportChanges = {
  previous: { uuid: 'r-2', week_start_date: '2026-11-09', title: 'Week of 2026-11-09' },
  counts: { completed: 2, new: 3, carried: 2, stalled: 1 },
  completed,
  new: fresh,
  carried,
  stalled: [stalledItem],
}

export const firstReportChanges: ReportChanges = {
  previous: null,
  counts: { completed: 0, new: 3, carried: 0, stalled: 0 },
  completed: [],
  new: fresh,
  carried: [],
  stalled: [],
}

export const quietChanges: ReportChanges = {
  previous: { uuid: 'r-2', week_start_date: '2026-11-09', title: null },
  counts: { completed: 0, new: 0, carried: 0, stalled: 0 },
  completed: [],
  new: [],
  carried: [],
  stalled: [],
}

const longCarried = Array.from({ length: 14 }, (_, i) =>
  change(
    300 + i,
    i === 0
      ? 'Renegotiate the enterprise licence across all regional subsidiaries — 東京 · Zürich · São Paulo, with a deliberately long tail that must wrap'
      : `Carried item ${i + 1}`,
    {
      project_id: 1,
      project_name:
        i === 0 ? 'Überarbeitung der Kundenplattform für Nordeuropa — Phase 2' : 'Apollo',
      origin_week_start_date: '2026-08-31',
      open_weeks: 11,
    },
  ),
)
export const longChanges: ReportChanges = {
  previous: { uuid: 'r-2', week_start_date: '2026-11-09', title: null },
  counts: { completed: 2, new: 3, carried: 14, stalled: 14 },
  completed,
  new: fresh,
  carried: longCarried,
  stalled: longCarried,
}

/** Newest first, the weeks of fixtures' projectUpdates. */
export const projectWeekChanges: ProjectWeekChanges[] = [
  {
    week_start_date: '2026-11-16',
    report_uuid: 'r-1',
    completed: 0,
    new: 1,
    carried: 1,
    stalled: 1,
  },
  {
    week_start_date: '2026-11-09',
    report_uuid: 'r-2',
    completed: 1,
    new: 1,
    carried: 0,
    stalled: 0,
  },
  {
    week_start_date: '2026-11-02',
    report_uuid: 'r-3',
    completed: 1,
    new: 2,
    carried: 0,
    stalled: 0,
  },
  {
    week_start_date: '2026-10-26',
    report_uuid: 'r-4',
    completed: 1,
    new: 2,
    carried: 0,
    stalled: 0,
  },
]

const T = '2026-11-16T09:00:00Z'
const assigned = (
  id: number,
  content: string,
  o: Partial<SectionItemWithReport> = {},
): SectionItemWithReport => ({
  ...itemDefaults,
  id,
  section_id: 2,
  project_id: null,
  content,
  is_completed: false,
  item_type: 'task',
  assigned_to_team_member_id: 1,
  created_at: T,
  report_title: 'Apollo beta and Q4 hiring',
  report_week_start_date: '2026-11-16',
  report_uuid: 'r-1',
  carried_from_item_id: null,
  carried_forward: false,
  origin_week_start_date: '2026-11-16',
  open_weeks: 0,
  is_stalled: false,
  ...o,
})
const entry = (id: number, content: string, o: Partial<MemberEntry> = {}): MemberEntry => ({
  ...entryDefaults,
  id,
  team_member_id: 1,
  project_id: null,
  content,
  is_completed: false,
  created_at: T,
  ...o,
})

export const prep: TeamMemberPrep = {
  teamMember: members[0] as TeamMember,
  assignedTasks: [
    assigned(11, 'Finalize Apollo beta launch checklist', { project_id: 1 }),
    assigned(41, 'Hire a staff engineer for the platform team', {
      project_id: 3,
      carried_from_item_id: 35,
      origin_week_start_date: '2026-10-26',
      open_weeks: 3,
      is_stalled: true,
    }),
  ],
  assignedFollowups: [
    assigned(42, 'Check the Atlas rollback plan with SRE', {
      item_type: 'followup',
      section_id: 3,
      project_id: 2,
      carried_from_item_id: 36,
      origin_week_start_date: '2026-11-09',
      open_weeks: 1,
    }),
  ],
  standaloneTasks: [entry(3, 'Draft platform team charter', { project_id: 1 })],
  standaloneFollowups: [entry(4, 'Share Atlas postmortem')],
  talkingPoints: [
    entry(1, 'Promotion case for Priya'),
    entry(5, 'On-call load after Apollo beta', { project_id: 1 }),
  ],
  coveredLastTime: [
    entry(6, 'Q4 budget for conferences', { is_completed: true }),
    entry(7, 'Mentoring two new managers', { is_completed: true }),
  ],
  completedSince: {
    since: '2026-11-16',
    last_one_on_one: true,
    assigned: [
      assigned(43, 'Ship the Atlas migration runbook', {
        project_id: 2,
        is_completed: true,
      }),
      assigned(44, 'Confirm the beta customer list with Sales', {
        item_type: 'followup',
        section_id: 3,
        is_completed: true,
      }),
    ],
    standalone: [entry(8, 'Book the platform offsite', { is_completed: true })],
  },
  nudge: { week_start_date: '2026-11-16', sent: false, nudged_at: null, mail: true },
}

export const emptyPrep: TeamMemberPrep = {
  teamMember: members[2] as TeamMember,
  assignedTasks: [],
  assignedFollowups: [],
  standaloneTasks: [],
  standaloneFollowups: [],
  talkingPoints: [],
  coveredLastTime: [],
  completedSince: { since: '2026-11-06', last_one_on_one: false, assigned: [], standalone: [] },
  nudge: null,
}

export const longPrep: TeamMemberPrep = {
  ...prep,
  teamMember: {
    ...(members[0] as TeamMember),
    name: 'Bartholomew Alexander Featherstonehaugh-Montgomery III',
    title: 'Principal Program Manager, Strategic Partnerships (EMEA & APAC)',
  },
  assignedTasks: Array.from({ length: 12 }, (_, i) =>
    assigned(
      500 + i,
      i === 0
        ? 'Überprüfen Sie die Lieferantenverträge für 東京 and São Paulo before the renewal window closes at the end of the quarter'
        : `Assigned task ${i + 1}`,
      { origin_week_start_date: '2026-09-07', open_weeks: 10, is_stalled: true, project_id: 1 },
    ),
  ),
  talkingPoints: Array.from({ length: 10 }, (_, i) => entry(600 + i, `Talking point ${i + 1}`)),
}

export const deliverySent: Delivery = {
  id: 1,
  kind: 'report',
  recipients: ['board@example.com', 'ceo@example.com', 'cfo@example.com'],
  status: 'sent',
  attempts: 1,
  last_error: null,
  next_attempt_at: '2026-11-20T16:01:00Z',
  sent_at: '2026-11-20T16:02:00Z',
  created_at: '2026-11-20T16:01:00Z',
}
export const deliveryPending: Delivery = {
  ...deliverySent,
  id: 2,
  status: 'pending',
  attempts: 1,
  last_error: 'Connection timed out',
  next_attempt_at: '2026-11-20T16:06:00Z',
  sent_at: null,
}
export const deliveryFailed: Delivery = {
  ...deliverySent,
  id: 3,
  status: 'failed',
  attempts: 5,
  last_error: '550 5.1.1 Mailbox unavailable',
  sent_at: null,
}

/** fullReport whose open tasks and follow-ups carry the ageing fields the server sends. */
export const agedReport: ReportViewReport = {
  ...fullReport,
  sections: (fullReport.sections ?? []).map((s) => ({
    ...s,
    items: s.items.map((it) => {
      if (it.item_type === 'standard') return it
      const age = (
        {
          12: { carried_from_item_id: 52, origin_week_start_date: '2026-11-09', open_weeks: 1 },
          21: { carried_from_item_id: 61, origin_week_start_date: '2026-10-26', open_weeks: 3 },
        } as Record<number, Partial<SectionItem>>
      )[it.id] ?? {
        carried_from_item_id: null,
        origin_week_start_date: '2026-11-16',
        open_weeks: 0,
      }
      const weeks = age.open_weeks ?? 0
      return { ...it, carried_forward: false, ...age, is_stalled: !it.is_completed && weeks >= 3 }
    }),
  })),
}

const AGES: Record<number, Partial<SectionItem>> = {
  12: { carried_from_item_id: 52, origin_week_start_date: '2026-11-09', open_weeks: 1 },
  13: { carried_from_item_id: 53, origin_week_start_date: '2026-10-26', open_weeks: 3 },
  16: { carried_from_item_id: 56, origin_week_start_date: '2026-10-12', open_weeks: 5 },
  17: { carried_from_item_id: 57, origin_week_start_date: '2026-11-02', open_weeks: 2 },
  21: { carried_from_item_id: 61, origin_week_start_date: '2026-10-26', open_weeks: 3 },
}
const aged = (it: DashboardItem): DashboardItem => {
  const age = AGES[it.id] ?? {
    carried_from_item_id: null,
    origin_week_start_date: '2026-11-16',
    open_weeks: 0,
  }
  return { ...it, carried_forward: false, ...age, is_stalled: (age.open_weeks ?? 0) >= 3 }
}

/** The dashboard with ages: tasks 0–5 weeks open, two of them stalled. */
export const agedDashboard: DashboardViewData = {
  ...dashboard,
  activeTasks: dashboard.activeTasks.map(aged),
  activeFollowups: dashboard.activeFollowups.map(aged),
}
