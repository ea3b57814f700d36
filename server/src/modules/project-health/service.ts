import type { Health, ProjectHealth } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db'
import { projectHealth, projects, reports } from '../../db/schema'
import { compareNoCase } from '../../lib/order'
import { ownedRow } from '../../lib/owned'
import { nowIso } from '../../lib/time'
import type { ProjectHealthModel } from './model'

type Counted = { id: number; uuid: string; name: string; open: number; done: number }
type Set = { project_id: number; health: Health; note: string | null }
type Earlier = Set & { week_start_date: string }

/**
 * The Project health table of a report: every project with items on it, with
 * the health set on this report or, until one is, the one carried from the latest earlier report
 * that set it (the starting value); `previous_health` is that earlier health, for the change
 * since last week. The note is this week's own: a 'why' is not carried.
 */
export async function reportProjectHealth(
  db: Engine,
  report: { id: number; user_id: number; week_start_date: string },
): Promise<ProjectHealth[]> {
  const counted = await db.rows<Counted>(sql`
    SELECT p.id, p.uuid, p.name,
      SUM(CASE WHEN i.is_completed = 1 THEN 0 ELSE 1 END) AS open,
      SUM(CASE WHEN i.is_completed = 1 THEN 1 ELSE 0 END) AS done
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    JOIN projects p ON p.id = i.project_id
    WHERE s.report_id = ${report.id} AND i.user_id = ${report.user_id}
    GROUP BY p.id, p.uuid, p.name`)
  if (!counted.length) return []
  const own = new Map(
    (
      await db.rows<Set>(sql`
        SELECT project_id, health, note FROM project_health WHERE report_id = ${report.id}`)
    ).map((r) => [r.project_id, r]),
  )
  const earlier = new Map<number, Earlier>()
  const previousRows = await db.rows<Earlier>(sql`
    SELECT h.project_id, h.health, h.note, r.week_start_date
    FROM project_health h JOIN reports r ON r.id = h.report_id
    WHERE h.user_id = ${report.user_id} AND r.week_start_date < ${report.week_start_date}
      AND h.project_id IN (${sql.join(
        counted.map((p) => sql`${p.id}`),
        sql`, `,
      )})
    ORDER BY r.week_start_date DESC`)
  for (const row of previousRows) if (!earlier.has(row.project_id)) earlier.set(row.project_id, row)
  return counted
    .map((p) => {
      const mine = own.get(p.id)
      const before = earlier.get(p.id)
      return {
        project_uuid: p.uuid,
        project_name: p.name,
        health: mine?.health ?? before?.health ?? null,
        note: mine?.note ?? null,
        previous_health: before?.health ?? null,
        open_count: Number(p.open),
        completed_count: Number(p.done),
      }
    })
    .sort(
      (a, b) =>
        compareNoCase(a.project_name, b.project_name) || (a.project_uuid < b.project_uuid ? -1 : 1),
    )
}

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
  const rows = await reportProjectHealth(ctx.db, report)
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
