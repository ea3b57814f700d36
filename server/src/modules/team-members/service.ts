import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  memberFollowups,
  memberTasks,
  projects,
  type sectionItems,
  talkingPoints,
  teamMembers,
} from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { assertRoom, countOf, OBJECT_LIMITS } from '../../lib/limits'
import { byNameNoCase } from '../../lib/order'
import { isoDate, nowIso } from '../../lib/time'
import { addDays } from '../../lib/weeks'
import { type AgeingClock, ageingClock, withAgeing } from '../section-items/ageing'
import type { TeamMemberModel } from './model'
import { nudgeStatus } from './nudge-status'

const NOT_FOUND = 'Team member not found'

export const ENTRY_KINDS = {
  'talking-points': { table: talkingPoints, noun: 'Talking point' },
  tasks: { table: memberTasks, noun: 'Task' },
  followups: { table: memberFollowups, noun: 'Follow-up' },
} as const
export type EntryKind = keyof typeof ENTRY_KINDS

export type TeamMemberWithCounts = typeof teamMembers.$inferSelect & {
  report_tasks_count: number
  standalone_tasks_count: number
  report_followups_count: number
  standalone_followups_count: number
  talking_points_count: number
}

/**
 * Counts are of open entries: what is still owed, which is what a 1:1 needs. A report item that
 * was carried forward counts once, as its newest copy.
 */
const withCounts = (userId: number, only: SQL = sql``) => sql`
SELECT m.*,
  CAST((SELECT COUNT(*) FROM section_items i WHERE i.assigned_to_team_member_id = m.id AND i.item_type = 'task' AND i.is_completed = 0 AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)) AS INTEGER) AS report_tasks_count,
  CAST((SELECT COUNT(*) FROM member_tasks x WHERE x.team_member_id = m.id AND x.is_completed = 0) AS INTEGER) AS standalone_tasks_count,
  CAST((SELECT COUNT(*) FROM section_items i WHERE i.assigned_to_team_member_id = m.id AND i.item_type = 'followup' AND i.is_completed = 0 AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)) AS INTEGER) AS report_followups_count,
  CAST((SELECT COUNT(*) FROM member_followups x WHERE x.team_member_id = m.id AND x.is_completed = 0) AS INTEGER) AS standalone_followups_count,
  CAST((SELECT COUNT(*) FROM talking_points x WHERE x.team_member_id = m.id AND x.is_completed = 0) AS INTEGER) AS talking_points_count,
  u.email AS linked_user_email,
  v.id AS pending_invitation_id,
  v.expires_at AS pending_invitation_expires_at
FROM team_members m
LEFT JOIN users u ON u.id = m.linked_user_id
LEFT JOIN invitations v ON v.id = (SELECT MAX(o.id) FROM invitations o WHERE o.team_member_id = m.id AND o.used_at IS NULL AND o.revoked_at IS NULL AND o.expires_at > ${nowIso()})
WHERE m.user_id = ${userId}${only}`

type CountedRow = TeamMemberWithCounts & {
  linked_user_email: string | null
  pending_invitation_id: number | null
  pending_invitation_expires_at: string | null
}

/**
 * A member as its executive reads it: the linked account's e-mail (team roll-up), never its id,
 * and the open invitation, if any (its link was shown once, when it was made).
 */
function present(row: CountedRow) {
  const { linked_user_id: _, pending_invitation_id, pending_invitation_expires_at, ...rest } = row
  return {
    ...rest,
    pending_invitation:
      pending_invitation_id != null && pending_invitation_expires_at
        ? { id: pending_invitation_id, expires_at: pending_invitation_expires_at }
        : null,
  }
}

export async function listMembers({ db }: AppContext, userId: number) {
  const rows = await db.rows<CountedRow>(withCounts(userId))
  return rows.sort(byNameNoCase((m) => m.name)).map(present)
}

export async function findMember({ db }: AppContext, userId: number, uuid: string) {
  const [row] = await db.orm
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.uuid, uuid), eq(teamMembers.user_id, userId)))
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

export async function getMember(ctx: AppContext, userId: number, uuid: string) {
  const row = await findMember(ctx, userId, uuid)
  const [counted] = await ctx.db.rows<CountedRow>(withCounts(userId, sql` AND m.id = ${row.id}`))
  return present(counted)
}

const required = (value: string, message: string) => {
  const trimmed = value.trim()
  if (!trimmed) throw new BadRequest(message)
  return trimmed
}

/**
 * What POST and PUT /api/team-members answer: the member's stored fields, never the linked
 * account's internal id nor when an invitation was last e-mailed.
 */
function record(row: typeof teamMembers.$inferSelect) {
  const { linked_user_id: _, invitation_emailed_at: __, ...rest } = row
  return rest
}

export async function createMember(
  { db }: AppContext,
  userId: number,
  input: TeamMemberModel.create,
) {
  await assertRoom(
    db,
    countOf.teamMembers(userId),
    1,
    OBJECT_LIMITS.teamMembers,
    'team members per account',
  )
  const [row] = await db.orm
    .insert(teamMembers)
    .values({
      user_id: userId,
      uuid: crypto.randomUUID(),
      name: required(input.name, 'Name is required'),
      title: input.title?.trim() || null,
      email: (input.email ?? '').trim().toLowerCase(),
    })
    .returning()
  return record(row)
}

