// The projects overview as a portfolio (GET /api/projects/portfolio), as the server orders it.
import type { PortfolioProject } from '@cadence/ui'

const base = {
  trend: [],
  note: null,
  health_week: null,
  stalled: false,
  owner: null,
} satisfies Partial<PortfolioProject>

export const portfolio: PortfolioProject[] = [
  {
    ...base,
    uuid: 'p-atlas',
    name: 'Atlas',
    health: 'off_track',
    note: 'Data migration blocked on the vendor contract; launch moves to Q1',
    health_week: '2026-11-16',
    trend: [
      { week_start_date: '2026-10-19', health: 'on_track' },
      { week_start_date: '2026-10-26', health: 'on_track' },
      { week_start_date: '2026-11-02', health: 'at_risk' },
      { week_start_date: '2026-11-09', health: 'at_risk' },
      { week_start_date: '2026-11-16', health: 'off_track' },
    ],
    last_update: '2026-11-16',
    weeks_since_update: 0,
    open_count: 4,
    completed_count: 1,
    owner: { uuid: 'm-elena', name: 'Elena Rossi', open_count: 3, source: 'set' },
  },
  {
    ...base,
    uuid: 'p-apollo',
    name: 'Apollo',
    health: 'at_risk',
    note: 'Beta NPS dipped to 41',
    health_week: '2026-11-16',
    trend: [
      { week_start_date: '2026-11-02', health: 'on_track' },
      { week_start_date: '2026-11-09', health: 'on_track' },
      { week_start_date: '2026-11-16', health: 'at_risk' },
    ],
    last_update: '2026-11-16',
    weeks_since_update: 0,
    open_count: 3,
    completed_count: 2,
    owner: { uuid: 'm-maya', name: 'Maya Chen', open_count: 2, source: 'first_assignee' },
  },
  {
    ...base,
    uuid: 'p-hiring',
    name: 'Hiring',
    health: null,
    last_update: '2026-10-26',
    weeks_since_update: 3,
    stalled: true,
    open_count: 2,
    completed_count: 0,
    owner: { uuid: 'm-priya', name: 'Priya Nair', open_count: 2, source: 'first_assignee' },
  },
  {
    ...base,
    uuid: 'p-borealis',
    name: 'Borealis',
    health: 'on_track',
    note: 'Pilot customers live',
    health_week: '2026-11-16',
    trend: [
      { week_start_date: '2026-11-09', health: 'on_track' },
      { week_start_date: '2026-11-16', health: 'on_track' },
    ],
    last_update: '2026-11-16',
    weeks_since_update: 0,
    open_count: 1,
    completed_count: 5,
  },
]

/** 30 projects with long names and whys, for truncation and wrapping. */
export const longPortfolio: PortfolioProject[] = Array.from({ length: 30 }, (_, i) => ({
  ...base,
  uuid: `p-long-${i}`,
  name: `Project ${i + 1}: a very long programme name that goes on (über-long, 東京 office)`,
  health: (['off_track', 'at_risk', 'on_track'] as const)[i % 3],
  note:
    i % 2
      ? 'A why that is long enough to wrap onto a second line at most widths of the page'
      : null,
  health_week: '2026-11-16',
  trend: [
    {
      week_start_date: '2026-11-16',
      health: (['off_track', 'at_risk', 'on_track'] as const)[i % 3],
    },
  ],
  last_update: '2026-11-16',
  weeks_since_update: 0,
  open_count: i,
  completed_count: 30 - i,
  owner: {
    uuid: `m-${i}`,
    name: 'Bartholomew Alexander Featherstonehaugh-Montgomery',
    open_count: 1,
    source: 'set' as const,
  },
}))
