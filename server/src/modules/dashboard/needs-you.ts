/**
 * 'Needs you' (docs/features.md, "Dashboard"): what the executive has to act on today, each by
 * name — projects off track or at risk with their why and trend, stalled items by person,
 * readers' questions and answers to asks waiting for her, decisions due for revisit this week,
 * a team member's sent report calling a project worse than hers, and this week's report while
 * unsent. Every query is bounded by the recent weeks (RECENT_WEEKS) or by one report, never by
 * the user's whole history; each list is capped at NEEDS_YOU_LISTED, the stalled items at a page
 * (modules/dashboard/index.ts: `stalledTotal`, GET /api/dashboard/items?type=stalled).
 */
import type { Health, NeedsYou, ProjectHealth } from '@cadence/contract'
import { groupStalled, weekEnd } from '@cadence/core'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { reports } from '../../db/schema'
import { isoDate, nowIso } from '../../lib/time'
import { addDays, type Weekday, weekStart } from '../../lib/weeks'
import { withTeamSignals } from '../project-health/team-signals'
import type { AgeingFields } from '../section-items/ageing'
import { getSettings } from '../settings/service'

/** How far back 'Needs you' looks: questions, answers, revisits and health notes of these weeks. */
export const RECENT_WEEKS = 8
/** At most this many entries of each kind. */
export const NEEDS_YOU_LISTED = 20

type Report = typeof reports.$inferSelect
type StalledInput = AgeingFields & {
  id: number
  content: string
  report_uuid: string
  assignee_uuid: string | null
  assignee_name: string | null
}

/**
 * Stalled open items grouped by person (core's groupStalled: the executive's own last), oldest
 * first in each. Not capped here: the dashboard passes a page of items (DASHBOARD_FIRST_PAGE), so
 * no group is dropped while its items are counted in `stalledTotal`.
 */
export function stalledByPerson(items: StalledInput[]): NeedsYou['stalled'] {
  return groupStalled(
    [],
    items.filter((item) => item.is_stalled),
  )
}

