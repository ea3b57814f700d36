// Fixtures for the composite stories: plain data in the server's shape (ui/src/types.ts).
import type {
  AgeOptional,
  CardSection,
  Project,
  Report,
  SavedSearch,
  SearchResult,
  SectionItem,
  TeamMember,
  User,
} from '@cadence/ui'
import { itemDefaults, memberDefaults, noCounts, sectionDefaults } from './fixture-defaults'

/** A fixed "today" (Wednesday) so week groupings never drift. */
export const TODAY = new Date(2026, 10, 18)

export const user: User = {
  id: 1,
  email: 'dana.whitfield@example.com',
  name: 'Dana Whitfield',
  provider: 'google',
  provider_user_id: 'google-1',
  provider_name: 'Dana Whitfield',
  picture: null,
  display_title: null,
  is_admin: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

const stamp = '2026-11-10T09:00:00Z'

export function project(id: number, name: string, extra: Partial<Project> = {}): Project {
  return {
    ...noCounts,
    id,
    user_id: 1,
    uuid: `project-${id}`,
    name,
    status: 'active',
    created_at: stamp,
    updated_at: '2026-11-16T09:00:00Z',
    ...extra,
  }
}

export const projects: Project[] = [
  project(1, 'Platform Migration', { total_references: 12, task_count: 5, followup_count: 2 }),
  project(2, 'Q4 Hiring', { total_references: 4 }),
  project(3, 'Board Deck', { total_references: 0 }),
  project(4, 'Legacy CRM', { status: 'archived' }),
]

export const manyProjects: Project[] = Array.from({ length: 40 }, (_, i) =>
  project(
    100 + i,
    i === 0
      ? 'Überarbeitung der Kundenplattform für Nordeuropa — Phase 2 (東京 pilot)'
      : `Project ${String(i + 1).padStart(2, '0')}`,
    {
      updated_at: `2026-${String((i % 11) + 1).padStart(2, '0')}-0${(i % 9) + 1}T09:00:00Z`,
      total_references: i,
    },
  ),
)

export function member(id: number, name: string, title: string | null, email: string): TeamMember {
  return { ...memberDefaults, id, uuid: `member-${id}`, name, title, email }
}

export const members: TeamMember[] = [
  member(1, 'Priya Natarajan', 'VP Engineering', 'priya@example.com'),
  member(2, 'Marcus Ole', 'Head of Design', 'marcus@example.com'),
  member(3, 'Zoë Castellanos-Ibáñez', null, 'zoe@example.com'),
]

export const manyMembers: TeamMember[] = Array.from({ length: 40 }, (_, i) =>
  member(
    200 + i,
    i === 0
      ? 'Bartholomew Alexander Featherstonehaugh-Montgomery III'
      : `Member ${String(i + 1).padStart(2, '0')}`,
    i % 3 === 0 ? 'Principal Program Manager, Strategic Partnerships (EMEA & APAC)' : null,
    `member${i + 1}@example.com`,
  ),
)

export function report(id: number, week: string, extra: Partial<Report> = {}): Report {
  return {
    id,
    user_id: 1,
    uuid: `report-${id}`,
    week_start_date: week,
    title: `Week of ${week}`,
    summary: null,
    is_submitted: false,
    sent_date: null,
    created_at: stamp,
    updated_at: stamp,
    ...extra,
  }
}

export const reports: Report[] = [
  report(1, '2026-11-16', { title: 'Migration cut-over week' }),
  report(2, '2026-11-09', { is_submitted: true, sent_date: '2026-11-13', title: null }),
  report(3, '2026-11-02', { is_submitted: true, sent_date: '2026-11-06' }),
  report(4, '2026-09-14', { is_submitted: true, sent_date: '2026-09-18' }),
  report(5, '2026-08-03', { is_submitted: true, sent_date: '2026-08-07' }),
  report(6, '2026-02-02', { is_submitted: true, sent_date: '2026-02-06' }),
]

/** 40 weekly reports back from the current week, with one very long unicode title. */
export const manyReports: Report[] = Array.from({ length: 40 }, (_, i) => {
  const d = new Date(2026, 10, 16 - i * 7)
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  return report(300 + i, iso, {
    title:
      i === 1
        ? 'Wöchentlicher Bericht — Übergabe an das Führungsteam, inkl. 日本語 notes and a very long tail'
        : `Report ${i + 1}`,
    is_submitted: i > 0,
  })
})

/** A report item, drawn without ageing unless `extra` gives it (see fixture-defaults.ts). */
export function item(
  id: number,
  content: string,
  extra: Partial<SectionItem> = {},
): AgeOptional<SectionItem> {
  return {
    ...itemDefaults,
    id,
    section_id: 1,
    project_id: null,
    content,
    is_completed: false,
    item_type: 'task',
    assigned_to_team_member_id: null,
    created_at: stamp,
    ...extra,
  }
}

export function section(
  id: number,
  name: string,
  type: CardSection['section_type'],
  items: CardSection['items'],
  content: string | null = null,
): CardSection {
  return {
    ...sectionDefaults,
    id,
    report_id: 1,
    section_template_id: id,
    section_name: name,
    section_type: type,
    content,
    items,
  }
}

export const taskItems: CardSection['items'] = [
  item(1, 'Finalise vendor shortlist for data warehouse', {
    project_id: 1,
    assigned_to_team_member_id: 1,
  }),
  item(2, 'Send offer letter to senior designer', { project_id: 2 }),
  item(3, 'Review board deck narrative', { is_completed: true }),
  item(4, 'Book offsite venue'),
  item(5, 'Decommission staging cluster', { project_id: 1, is_completed: true }),
  item(6, 'Draft Q1 OKRs', { project_id: 3 }),
  item(7, 'Approve travel budget'),
]

export const searchResults: SearchResult[] = [
  {
    type: 'report',
    id: 1,
    uuid: 'report-1',
    title: 'Migration cut-over week',
    status: 'draft',
    week_start_date: '2026-11-16',
  },
  {
    type: 'report',
    id: 2,
    uuid: 'report-2',
    title: null,
    status: 'submitted',
    week_start_date: '2026-11-09',
  },
  { type: 'project', id: 1, uuid: 'project-1', name: 'Platform Migration', status: 'active' },
  {
    type: 'task',
    id: 1,
    content:
      'Finalise vendor shortlist for data warehouse migration and sign the master services agreement',
    is_completed: false,
    report_title: 'Migration cut-over week',
    report_uuid: 'report-1',
    source: 'report',
  },
  {
    type: 'followup',
    id: 9,
    content: 'Check in with finance on migration budget',
    is_completed: true,
    report_title: 'Week of 2026-11-09',
    report_uuid: 'report-2',
    source: 'report',
  },
  {
    type: 'task',
    id: 1,
    content: 'Prepare the Q1 hiring plan with Priya',
    is_completed: false,
    source: 'team_member',
    team_member_uuid: 'member-1',
    team_member_name: 'Priya Natarajan',
  },
  {
    type: 'team_member',
    id: 1,
    uuid: 'member-1',
    name: 'Priya Natarajan',
    email: 'priya@example.com',
  },
]

/** What others share with the user (team roll-up): a teammate's sent report, an assigned item. */
export const sharedSearchResults: SearchResult[] = [
  {
    type: 'report',
    id: 40,
    uuid: 'tom-report',
    title: 'Platform team, week 47',
    status: 'submitted',
    is_submitted: true,
    week_start_date: '2026-11-23',
    content: 'Migration dry run finished two days early',
    source: 'team_update',
    team_member_uuid: 'member-2',
    team_member_name: 'Tom Reed',
  },
  {
    type: 'task',
    id: 41,
    content: 'Write the migration runbook for the on-call rotation',
    is_completed: false,
    status: 'active',
    week_start_date: '2026-11-23',
    source: 'team_update',
    team_member_uuid: 'member-2',
    team_member_name: 'Tom Reed',
  },
  {
    type: 'task',
    id: 42,
    content: 'Sign off the migration budget',
    is_completed: false,
    status: 'active',
    project_name: 'Platform Migration',
    week_start_date: '2026-11-16',
    source: 'assigned',
    assigned_by_name: 'Maria Chen',
  },
]

export const history: SavedSearch[] = Array.from({ length: 8 }, (_, i) => ({
  id: `h${i}`,
  query: [
    'migration',
    'type:task hiring',
    'project:"Board Deck"',
    'offsite',
    'budget',
    'q1',
    'vendor',
    'okr',
  ][i],
  timestamp: 1763400000000 - i * 3600_000,
  resultCount: (i * 7) % 13,
}))
