// Project health: the fixture report with a health per project, and a project's history.
import type { ProjectHealth, ProjectHealthWeek, ReportViewReport } from '@cadence/ui'
import { fullReport } from './fixtures'

export const reportHealth: ProjectHealth[] = [
  {
    project_uuid: 'p-apollo',
    project_name: 'Apollo',
    health: 'at_risk',
    note: 'Vendor slipped the beta by two weeks.',
    previous_health: 'on_track',
    open_count: 3,
    completed_count: 1,
  },
  {
    project_uuid: 'p-atlas',
    project_name: 'Atlas',
    health: 'on_track',
    note: null,
    previous_health: 'on_track',
    open_count: 1,
    completed_count: 2,
  },
]

export const reportWithHealth: ReportViewReport = { ...fullReport, project_health: reportHealth }

export const apolloHealthWeeks: ProjectHealthWeek[] = [
  {
    week_start_date: '2026-11-16',
    report_uuid: 'r-47',
    health: 'at_risk',
    note: 'Vendor slipped the beta by two weeks.',
  },
  { week_start_date: '2026-11-09', report_uuid: 'r-46', health: 'on_track', note: null },
  {
    week_start_date: '2026-10-26',
    report_uuid: 'r-44',
    health: 'off_track',
    note: 'No owner for QA.',
  },
]
