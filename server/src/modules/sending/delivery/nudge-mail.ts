// The e-mail of a nudge (team-members/nudge.ts): the executive asks a linked team member for this
// week's update. Skipped when the member sent it meanwhile or is no longer on the team.

import { paths } from '@cadence/core/paths'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { asWeekday, currentWeekWindow } from '../../../lib/weeks'
import { formatWeekRange, notice } from './mail-render'
import { type Delivery, Skip } from './run'

export async function nudgeMessage(ctx: AppContext, delivery: Delivery, to: string[]) {
  const member = await ctx.db.row<{
    id: number
    start: string | null
    end: string | null
    executive: string
  }>(sql`
    SELECT u.id, s.weekly_start_day AS start, s.weekly_end_day AS "end",
      COALESCE(NULLIF(e.name, ''), e.email) AS executive
    FROM team_members m
    JOIN users u ON u.id = m.linked_user_id
    JOIN users e ON e.id = m.user_id
    LEFT JOIN user_settings s ON s.user_id = u.id
    WHERE m.user_id = ${delivery.user_id} AND lower(u.email) = ${to[0]}
    LIMIT 1`)
  if (!member) throw new Skip('Not needed: no longer on the team')
  const startDay = asWeekday(member.start, 'monday')
  const window = currentWeekWindow(delivery.week_start_date, startDay)
  const sent = await ctx.db.row<{ id: number }>(sql`
    SELECT id FROM reports WHERE user_id = ${member.id} AND is_submitted = 1
      AND week_start_date >= ${window.from} AND week_start_date <= ${window.to} LIMIT 1`)
  if (sent) throw new Skip('Not needed: the report was sent first')
  const range = formatWeekRange(delivery.week_start_date, startDay, asWeekday(member.end, 'friday'))
  const url = `${ctx.config.publicUrl}${paths.reports()}`
  const what = `${member.executive} asks for your weekly update for ${range}.`
  const why = `${member.executive} nudged you from Cadence, where they read their team's updates. A nudge comes at most once a week.`
  return {
    from: ctx.config.smtp?.from ?? '',
    to,
    subject: `${member.executive} asks for your weekly update`,
    text: `${what}\n\nWrite it in Cadence: ${url}\n\n${why}\n`,
    html: notice.html([
      notice.paragraph(what),
      notice.link(url, 'Write it in Cadence'),
      notice.smallPrint(why),
    ]),
  }
}
