// A sent brief as its readers get it, drawn by the edition page and the shared page: Dana's week
// of Nov 23 with Apollo at risk, a highlight, the action items and its frozen 'Since last week'.
import type { SharedReport } from '@cadence/ui'

type Brief = SharedReport['report']
type BriefItem = Brief['sections'][number]['items'][number]

/** Who sent it, for which week, with its title and summary. */
export const briefHeader = {
  title: 'Apollo beta and Q4 hiring',
  week_start_date: '2026-11-23',
  summary: 'Beta slipped two weeks; hiring on plan for engineering, behind for sales.',
  sent_date: '2026-11-27',
  author: { name: 'Dana Whitfield', title: 'Chief Executive' },
  organisation_name: 'Northwind Labs',
} satisfies Partial<Brief>

export const apolloAtRisk: Brief['project_health'][number] = {
  project_uuid: 'p-apollo',
  project_name: 'Apollo',
  health: 'at_risk',
  note: 'Vendor slipped the beta by two weeks.',
  previous_health: 'on_track',
  open_count: 2,
  completed_count: 1,
}

/** The QA vendor signed last week; the office lease open three weeks. */
export const briefSinceLastWeek: NonNullable<Brief['since_last_week']> = {
  previous: { week_start_date: '2026-11-16' },
  counts: { completed: 1, new: 1, carried: 2, stalled: 1 },
  completed: [
    {
      id: 22,
      content: 'Sign the QA vendor',
      item_type: 'task',
      section_name: 'Action Items',
      project_name: 'Apollo',
      is_completed: true,
      origin_week_start_date: '2026-11-16',
      open_weeks: 1,
    },
  ],
  stalled: [
    {
      id: 24,
      content: 'Renew the office lease',
      item_type: 'task',
      section_name: 'Action Items',
      project_name: null,
      is_completed: false,
      origin_week_start_date: '2026-11-02',
      open_weeks: 3,
    },
  ],
}

/** Highlights with one item; Action Items with the beta's move, the QA vendor, then `more`. */
export function briefSections(...more: BriefItem[]): Brief['sections'] {
  return [
    {
      id: 1,
      section_name: 'Highlights',
      section_type: 'standard',
      content: null,
      items: [
        {
          id: 11,
          content: 'Closed the Series C data room',
          is_completed: false,
          project_name: null,
          assignee_name: null,
        },
      ],
    },
    {
      id: 2,
      section_name: 'Action Items',
      section_type: 'tasks',
      content: null,
      items: [
        {
          id: 21,
          content: 'Move the beta to Dec 7',
          is_completed: false,
          project_name: 'Apollo',
          assignee_name: 'Dana Ruiz',
        },
        {
          id: 22,
          content: 'Sign the QA vendor',
          is_completed: true,
          project_name: 'Apollo',
          assignee_name: null,
        },
        ...more,
      ],
    },
  ]
}

/** The week's metrics as a brief carries them: a missed target, an unusual move, a fall, none yet. */
const metricWeeks = (values: (number | null)[]) =>
  values.flatMap((value, i) => {
    if (value === null) return []
    const d = new Date('2026-11-23T00:00:00Z')
    d.setUTCDate(d.getUTCDate() - 7 * (values.length - 1 - i))
    return [{ week_start_date: d.toISOString().slice(0, 10), value }]
  })
export const briefMetrics: NonNullable<Brief['metrics']> = [
  {
    id: 1,
    name: 'ARR',
    unit: '€k',
    direction: 'up',
    target: 500,
    value: 430,
    previous_value: 455,
    history: metricWeeks([380, 390, 392, 401, 410, 415, 420, 431, 440, 446, 450, 455, 430]),
    flag: 'missed_target',
  },
  {
    id: 2,
    name: 'Qualified leads',
    unit: null,
    direction: 'up',
    target: null,
    value: 94,
    previous_value: 51,
    history: metricWeeks([50, 52, 50, 51, 50, 52, 50, 51, 50, 52, 50, 51, 94]),
    flag: 'unusual',
  },
  {
    id: 3,
    name: 'Monthly churn',
    unit: '%',
    direction: 'down',
    target: 3,
    value: 2.4,
    previous_value: 2.6,
    history: metricWeeks([3.1, 2.9, null, 2.8, 2.7, 2.6, 2.4]),
    flag: null,
  },
  {
    id: 4,
    name: 'Net promoter score',
    unit: null,
    direction: 'up',
    target: null,
    value: null,
    previous_value: null,
    history: [],
    flag: null,
  },
]
