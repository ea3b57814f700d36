import type { Health, ProjectHealth } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { projectHealth, projects, reports } from '../../db/schema'
import { ownedRow } from '../../lib/owned'
import { nowIso } from '../../lib/time'
import type { ProjectHealthModel } from './model'
import { reportProjectHealth } from './table'
import { withTeamSignals } from './team-signals'

export { reportProjectHealth }

const ownedProject = ({ db }: AppContext, userId: number, uuid: string) =>
  ownedRow(db, projects, userId, uuid, 'Project not found')

/** PUT /api/reports/{uuid}/project-health/{project_uuid}: sets (or replaces) the health. */
export async function setProjectHealth(
  ctx: AppContext,
  userId: number,
  reportUuid: string,
  projectUuid: string,
  input: ProjectHealthModel.setHealth,
): Promise<ProjectHealth> {
  const report = await ownedRow(ctx.db, reports, userId, reportUuid, 'Report not found')
  const project = await ownedProject(ctx, userId, projectUuid)
  const note = input.note?.trim() || null
  await ctx.db.orm
    .insert(projectHealth)
    .values({
      user_id: userId,
      report_id: report.id,
      project_id: project.id,
      health: input.health,
      note,
    })
    .onConflictDoUpdate({
      target: [projectHealth.report_id, projectHealth.project_id],
      set: { health: input.health, note, updated_at: nowIso() },
    })
  const rows = await withTeamSignals(ctx.db, report, await reportProjectHealth(ctx.db, report))
  const row = rows.find((r) => r.project_uuid === project.uuid)
  // A project with no item on this report keeps its health for when it gets one.
  return (
    row ?? {
      project_uuid: project.uuid,
      project_name: project.name,
      health: input.health,
      note,
      previous_health: null,
      open_count: 0,
      completed_count: 0,
    }
  )
}

/** GET /api/projects/{uuid}/health: the health set on each report, newest week first. */
export async function projectHealthHistory(ctx: AppContext, userId: number, uuid: string) {
  const project = await ownedProject(ctx, userId, uuid)
  const weeks = await ctx.db.rows<{
    week_start_date: string
    report_uuid: string
    health: Health
    note: string | null
  }>(sql`
    SELECT r.week_start_date, r.uuid AS report_uuid, h.health, h.note
    FROM project_health h JOIN reports r ON r.id = h.report_id
    WHERE h.user_id = ${userId} AND h.project_id = ${project.id}
    ORDER BY r.week_start_date DESC`)
  return { weeks }
}
