import type { AppContext } from '../../context'
import { isoDate } from '../../lib/time'
import { ageing, type Weekday } from '../../lib/weeks'
import { getSettings } from '../settings/service'

/** The ageing fields every report item carries (docs/week-over-week.md). */
export type AgeingFields = {
  carried_from_item_id: number | null
  carried_forward: boolean
  origin_week_start_date: string
  open_weeks: number
  is_stalled: boolean
}

type ChainRow = {
  item_id: number
  carried_forward: number
  origin_week_start_date: string
  report_week_start_date: string
}

/**
 * One query for any number of items: a recursive walk up each item's carried_from chain to its
 * first copy (the deepest row per item), that copy's report week, the item's own report week,
 * and whether a later copy exists. The depth bound guards against a cycle in hand-edited data.
 */
const CHAIN_SQL = `
WITH RECURSIVE chain(item_id, cur_id, depth) AS (
  SELECT i.id, i.id, 0 FROM json_each(?2) j
  CROSS JOIN section_items i ON i.id = CAST(j.value AS INTEGER)
  WHERE i.user_id = ?1
  UNION ALL
  SELECT c.item_id, p.id, c.depth + 1
  FROM chain c
  JOIN section_items cur ON cur.id = c.cur_id
  JOIN section_items p ON p.id = cur.carried_from_item_id AND p.user_id = ?1
  WHERE c.depth < 1000
),
roots AS (SELECT item_id, cur_id AS root_id, MAX(depth) AS depth FROM chain GROUP BY item_id)
SELECT roots.item_id,
  EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = roots.item_id) AS carried_forward,
  rr.week_start_date AS origin_week_start_date,
  ir.week_start_date AS report_week_start_date
FROM roots
JOIN section_items root ON root.id = roots.root_id
JOIN report_sections rs ON rs.id = root.section_id
JOIN reports rr ON rr.id = rs.report_id
JOIN section_items it ON it.id = roots.item_id
JOIN report_sections its ON its.id = it.section_id
JOIN reports ir ON ir.id = its.report_id`

type Item = {
  id: number
  item_type: string
  is_completed: boolean | number
  carried_from_item_id?: number | null
}

/** The user's start day and today, the two things ageing is measured by. */
export function ageingClock(ctx: AppContext, userId: number, today = isoDate()) {
  return { today, startDay: getSettings(ctx, userId).weekly_start_day as Weekday }
}

/**
 * Adds the ageing fields to report items of one user, in one query whatever their number (plus
 * one for the user's settings when no clock is given).
 */
export function withAgeing<T extends Item>(
  ctx: AppContext,
  userId: number,
  items: T[],
  clock = ageingClock(ctx, userId),
): Array<T & AgeingFields> {
  if (!items.length) return []
  const rows = ctx.db.sqlite
    .query(CHAIN_SQL)
    .all(userId, JSON.stringify(items.map((i) => i.id))) as ChainRow[]
  const byId = new Map(rows.map((r) => [r.item_id, r]))
  return items.map((item) => {
    const row = byId.get(item.id)
    const is_completed = item.is_completed === true || item.is_completed === 1
    const carried_forward = row?.carried_forward === 1
    const origin = row?.origin_week_start_date ?? row?.report_week_start_date ?? clock.today
    const own = row?.report_week_start_date ?? origin
    return {
      ...item,
      carried_from_item_id: item.carried_from_item_id ?? null,
      carried_forward,
      origin_week_start_date: origin,
      ...ageing(
        {
          item_type: item.item_type,
          is_completed,
          carried_forward,
          origin_week_start_date: origin,
          report_week_start_date: own,
        },
        clock.today,
        clock.startDay,
      ),
    }
  })
}
