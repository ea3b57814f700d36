// 'Needs you' of the CEO's week (needs-you.stories.tsx, screen-dashboard.stories.tsx).
import type { NeedsYou } from '@cadence/ui'

/** The CEO's week: every kind of entry once or twice. */
export const needsYouWeek: NeedsYou = {
  unsent: { report_uuid: 'r-this', week_start_date: '2026-11-23', due_date: '2026-11-27' },
  projects: [
    {
      project_uuid: 'p-emea',
      project_name: 'EMEA expansion',
      health: 'off_track',
      note: 'Berlin lease fell through; new site search adds 6 weeks',
      trend: [
        { week_start_date: '2026-11-02', health: 'on_track' },
        { week_start_date: '2026-11-09', health: 'at_risk' },
        { week_start_date: '2026-11-16', health: 'at_risk' },
        { week_start_date: '2026-11-23', health: 'off_track' },
      ],
      report_uuid: 'r-this',
    },
    {
      project_uuid: 'p-atlas',
      project_name: 'Atlas',
      health: 'at_risk',
      note: null,
      trend: [{ week_start_date: '2026-11-23', health: 'at_risk' }],
      report_uuid: 'r-this',
    },
  ],
  mismatches: [
    {
      project_uuid: 'p-series-b',
      project_name: 'Series B',
      report_uuid: 'r-this',
      health: 'on_track',
      signals: [{ team_member_name: 'Hannah Kim', health: 'off_track', note: 'Lead walked' }],
    },
  ],
  questions: [
    {
      id: 11,
      report_uuid: 'r-this',
      week_start_date: '2026-11-23',
      name: 'Lena Park',
      text: 'What does the Berlin delay do to Q1 hiring?',
      item_content: 'Berlin office lease',
      created_at: '2026-11-25T09:12:00.000Z',
    },
  ],
  answers: [
    {
      id: 21,
      report_uuid: 'r-this',
      week_start_date: '2026-11-23',
      ask: 'Approve the $1.2M Q1 hiring budget',
      name: 'Rob Chen',
      answer: 'approve',
      text: 'Yes, keep the sales hires first',
      created_at: '2026-11-26T14:00:00.000Z',
    },
  ],
  revisits: [
    {
      decision_id: 31,
      title: 'Keep the Atlas launch in January',
      revisit_on: '2026-11-26',
      project_name: 'Atlas',
    },
  ],
  stalled: [
    {
      team_member_uuid: 'm-maya',
      name: 'Maya Chen',
      items: [
        { id: 41, content: 'Vendor security review', open_weeks: 5, report_uuid: 'r-this' },
        { id: 42, content: 'Renew the AWS commit', open_weeks: 3, report_uuid: 'r-this' },
      ],
    },
    {
      team_member_uuid: null,
      name: null,
      items: [{ id: 43, content: 'Call the auditor', open_weeks: 4, report_uuid: 'r-this' }],
    },
  ],
}
