import type { Health, ProjectHealth } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { compareNoCase } from '../../lib/order'

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
