import { and, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reportSections, sectionItems, teamMembers } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { nowIso } from '../../lib/time'
import { assertOwnProject } from '../team-members/service'
import { withAgeing } from './ageing'
import type { SectionItemModel } from './model'

const DEFAULT_TYPE = { tasks: 'task', followups: 'followup', standard: 'standard' } as const

function assertOwnMember({ db }: AppContext, userId: number, memberId: number | null | undefined) {
  if (memberId == null) return
  const row = db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.user_id, userId)))
    .get()
  if (!row) throw new NotFound('Team member not found')
}

const requiredContent = (content: string) => {
  const trimmed = content.trim()
  if (!trimmed) throw new BadRequest('Content is required')
  return trimmed
}

export function createItem(ctx: AppContext, userId: number, input: SectionItemModel.create) {
  const section = ctx.db
    .select()
    .from(reportSections)
    .where(and(eq(reportSections.id, input.section_id), eq(reportSections.user_id, userId)))
    .get()
  if (!section) throw new NotFound('Section not found')
  const content = requiredContent(input.content)
  assertOwnProject(ctx, userId, input.project_id)
  assertOwnMember(ctx, userId, input.assigned_to_team_member_id)
  const next =
    (ctx.db
      .select({ max: sql<number | null>`max(${sectionItems.sort_order})` })
      .from(sectionItems)
      .where(eq(sectionItems.section_id, section.id))
      .get()?.max ?? -1) + 1
  const row = ctx.db
    .insert(sectionItems)
    .values({
      section_id: section.id,
      user_id: userId,
      content,
      project_id: input.project_id ?? null,
      item_type: input.item_type ?? DEFAULT_TYPE[section.section_type],
      assigned_to_team_member_id: input.assigned_to_team_member_id ?? null,
      sort_order: next,
    })
    .returning()
    .get()
  return withAgeing(ctx, userId, [row])[0]
}

function findItem({ db }: AppContext, userId: number, id: number) {
  const row = db
    .select()
    .from(sectionItems)
    .where(and(eq(sectionItems.id, id), eq(sectionItems.user_id, userId)))
    .get()
  if (!row) throw new NotFound('Item not found')
  return row
}

export function updateItem(
  ctx: AppContext,
  userId: number,
  id: number,
  input: SectionItemModel.update,
) {
  findItem(ctx, userId, id)
  assertOwnProject(ctx, userId, input.project_id)
  assertOwnMember(ctx, userId, input.assigned_to_team_member_id)
  const changes: Partial<typeof sectionItems.$inferInsert> = { updated_at: nowIso() }
  if (input.content !== undefined) changes.content = requiredContent(input.content)
  if (input.is_completed !== undefined) changes.is_completed = input.is_completed
  if (input.project_id !== undefined) changes.project_id = input.project_id
  if (input.item_type !== undefined) changes.item_type = input.item_type
  if (input.assigned_to_team_member_id !== undefined) {
    changes.assigned_to_team_member_id = input.assigned_to_team_member_id
  }
  const row = ctx.db
    .update(sectionItems)
    .set(changes)
    .where(eq(sectionItems.id, id))
    .returning()
    .get()
  return withAgeing(ctx, userId, [row])[0]
}

export function deleteItem(ctx: AppContext, userId: number, id: number) {
  findItem(ctx, userId, id)
  ctx.db.delete(sectionItems).where(eq(sectionItems.id, id)).run()
  return { success: true, message: 'Item deleted successfully' }
}