export async function needsYou(
  ctx: AppContext,
  userId: number,
  input: {
    current: Report | null
    /** The current report's health table (reportProjectHealth), [] without a report. */
    healthRows: ProjectHealth[]
    stalledItems: StalledInput[]
  },
  today = isoDate(),
): Promise<NeedsYou> {
  const { db } = ctx
  const { current, healthRows } = input
  const settings = await getSettings(ctx, userId)
  const startDay = settings.weekly_start_day as Weekday
  const endDay = settings.weekly_end_day as Weekday
  const sinceDay = addDays(today, -7 * RECENT_WEEKS)
  const sinceIso = `${sinceDay}T00:00:00.000Z`
  const thisWeek = current?.week_start_date ?? weekStart(today, startDay)
  const thisWeekEnd = weekEnd(thisWeek, startDay, endDay)

  // Projects off track or at risk on the current report, with the recent weeks' health.
  const worrying = healthRows.filter(
    (r): r is ProjectHealth & { health: 'off_track' | 'at_risk' } =>
      r.health === 'off_track' || r.health === 'at_risk',
  )
  const history = worrying.length
    ? await db.rows<{ uuid: string; health: Health; note: string | null; week_start_date: string }>(
        sql`
    SELECT p.uuid, h.health, h.note, r.week_start_date
    FROM project_health h
    JOIN reports r ON r.id = h.report_id
    JOIN projects p ON p.id = h.project_id
    WHERE h.user_id = ${userId} AND r.week_start_date >= ${sinceDay}
    ORDER BY r.week_start_date DESC`,
      )
    : []
  const historyOf = Map.groupBy(history, (h) => h.uuid)
  const projects = current
    ? worrying
        .map((r) => {
          const weeks = historyOf.get(r.project_uuid) ?? []
          return {
            project_uuid: r.project_uuid,
            project_name: r.project_name,
            health: r.health,
            note: r.note ?? weeks.find((w) => w.note)?.note ?? null,
            trend: weeks
              .slice(0, 6)
              .reverse()
              .map((w) => ({ week_start_date: w.week_start_date, health: w.health })),
            report_uuid: current.uuid,
          }
        })
        .sort((a, b) => (a.health === b.health ? 0 : a.health === 'off_track' ? -1 : 1))
        .slice(0, NEEDS_YOU_LISTED)
    : []

  const questions = await db.rows<NeedsYou['questions'][number]>(sql`
    SELECT q.id, r.uuid AS report_uuid, r.week_start_date, q.name, q.text,
      i.content AS item_content, q.created_at
    FROM share_questions q
    JOIN reports r ON r.id = q.report_id
    LEFT JOIN section_items i ON i.id = q.item_id
    WHERE q.user_id = ${userId} AND q.seen_at IS NULL AND q.answered_at IS NULL
      AND q.created_at >= ${sinceIso}
    ORDER BY q.created_at DESC, q.id DESC
    LIMIT ${NEEDS_YOU_LISTED}`)

  const answers = await db.rows<NeedsYou['answers'][number]>(sql`
    SELECT a.id, r.uuid AS report_uuid, r.week_start_date, i.content AS ask, a.name, a.answer,
      a.text, a.created_at
    FROM ask_answers a
    JOIN reports r ON r.id = a.report_id
    JOIN section_items i ON i.id = a.item_id
    WHERE a.user_id = ${userId} AND a.seen_at IS NULL AND a.replaced_at IS NULL
      AND a.created_at >= ${sinceIso}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${NEEDS_YOU_LISTED}`)

  // Due: a revisit date in the recent weeks up to this week's last day (its 7 days, whatever the
  // week end day). A revisit is done when the follow-up it became (or its carried copy) is completed or
  // deleted, or when the decision's revisit date moves past this week or is cleared.
  const revisits = await db.rows<NeedsYou['revisits'][number]>(sql`
    SELECT d.id AS decision_id, d.title, d.revisit_on, p.name AS project_name
    FROM decisions d
    LEFT JOIN projects p ON p.id = d.project_id AND p.user_id = d.user_id
    WHERE d.user_id = ${userId} AND d.revisit_on >= ${sinceDay}
      AND d.revisit_on <= ${addDays(thisWeek, 6)}
      AND NOT EXISTS (
        SELECT 1 FROM decision_revisits v
        LEFT JOIN section_items i ON i.id = v.item_id
        WHERE v.decision_id = d.id AND v.revisit_on = d.revisit_on
          AND (v.item_id IS NULL OR i.is_completed = 1 OR EXISTS (
            SELECT 1 FROM section_items x
            WHERE x.carried_from_item_id = v.item_id AND x.is_completed = 1)))
    ORDER BY d.revisit_on, d.id
    LIMIT ${NEEDS_YOU_LISTED}`)

  const signalled = current ? await withTeamSignals(db, current, healthRows) : []
  const mismatches = current
    ? signalled.flatMap((r) =>
        r.health && r.team_signals?.length
          ? [
              {
                project_uuid: r.project_uuid,
                project_name: r.project_name,
                report_uuid: current.uuid,
                health: r.health,
                signals: r.team_signals,
              },
            ]
          : [],
      )
    : []

  const unsent =
    current?.is_submitted === true
      ? null
      : {
          report_uuid: current?.uuid ?? null,
          week_start_date: thisWeek,
          due_date: thisWeekEnd,
        }

  return {
    projects,
    stalled: stalledByPerson(input.stalledItems),
    questions,
    answers: answers.map((a) => ({ ...a, id: Number(a.id) })),
    revisits: revisits.map((r) => ({ ...r, decision_id: Number(r.decision_id) })),
    mismatches,
    unsent,
  }
}

/** POST /api/dashboard/answers-seen: marks the user's own answers seen; answers how many. */
export async function markAnswersSeen(ctx: AppContext, userId: number, ids: number[]) {
  const rows = await ctx.db.rows<{ id: number }>(sql`
    UPDATE ask_answers SET seen_at = ${nowIso()}
    WHERE user_id = ${userId} AND seen_at IS NULL
      AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    RETURNING id`)
  return { seen: rows.length }
}