export async function updateMember(
  ctx: AppContext,
  userId: number,
  uuid: string,
  input: TeamMemberModel.update,
) {
  const row = await findMember(ctx, userId, uuid)
  const changes: Partial<typeof teamMembers.$inferInsert> = { updated_at: nowIso() }
  if (input.name !== undefined) changes.name = required(input.name, 'Name is required')
  if (input.title !== undefined) changes.title = input.title?.trim() || null
  if (input.email !== undefined) changes.email = (input.email ?? '').trim().toLowerCase()
  const [updated] = await ctx.db.orm
    .update(teamMembers)
    .set(changes)
    .where(eq(teamMembers.id, row.id))
    .returning()
  return record(updated)
}

export async function deleteMember(ctx: AppContext, userId: number, uuid: string) {
  const row = await findMember(ctx, userId, uuid)
  await ctx.db.orm.delete(teamMembers).where(eq(teamMembers.id, row.id))
  return { success: true, message: `Team member "${row.name}" deleted` }
}

/** A project id in a body must be the user's own. */
export async function assertOwnProject(
  { db }: AppContext,
  userId: number,
  projectId: number | null | undefined,
) {
  if (projectId === undefined || projectId === null) return
  const [row] = await db.orm
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.user_id, userId)))
  if (!row) throw new NotFound('Project not found')
}

export async function listEntries(ctx: AppContext, userId: number, uuid: string, kind: EntryKind) {
  const member = await findMember(ctx, userId, uuid)
  const { table } = ENTRY_KINDS[kind]
  return await ctx.db.orm
    .select()
    .from(table)
    .where(eq(table.team_member_id, member.id))
    .orderBy(asc(table.is_completed), desc(table.created_at), desc(table.id))
    .limit(OBJECT_LIMITS.memberEntries)
}

export async function createEntry(
  ctx: AppContext,
  userId: number,
  uuid: string,
  kind: EntryKind,
  input: TeamMemberModel.entryCreate,
) {
  const member = await findMember(ctx, userId, uuid)
  await assertOwnProject(ctx, userId, input.project_id)
  const { table, noun } = ENTRY_KINDS[kind]
  await assertRoom(
    ctx.db,
    sql`SELECT COUNT(*) AS n FROM ${table} WHERE team_member_id = ${member.id}`,
    1,
    OBJECT_LIMITS.memberEntries,
    `${noun.toLowerCase()}s per team member`,
  )
  const [row] = await ctx.db.orm
    .insert(table)
    .values({
      team_member_id: member.id,
      user_id: userId,
      project_id: input.project_id ?? null,
      content: required(input.content, 'Content is required'),
    })
    .returning()
  return row
}

async function findEntry({ db }: AppContext, userId: number, kind: EntryKind, id: number) {
  const { table, noun } = ENTRY_KINDS[kind]
  const [row] = await db.orm
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.user_id, userId)))
  if (!row) throw new NotFound(`${noun} not found`)
  return row
}

export async function updateEntry(
  ctx: AppContext,
  userId: number,
  kind: EntryKind,
  id: number,
  input: TeamMemberModel.entryUpdate,
) {
  await findEntry(ctx, userId, kind, id)
  await assertOwnProject(ctx, userId, input.project_id)
  const { table } = ENTRY_KINDS[kind]
  const changes: Record<string, unknown> = { updated_at: nowIso() }
  if (input.content !== undefined) changes.content = required(input.content, 'Content is required')
  if (input.is_completed !== undefined) changes.is_completed = input.is_completed
  if (input.project_id !== undefined) changes.project_id = input.project_id
  const [row] = await ctx.db.orm.update(table).set(changes).where(eq(table.id, id)).returning()
  return row
}

export async function deleteEntry(ctx: AppContext, userId: number, kind: EntryKind, id: number) {
  await findEntry(ctx, userId, kind, id)
  const { table, noun } = ENTRY_KINDS[kind]
  await ctx.db.orm.delete(table).where(eq(table.id, id))
  return { success: true, message: `${noun} deleted successfully` }
}

/** Which of the member's report items: all, the open ones, or those completed from a day on. */
type Which = 'all' | 'open' | { completedSince: string }

const whichSql = (which: Which) =>
  which === 'all'
    ? sql``
    : which === 'open'
      ? sql`AND i.is_completed = 0`
      : sql`AND i.is_completed = 1 AND substr(i.updated_at, 1, 10) >= ${which.completedSince}`

const assignedSql = (userId: number, memberId: number, type: string, which: Which) => sql`
SELECT i.*, r.title AS report_title, r.week_start_date AS report_week_start_date, r.uuid AS report_uuid
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
WHERE i.user_id = ${userId} AND i.assigned_to_team_member_id = ${memberId} AND i.item_type = ${type}
  AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
  ${whichSql(which)}
ORDER BY i.is_completed, r.week_start_date DESC, i.id`

