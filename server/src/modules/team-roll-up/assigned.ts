import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { truthy } from '../../db'
import { sectionItems } from '../../db/schema'
import { NotFound } from '../../lib/errors'
import { daysAgoIso, nowIso } from '../../lib/time'
import { personName } from './invitations'
import type { TeamModel } from './model'

/** Completed items stay in 'Assigned to me' this long (by their report's week), then drop off. */
const COMPLETED_DAYS = 35
/** At most this many items: a member's list, not an archive. */
const LIMIT = 500

type Row = {
  id: number
  content: string
  is_completed: unknown
  item_type: 'task' | 'followup'
  assigned_by_name: string
  project_name: string | null
  week_start_date: string
  note: string | null
  completed_at: string | null
}

/**
 * Items of other people's reports assigned to a team member the signed-in user is linked to:
 * only the newest copy of a carried item, open ones and those completed in the last five weeks.
 * The only route that reads another account's items for a member; it answers these fields alone.
 */
const ASSIGNED = (userId: number, since: string) => sql`
  SELECT i.id, i.content, i.is_completed, i.item_type, ${personName('u')} AS assigned_by_name,
    p.name AS project_name, r.week_start_date, i.assignee_note AS note,
    i.assignee_completed_at AS completed_at
  FROM team_members m
  JOIN section_items i ON i.assigned_to_team_member_id = m.id AND i.user_id = m.user_id
  JOIN report_sections s ON s.id = i.section_id
  JOIN reports r ON r.id = s.report_id
  JOIN users u ON u.id = m.user_id
  LEFT JOIN projects p ON p.id = i.project_id
  WHERE m.linked_user_id = ${userId} AND m.user_id <> ${userId}
    AND i.item_type IN ('task', 'followup')
    AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
    AND (i.is_completed = 0 OR r.week_start_date >= ${since})`

const out = (r: Row) => ({ ...r, is_completed: truthy(r.is_completed) })

/** What 'Assigned to me' lists, in its order (search looks through the same items). */
export async function assignedItems(ctx: AppContext, userId: number) {
  const rows =
    await ctx.db.rows<Row>(sql`${ASSIGNED(userId, daysAgoIso(COMPLETED_DAYS).slice(0, 10))}
    ORDER BY assigned_by_name, r.week_start_date DESC, i.sort_order, i.id
    LIMIT ${LIMIT}`)
  return rows.map(out)
}

/** GET /api/assigned-to-me */
export async function assignedToMe(ctx: AppContext, userId: number) {
  return { items: await assignedItems(ctx, userId) }
}

/**
 * PUT /api/assigned-to-me/{id}: complete or reopen, with an optional note — the only change a
 * linked member makes to someone else's item. The owner sees it at once ('Completed by Tom ·
 * Tue'); the item's text, place and everything else stay theirs. Only the newest copy of a
 * carried item is the member's to change; any other item answers 404.
 */
export async function updateAssigned(
  ctx: AppContext,
  userId: number,
  id: number,
  input: TeamModel.assignedUpdate,
) {
  // The one read checks it is the member's to change and gathers the answer.
  const row = await ctx.db.row<Row>(sql`${ASSIGNED(userId, '0000-00-00')} AND i.id = ${id}`)
  if (!row) throw new NotFound('Item not found')
  const now = nowIso()
  const note = input.note === undefined ? row.note : input.note?.trim() || null
  const completedAt = input.is_completed ? now : null
  await ctx.db.orm
    .update(sectionItems)
    .set({
      is_completed: input.is_completed,
      assignee_completed_at: completedAt,
      assignee_note: note,
      updated_at: now,
    })
    .where(eq(sectionItems.id, id))
  return { ...out(row), is_completed: input.is_completed, note, completed_at: completedAt }
}
