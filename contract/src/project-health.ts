// Response schemas of this area of the API (see index.ts): project health — a report's table of
// its projects' health, set per report and project, and a project's health history.
import { t } from 'elysia'

export const Health = t.Union([t.Literal('on_track'), t.Literal('at_risk'), t.Literal('off_track')])
export type Health = typeof Health.static

/**
 * A linked team member's sent report of the same week giving a project of the same name a worse
 * health than the executive's report: "Tom: At risk — 'vendor slipped'". Only on the owner's own
 * report (GET /api/reports/{uuid} and the health PUT), never on what readers get.
 */
export const TeamSignal = t.Object({
  team_member_name: t.String(),
  health: Health,
  note: t.Nullable(t.String()),
})
export type TeamSignal = typeof TeamSignal.static

/**
 * A project's health on one report : each project with items on the report; `health`
 * is null until one is set (or carried from an earlier report), `note` is this week's own.
 * A report's `project_health`, PUT /api/reports/{uuid}/project-health/{project_uuid}, a shared report.
 */
export const ProjectHealth = t.Object({
  project_uuid: t.String(),
  project_name: t.String(),
  health: t.Nullable(Health),
  note: t.Nullable(t.String()),
  previous_health: t.Nullable(Health),
  open_count: t.Number(),
  completed_count: t.Number(),
  team_signals: t.Optional(t.Array(TeamSignal)),
})
export type ProjectHealth = typeof ProjectHealth.static

/** One week of a project's health history (the project page's timeline). */
export const ProjectHealthWeek = t.Object({
  week_start_date: t.String(),
  report_uuid: t.String(),
  health: Health,
  note: t.Nullable(t.String()),
})
export type ProjectHealthWeek = typeof ProjectHealthWeek.static

/** GET /api/projects/{uuid}/health: newest week first. */
export const ProjectHealthHistory = t.Object({ weeks: t.Array(ProjectHealthWeek) })
export type ProjectHealthHistory = typeof ProjectHealthHistory.static
