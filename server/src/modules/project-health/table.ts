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
 *
 * A project is also kept when it has no items this week but its health was set on this report, or
 * its latest earlier health is At risk or Off track and it is still active (issue 46): a project
 * in trouble does not leave the table, and the board's brief, silently; its health is carried and
 * its counts are 0 until the author sets it On track or archives it.
 */
export async function reportProjectHealth(
  db: Engine,
  report: { id: number; user_id: number; week_start_date: string },
): Promise<ProjectHealth[]> {
  // The report's items by their sections (`+i.user_id`: SQLite would otherwise read every item of
  // the user through section_items_user_open; issue 45).
  const counted = await db.rows<Counted>(sql`
    SELECT p.id, p.uuid, p.name,
      SUM(CASE WHEN i.is_completed = 1 THEN 0 ELSE 1 END) AS open,
      SUM(CASE WHEN i.is_completed = 1 THEN 1 ELSE 0 END) AS done
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    JOIN projects p ON p.id = i.project_id
    WHERE s.report_id = ${report.id} AND +i.user_id = ${report.user_id}
    GROUP BY p.id, p.uuid, p.name`)
  const ownRows = await db.rows<Set & { uuid: string; name: string }>(sql`
    SELECT h.project_id, h.health, h.note, p.uuid, p.name
    FROM project_health h JOIN projects p ON p.id = h.project_id
    WHERE h.report_id = ${report.id} AND p.user_id = ${report.user_id}`)
  const own = new Map(ownRows.map((r) => [r.project_id, r]))
  // The latest earlier health of each of the author's projects (one row per project).
  const previousRows = await db.rows<Earlier & { uuid: string; name: string; status: string }>(sql`
    SELECT h.project_id, h.health, h.note, r.week_start_date, p.uuid, p.name, p.status
    FROM project_health h
    JOIN reports r ON r.id = h.report_id
    JOIN projects p ON p.id = h.project_id
    WHERE h.user_id = ${report.user_id} AND r.week_start_date < ${report.week_start_date}
      AND r.week_start_date = (
        SELECT MAX(r2.week_start_date)
        FROM project_health h2 JOIN reports r2 ON r2.id = h2.report_id
        WHERE h2.project_id = h.project_id AND h2.user_id = h.user_id
          AND r2.week_start_date < ${report.week_start_date})`)
  const earlier = new Map<number, Earlier>()
  for (const row of previousRows) if (!earlier.has(row.project_id)) earlier.set(row.project_id, row)
  const rows = new Map<number, Counted>(counted.map((p) => [p.id, p]))
  for (const r of ownRows)
    if (!rows.has(r.project_id))
      rows.set(r.project_id, { id: r.project_id, uuid: r.uuid, name: r.name, open: 0, done: 0 })
  for (const r of previousRows)
    if (!rows.has(r.project_id) && r.health !== 'on_track' && r.status === 'active')
      rows.set(r.project_id, { id: r.project_id, uuid: r.uuid, name: r.name, open: 0, done: 0 })
  return [...rows.values()]
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
