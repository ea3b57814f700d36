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

type Item = {
  id: number
  item_type: string
  is_completed: boolean | number
  carried_from_item_id?: number | null
}

/** The user's start day and today, the two things ageing is measured by. */
export async function ageingClock(ctx: AppContext, userId: number, today = isoDate()) {
  return { today, startDay: (await getSettings(ctx, userId)).weekly_start_day as Weekday }
}

export type AgeingClock = Awaited<ReturnType<typeof ageingClock>>

/**
 * Adds the ageing fields to report items of one user, in one query whatever their number (plus
 * one for the user's settings when no clock is given).
 */
export async function withAgeing<T extends Item>(
  ctx: AppContext,
  userId: number,
  items: T[],
  given?: AgeingClock,
): Promise<Array<T & AgeingFields>> {
  if (!items.length) return []
  const clock = given ?? (await ageingClock(ctx, userId))
  // One query whatever the number of items (src/db/sqlite and src/db/pg, statements/items.ts).
  const rows = await ctx.db.q.items.chains(
    userId,
    items.map((i) => i.id),
  )
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
