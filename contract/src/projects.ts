import { t } from 'elysia'
import { Health } from './project-health'
import { ItemType } from './section-items'
import { SectionType } from './section-templates'

// Projects: the list, one project, its timeline and its week-over-week changes.

export const ProjectStatus = t.Union([t.Literal('active'), t.Literal('archived')])
export type ProjectStatus = typeof ProjectStatus.static

const projectFields = {
  id: t.Number(),
  user_id: t.Number(),
  uuid: t.String(),
  name: t.String(),
  status: ProjectStatus,
  /** The team member who owns it (Settings › Projects); null or absent: none chosen. */
  owner_member_id: t.Optional(t.Nullable(t.Number())),
  created_at: t.String(),
  updated_at: t.String(),
}

/** The counts of a project in GET /api/projects and GET /api/projects/{uuid}. */
const countFields = {
  /** Report items plus a member's talking points, tasks and follow-ups tagged to it. */
  total_references: t.Number(),
  /** Report items and standalone ones. */
  task_count: t.Number(),
  followup_count: t.Number(),
  /** Reports with at least one item tagged to it. */
  reports_count: t.Number(),
}

/**
 * A project. POST and PUT /api/projects answer its columns only; the list and GET
 * /api/projects/{uuid} add the counts (ProjectWithCounts).
 */
export const Project = t.Object({
  ...projectFields,
  total_references: t.Optional(t.Number()),
  task_count: t.Optional(t.Number()),
  followup_count: t.Optional(t.Number()),
  reports_count: t.Optional(t.Number()),
})
export type Project = typeof Project.static

/** GET /api/projects (each), GET /api/projects/{uuid}. */
export const ProjectWithCounts = t.Object({ ...projectFields, ...countFields })
export type ProjectWithCounts = typeof ProjectWithCounts.static

/** DELETE /api/projects/{uuid}: how many references moved to the destination. */
export const ProjectDeleted = t.Object({
  success: t.Boolean(),
  remappedItems: t.Number(),
  message: t.String(),
})
export type ProjectDeleted = typeof ProjectDeleted.static

/** DELETE /api/projects/{uuid}, 409: it has references and no destination was given. */
export const ProjectReferenced = t.Object({ error: t.String(), references: t.Number() })
export type ProjectReferenced = typeof ProjectReferenced.static

/** POST /api/projects/combine: the kept project (renamed, active) and how many references moved. */
export const ProjectsCombined = t.Object({
  success: t.Boolean(),
  project: Project,
  remappedItems: t.Number(),
  message: t.String(),
})
export type ProjectsCombined = typeof ProjectsCombined.static

/** GET /api/projects/analytics: 30-day windows over report items tagged to a project. */
export const ProjectAnalytics = t.Object({
  total_active_projects: t.Number(),
  total_recent_activity: t.Number(),
  total_tasks_last_30_days: t.Number(),
})
export type ProjectAnalytics = typeof ProjectAnalytics.static

/** One report item of a project's timeline (GET /api/projects/{uuid}/updates), with its ageing. */
export const ProjectUpdate = t.Object({
  id: t.Number(),
  week_start_date: t.String(),
  report_title: t.Nullable(t.String()),
  report_id: t.Number(),
  report_uuid: t.String(),
  section_type: SectionType,
  section_name: t.String(),
  item_type: ItemType,
  is_completed: t.Boolean(),
  content: t.String(),
  created_at: t.String(),
  assigned_to_team_member_id: t.Nullable(t.Number()),
  carried_from_item_id: t.Nullable(t.Number()),
  carried_forward: t.Boolean(),
  origin_week_start_date: t.String(),
  open_weeks: t.Number(),
  is_stalled: t.Boolean(),
})
export type ProjectUpdate = typeof ProjectUpdate.static

/** One week of GET /api/projects/{uuid}/changes. */
export const ProjectWeekChanges = t.Object({
  week_start_date: t.String(),
  report_uuid: t.String(),
  completed: t.Number(),
  new: t.Number(),
  carried: t.Number(),
  stalled: t.Number(),
})
export type ProjectWeekChanges = typeof ProjectWeekChanges.static

/** GET /api/projects/{uuid}/changes: per report week, newest first. */
export const ProjectChanges = t.Object({ weeks: t.Array(ProjectWeekChanges) })
export type ProjectChanges = typeof ProjectChanges.static

/**
 * GET /api/projects/portfolio: each active project as the overview shows it — its health as last
 * set (why and week), the trend of its last weeks with a health (oldest first), the week of the
 * latest report with an item of it (`last_update`) and whole weeks since, `stalled` from 3 weeks
 * without one, the open and completed items in that report, and its owner: the team member set
 * as its owner, or, when none is set, the first assignee of its open tasks and follow-ups. Off track, at risk, stalled first.
 */
export const PortfolioProject = t.Object({
  uuid: t.String(),
  name: t.String(),
  health: t.Nullable(Health),
  note: t.Nullable(t.String()),
  health_week: t.Nullable(t.String()),
  trend: t.Array(t.Object({ week_start_date: t.String(), health: Health })),
  last_update: t.Nullable(t.String()),
  weeks_since_update: t.Nullable(t.Number()),
  stalled: t.Boolean(),
  open_count: t.Number(),
  completed_count: t.Number(),
  owner: t.Nullable(
    t.Object({
      uuid: t.String(),
      name: t.String(),
      open_count: t.Number(),
      /** 'set': chosen in Settings › Projects; 'first_assignee': none chosen, computed. */
      source: t.Union([t.Literal('set'), t.Literal('first_assignee')]),
    }),
  ),
})
export type PortfolioProject = typeof PortfolioProject.static
export const ProjectPortfolio = t.Array(PortfolioProject)
export type ProjectPortfolio = typeof ProjectPortfolio.static
