import type {
  AssignedItem,
  ReportViewReport,
  TeamMember,
  TeamMembership,
  TeamUpdate,
} from '@cadence/ui'
import { memberDefaults } from './fixture-defaults'
import { fullReport, members } from './fixtures'

// Team roll-up: an executive (Ada) and her team; Tom has joined Cadence.

export const invitationPreview = {
  inviter_name: 'Ada Lovelace',
  team_member_name: 'Tom Reed',
  sent_to: 't***@acme.com',
}

const member = (over: Partial<TeamMember>): TeamMember => ({
  ...memberDefaults,
  id: 1,
  uuid: 'm-tom',
  name: 'Tom Reed',
  title: 'Engineering Manager',
  email: 'tom@example.com',
  linked_user_email: null,
  pending_invitation: null,
  ...over,
})

export const notLinked = member({})
export const invited = member({
  pending_invitation: { id: 7, expires_at: '2026-12-09T09:00:00.000Z' },
})
export const linked = member({ linked_user_email: 'tom.reed@example.com' })

export const assignedItems: AssignedItem[] = [
  {
    id: 101,
    content: 'Draft the Apollo budget for the board',
    is_completed: false,
    item_type: 'task',
    assigned_by_name: 'Ada Lovelace',
    project_name: 'Apollo',
    week_start_date: '2026-11-23',
    note: null,
    completed_at: null,
  },
  {
    id: 102,
    content: 'Send the hiring plan to finance',
    is_completed: true,
    item_type: 'task',
    assigned_by_name: 'Ada Lovelace',
    project_name: null,
    week_start_date: '2026-11-16',
    note: 'Sent Tuesday; finance confirmed',
    completed_at: '2026-11-17T10:00:00.000Z',
  },
  {
    id: 103,
    content: 'Follow up with the vendor on the Zephyr contract',
    is_completed: false,
    item_type: 'followup',
    assigned_by_name: 'Bea Hale',
    project_name: 'Zephyr',
    week_start_date: '2026-11-23',
    note: null,
    completed_at: null,
  },
]

export const memberships: TeamMembership[] = [
  {
    team_member_uuid: 'm-tom',
    executive_name: 'Ada Lovelace',
    member_name: 'Tom Reed',
    linked_at: '2026-11-20T09:00:00.000Z',
  },
  {
    team_member_uuid: 'm-tommy',
    executive_name: 'Bea Hale',
    member_name: 'Tommy',
    linked_at: '2026-11-21T09:00:00.000Z',
  },
]

export const teamUpdates: TeamUpdate[] = [
  {
    team_member_uuid: 'm-ana',
    name: 'Ana Ruiz',
    title: 'Head of Sales',
    report: null,
  },
  {
    team_member_uuid: 'm-tom',
    name: 'Tom Reed',
    title: 'Engineering Manager',
    report: {
      uuid: 'r-tom',
      week_start_date: '2026-11-23',
      title: 'Apollo beta week',
      summary: 'Beta opened to 40 partners; one vendor risk left.',
      sent_date: '2026-11-27',
      project_health: [
        {
          project_uuid: 'p-apollo',
          project_name: 'Apollo',
          health: 'at_risk',
          note: 'Vendor slipped the SDK by a week.',
          previous_health: 'on_track',
          open_count: 1,
          completed_count: 1,
        },
      ],
      sections: [
        {
          id: 11,
          section_name: 'Highlights',
          section_type: 'standard',
          content: null,
          items: [
            {
              id: 201,
              content: 'Apollo beta opened to 40 design partners',
              is_completed: false,
              item_type: 'standard',
              project_name: 'Apollo',
              pulled: true,
            },
            {
              id: 202,
              content: 'Closed the hiring loop for two senior engineers',
              is_completed: false,
              item_type: 'standard',
              project_name: null,
              pulled: false,
            },
          ],
        },
        {
          id: 12,
          section_name: 'Tasks',
          section_type: 'tasks',
          content: null,
          items: [
            {
              id: 203,
              content: 'Get the SDK date from the vendor in writing',
              is_completed: false,
              item_type: 'task',
              project_name: 'Apollo',
              pulled: false,
            },
            {
              id: 204,
              content: 'Publish the beta feedback survey',
              is_completed: true,
              item_type: 'task',
              project_name: 'Apollo',
              pulled: false,
            },
          ],
        },
      ],
    },
  },
]

/** The team overview once Maya has joined Cadence (the card shows 'Linked'). */
export const linkedTeam: TeamMember[] = members.map((m) =>
  m.id === 1 ? { ...m, linked_user_email: 'maya.chen@example.com' } : m,
)

/**
 * The executive's draft after the team roll-up: Maya (linked, id 1) completed an assigned task on
 * Tuesday with a note, and a highlight was pulled from Tom's report.
 */
export const attributedReport: ReportViewReport = {
  ...fullReport,
  sections: (fullReport.sections ?? []).map((s) => ({
    ...s,
    items: s.items.map((it) =>
      it.id === 11
        ? {
            ...it,
            is_completed: true,
            assignee_completed_at: '2026-11-17T12:00:00.000Z',
            assignee_note: 'Checklist signed off by QA',
          }
        : it.id === 32
          ? { ...it, source_item_id: 201, source_author_name: 'Tom Reed' }
          : it,
    ),
  })),
}

/** Every item of Tom's report is already in the reader's report. */
export const allPulledUpdates: TeamUpdate[] = teamUpdates.map((u) =>
  u.report
    ? {
        ...u,
        report: {
          ...u.report,
          sections: u.report.sections.map((s) => ({
            ...s,
            items: s.items.map((i) => ({ ...i, pulled: true })),
          })),
        },
      }
    : u,
)
