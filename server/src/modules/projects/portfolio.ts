/**
 * GET /api/projects/portfolio: the projects overview as a portfolio. For each active project:
 * its health as last set (with its why and week) and the trend of the last weeks that set one,
 * the week of the latest report with an item of it, the open and completed items in that report,
 * and its owner — the team member set as its owner (Settings › Projects), or when none is set the
 * first assignee of its open tasks and follow-ups (computed here, never stored). Worst first:
 * off track, at risk, then stalled (no report item for STALLED_WEEKS weeks), then the rest,
 * each group oldest update first.
 */
import type { Health } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { compareNoCase } from '../../lib/order'
import { isoDate } from '../../lib/time'
import { STALLED_WEEKS, type Weekday, weeksBetween } from '../../lib/weeks'
import { getSettings } from '../settings/service'

/** How many of the latest weeks with a health the trend shows. */
export const TREND_WEEKS = 6

type HealthRow = {
  project_id: number
  health: Health
  note: string | null
  week_start_date: string
}
type WeekRow = { project_id: number; week_start_date: string; open: number; done: number }
type OwnerRow = { project_id: number; uuid: string; name: string; n: number; first: number }

const RANK: Record<Health, number> = { off_track: 0, at_risk: 1, on_track: 3 }

export async function projectPortfolio(ctx: AppContext, userId: number) {
  const { db } = ctx
  const active = await db.rows<{
    id: number
    uuid: string
    name: string
    owner_uuid: string | null
    owner_name: string | null
  }>(sql`
    SELECT p.id, p.uuid, p.name, m.uuid AS owner_uuid, m.name AS owner_name
    FROM projects p
    LEFT JOIN team_members m ON m.id = p.owner_member_id AND m.user_id = p.user_id
    WHERE p.user_id = ${userId} AND p.status = 'active'`)
  if (!active.length) return []
  const healths = await db.rows<HealthRow>(sql`
    SELECT h.project_id, h.health, h.note, r.week_start_date
    FROM project_health h JOIN reports r ON r.id = h.report_id
    WHERE h.user_id = ${userId}
    ORDER BY r.week_start_date DESC`)
  // Each active project's latest report with an item of it, one index seek in the kept counts
  // (project_report_counts_week; docs/database.md, "Maintained counts"), and its items there:
  // bounded by that report, whatever her history (issue 45). The unary + keeps the items read by
  // the report's sections, never through the index of all her items of the project.
  const weeks = await db.rows<WeekRow>(sql`
    SELECT p.id AS project_id, c.week_start_date,
      (SELECT SUM(CASE WHEN i.is_completed = 1 THEN 0 ELSE 1 END) FROM report_sections s
        JOIN section_items i ON i.section_id = s.id
        WHERE s.report_id = c.report_id AND +i.project_id = p.id AND +i.user_id = ${userId}) AS open,
      (SELECT SUM(CASE WHEN i.is_completed = 1 THEN 1 ELSE 0 END) FROM report_sections s
        JOIN section_items i ON i.section_id = s.id
        WHERE s.report_id = c.report_id AND +i.project_id = p.id AND +i.user_id = ${userId}) AS done
    FROM projects p
    JOIN project_report_counts c ON c.id = (
      SELECT l.id FROM project_report_counts l WHERE l.project_id = p.id AND l.user_id = ${userId}
      ORDER BY l.week_start_date DESC LIMIT 1)
    WHERE p.user_id = ${userId} AND p.status = 'active'`)
  const owners = await db.rows<OwnerRow>(sql`
    SELECT i.project_id, m.uuid, m.name, COUNT(*) AS n, MIN(i.id) AS first
    FROM section_items i
    JOIN team_members m ON m.id = i.assigned_to_team_member_id AND m.user_id = i.user_id
    WHERE i.user_id = ${userId} AND i.project_id IS NOT NULL AND i.is_completed = 0
      AND i.item_type IN ('task', 'followup')
      AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
    GROUP BY i.project_id, m.uuid, m.name`)
  const settings = await getSettings(ctx, userId)
  const startDay = settings.weekly_start_day as Weekday
  const today = isoDate()

  const healthOf = Map.groupBy(healths, (h) => h.project_id)
  const latestWeek = new Map<number, WeekRow>()
  for (const w of weeks) {
    const seen = latestWeek.get(w.project_id)
    if (!seen || w.week_start_date > seen.week_start_date) latestWeek.set(w.project_id, w)
  }
  // No owner set: the first assignee, whose open item of the project was made first.
  const firstAssignee = new Map<number, OwnerRow>()
  for (const o of owners) {
    const seen = firstAssignee.get(o.project_id)
    if (!seen || Number(o.first) < Number(seen.first)) firstAssignee.set(o.project_id, o)
  }
  const openOf = new Map(owners.map((o) => [`${o.project_id}:${o.uuid}`, Number(o.n)]))
  const ownerOf = (p: (typeof active)[number]) => {
    if (p.owner_uuid && p.owner_name !== null) {
      const open_count = openOf.get(`${p.id}:${p.owner_uuid}`) ?? 0
      return { uuid: p.owner_uuid, name: p.owner_name, open_count, source: 'set' as const }
    }
    const first = firstAssignee.get(p.id)
    if (!first) return null
    const source = 'first_assignee' as const
    return { uuid: first.uuid, name: first.name, open_count: Number(first.n), source }
  }

  return active
    .map((p) => {
      const history = healthOf.get(p.id) ?? []
      const now = history[0]
      const latest = latestWeek.get(p.id)
      const since = latest ? weeksBetween(latest.week_start_date, today, startDay) : null
      return {
        uuid: p.uuid,
        name: p.name,
        health: now?.health ?? null,
        note: now?.note ?? null,
        health_week: now?.week_start_date ?? null,
        trend: history
          .slice(0, TREND_WEEKS)
          .reverse()
          .map((h) => ({ week_start_date: h.week_start_date, health: h.health })),
        last_update: latest?.week_start_date ?? null,
        weeks_since_update: since,
        stalled: since !== null && since >= STALLED_WEEKS,
        open_count: Number(latest?.open ?? 0),
        completed_count: Number(latest?.done ?? 0),
        owner: ownerOf(p),
      }
    })
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (a.last_update ?? '').localeCompare(b.last_update ?? '') ||
        compareNoCase(a.name, b.name),
    )
}

/** Off track, at risk, stalled, no health, on track. */
function rank(p: { health: Health | null; stalled: boolean }) {
  if (p.health === 'off_track' || p.health === 'at_risk') return RANK[p.health]
  if (p.stalled) return 2
  return p.health === null ? 2.5 : RANK[p.health]
}
