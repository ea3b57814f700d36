// The one place signed-in routes get their screen views from (ui/src/screens).
export {
  AccessDeniedView,
  AdminView,
  DashboardView,
  DecisionsView,
  DraftView,
  EditionView,
  NotFoundView,
  PrepareOneOnOneView,
  ProjectsOverviewView,
  ProjectView,
  ReportsOverviewView,
  ReportView,
  SettingsView,
  TeamMemberView,
  TeamOverviewView,
  TeamUpdatesView,
} from '@cadence/ui'
