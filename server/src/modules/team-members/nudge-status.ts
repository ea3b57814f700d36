// Where a linked member stands this week, for 'Nudge' (nudge.ts): read by the member page and
// the 1:1 prep too.
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { isoDate } from '../../lib/time'
import { currentWeekWindow, WEEKDAYS, type Weekday, weekStart } from '../../lib/weeks'

const asWeekday = (day: string | null | undefined): Weekday =>
  (WEEKDAYS as readonly string[]).includes(day ?? '') ? (day as Weekday) : 'monday'

export type Linked = { id: number; email: string; start: string | null }

/** The nudge key's address: the linked account's, as the e-mail goes to it. */
export const recipientsOf = (email: string) => JSON.stringify([email.toLowerCase()])

export async function linkedAccount(ctx: AppContext, memberId: number) {
  return await ctx.db.row<Linked>(sql`
    SELECT u.id, u.email, s.weekly_start_day AS start
    FROM team_members m JOIN users u ON u.id = m.linked_user_id
    LEFT JOIN user_settings s ON s.user_id = u.id
    WHERE m.id = ${memberId}`)
}

/**
 * Where a linked member stands this week (null when not linked): the start of their current
 * week, whether its report is sent, when this executive nudged them in it, and whether the
 * server sends e-mail (without it the page offers a message to copy).
 */
export async function nudgeStatus(ctx: AppContext, userId: number, memberId: number) {
  const linked = await linkedAccount(ctx, memberId)
  if (!linked) return null
  const startDay = asWeekday(linked.start)
  const today = isoDate()
  const week = weekStart(today, startDay)
  const window = currentWeekWindow(today, startDay)
  const sent = await ctx.db.row<{ id: number }>(sql`
    SELECT id FROM reports
    WHERE user_id = ${linked.id} AND is_submitted = 1
      AND week_start_date >= ${window.from} AND week_start_date <= ${window.to}
    LIMIT 1`)
  const nudged = await ctx.db.row<{ created_at: string }>(sql`
    SELECT created_at FROM deliveries
    WHERE kind = 'nudge' AND user_id = ${userId} AND recipients = ${recipientsOf(linked.email)}
      AND week_start_date = ${week}`)
  return {
    week_start_date: week,
    sent: Boolean(sent),
    nudged_at: nudged?.created_at ?? null,
    mail: Boolean(ctx.config.smtp),
  }
}