type AssignedRow = Omit<typeof sectionItems.$inferSelect, 'is_completed'> & {
  is_completed: number
  report_title: string | null
  report_week_start_date: string
  report_uuid: string
}

/**
 * Report items assigned to the member, the newest copy of each carry-over chain only, with their
 * ageing; `which` picks all, the open ones, or those completed from a day on.
 */
async function assignedItems(
  ctx: AppContext,
  userId: number,
  memberId: number,
  type: 'task' | 'followup',
  which: Which,
  clock: AgeingClock,
) {
  const rows = await ctx.db.rows<AssignedRow>(assignedSql(userId, memberId, type, which))
  return withAgeing(
    ctx,
    userId,
    rows.map((r) => ({ ...r, is_completed: r.is_completed === 1 })),
    clock,
  )
}

export async function memberDashboard(ctx: AppContext, userId: number, uuid: string) {
  const teamMember = await getMember(ctx, userId, uuid)
  const clock = await ageingClock(ctx, userId)
  const assigned = (type: 'task' | 'followup') =>
    assignedItems(ctx, userId, teamMember.id, type, 'all', clock)
  return {
    teamMember,
    assignedTasks: await assigned('task'),
    assignedFollowups: await assigned('followup'),
    standaloneTasks: await listEntries(ctx, userId, uuid, 'tasks'),
    standaloneFollowups: await listEntries(ctx, userId, uuid, 'followups'),
    talkingPoints: await listEntries(ctx, userId, uuid, 'talking-points'),
    nudge: await nudgeStatus(ctx, userId, teamMember.id),
  }
}

/** Covered talking points of the member, newest change first. */
const coveredSql = (memberId: number, userId: number) => sql`
SELECT * FROM talking_points
WHERE team_member_id = ${memberId} AND user_id = ${userId} AND is_completed = 1
  AND substr(updated_at, 1, 10) = (
    SELECT MAX(substr(updated_at, 1, 10)) FROM talking_points
    WHERE team_member_id = ${memberId} AND user_id = ${userId} AND is_completed = 1)
ORDER BY updated_at DESC, id DESC`

/**
 * GET /api/team-members/{uuid}/prep: what a 1:1 needs. Open assigned report items (newest copy
 * of each chain, with ageing), open standalone tasks and follow-ups, pending talking points, and
 * the talking points covered on the last (UTC) day any of the member's was covered.
 */
export async function memberPrep(ctx: AppContext, userId: number, uuid: string) {
  const teamMember = await getMember(ctx, userId, uuid)
  const clock = await ageingClock(ctx, userId)
  const open = async (kind: EntryKind) =>
    (await listEntries(ctx, userId, uuid, kind)).filter((e) => !e.is_completed)
  const covered = await ctx.db.rows<
    Omit<typeof talkingPoints.$inferSelect, 'is_completed'> & { is_completed: number }
  >(coveredSql(teamMember.id, userId))
  return {
    teamMember,
    assignedTasks: await assignedItems(ctx, userId, teamMember.id, 'task', 'open', clock),
    assignedFollowups: await assignedItems(ctx, userId, teamMember.id, 'followup', 'open', clock),
    standaloneTasks: await open('tasks'),
    standaloneFollowups: await open('followups'),
    talkingPoints: await open('talking-points'),
    coveredLastTime: covered.map((p) => ({ ...p, is_completed: true })),
    completedSince: await completedSince(ctx, userId, uuid, teamMember.id, covered, clock),
    nudge: await nudgeStatus(ctx, userId, teamMember.id),
  }
}

/** With no 1:1 on record (no talking point ever covered), what was completed in this many days. */
export const COMPLETED_DAYS_WITHOUT_ONE_ON_ONE = 14

/**
 * What the member completed since the last 1:1: the day its talking points were last covered
 * (that day included), or the last COMPLETED_DAYS_WITHOUT_ONE_ON_ONE days when none ever was.
 * An entry counts from its last change (report items and standalone entries keep no separate
 * completion time).
 */
async function completedSince(
  ctx: AppContext,
  userId: number,
  uuid: string,
  memberId: number,
  covered: Array<{ updated_at: string }>,
  clock: AgeingClock,
) {
  const last = covered[0]?.updated_at.slice(0, 10) ?? null
  const since = last ?? addDays(isoDate(), -COMPLETED_DAYS_WITHOUT_ONE_ON_ONE)
  const which = { completedSince: since }
  const standalone = async (kind: EntryKind) =>
    (await listEntries(ctx, userId, uuid, kind)).filter(
      (e) => e.is_completed && e.updated_at.slice(0, 10) >= since,
    )
  return {
    since,
    last_one_on_one: last !== null,
    assigned: [
      ...(await assignedItems(ctx, userId, memberId, 'task', which, clock)),
      ...(await assignedItems(ctx, userId, memberId, 'followup', which, clock)),
    ],
    standalone: [...(await standalone('tasks')), ...(await standalone('followups'))],
  }
}
