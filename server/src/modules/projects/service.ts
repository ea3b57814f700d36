import type { ProjectChanges, ProjectWithCounts } from '@cadence/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db'
import {
  decisions,
  memberFollowups,
  memberTasks,
  projectHealth,
  projects,
  sectionItems,
  talkingPoints,
  teamMembers,
} from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { assertRoom, countOf, OBJECT_LIMITS } from '../../lib/limits'
import { byNameNoCase } from '../../lib/order'
import { daysAgoIso, nowIso } from '../../lib/time'
import { classify } from '../reports/read/changes'
import { withAgeing } from '../section-items/ageing'
import type { ProjectModel } from './model'

const NOT_FOUND = 'Project not found'
// Decisions refer to a project too: a delete asks where they go, a combine keeps them.
const REFERRING = [sectionItems, talkingPoints, memberTasks, memberFollowups, decisions] as const

export type { ProjectWithCounts }

/** The user's projects with their counts (src/db/sqlite and src/db/pg, statements/projects.ts). */
export async function listProjects(
  { db }: AppContext,
  userId: number,
): Promise<ProjectWithCounts[]> {
  const rows = await db.q.projects.withCounts(userId)
  return rows.sort(byNameNoCase((p) => p.name))
}

async function findOwned({ db }: AppContext, userId: number, uuid: string) {
  const [row] = await db.orm
    .select()
    .from(projects)
    .where(and(eq(projects.uuid, uuid), eq(projects.user_id, userId)))
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

export async function getProject(ctx: AppContext, userId: number, uuid: string) {
  const row = await findOwned(ctx, userId, uuid)
  const [counted] = await ctx.db.q.projects.withCounts(userId, row.id)
  return counted
}

const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (!trimmed) throw new BadRequest('Project name is required')
  if (trimmed.length > 255) throw new BadRequest('Project name must be at most 255 characters')
  return trimmed
}

export async function createProject(
  { db }: AppContext,
  userId: number,
  input: ProjectModel.create,
) {
  await assertRoom(db, countOf.projects(userId), 1, OBJECT_LIMITS.projects, 'projects per account')
  const [row] = await db.orm
    .insert(projects)
    .values({
      user_id: userId,
      uuid: crypto.randomUUID(),
      name: cleanName(input.name),
      status: input.status ?? 'active',
    })
    .returning()
  return row
}

export async function updateProject(
  ctx: AppContext,
  userId: number,
  uuid: string,
  input: ProjectModel.update,
) {
  const row = await findOwned(ctx, userId, uuid)
  const changes: Partial<typeof projects.$inferInsert> = { updated_at: nowIso() }
  if (input.name !== undefined) changes.name = cleanName(input.name)
  if (input.status !== undefined) changes.status = input.status
  if (input.owner_member_id !== undefined) {
    changes.owner_member_id =
      input.owner_member_id === null ? null : await ownMemberId(ctx, userId, input.owner_member_id)
  }
  const [updated] = await ctx.db.orm
    .update(projects)
    .set(changes)
    .where(eq(projects.id, row.id))
    .returning()
  // Deleted or combined away meanwhile.
  if (!updated) throw new NotFound(NOT_FOUND)
  return updated
}

/** The user's own team member's id, or 404 (another user's member is not found either). */
async function ownMemberId(ctx: AppContext, userId: number, id: number) {
  const [member] = await ctx.db.orm
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.id, id), eq(teamMembers.user_id, userId)))
  if (!member) throw new NotFound('Team member not found')
  return member.id
}

async function countReferences(ctx: AppContext, projectId: number) {
  let n = 0
  for (const table of REFERRING) {
    const [row] = await ctx.db.orm
      .select({ c: sql<number>`CAST(count(*) AS INTEGER)` })
      .from(table)
      .where(eq(table.project_id, projectId))
    n += Number(row?.c ?? 0)
  }
  return n
}

/** Moves every reference of `fromIds` to `toId` (null = General); answers how many moved. */
async function moveReferences(tx: Engine, fromIds: number[], toId: number | null) {
  let moved = 0
  for (const table of REFERRING) {
    const rows = await tx.orm
      .update(table)
      .set({ project_id: toId })
      .where(inArray(table.project_id, fromIds))
      .returning({ id: table.id })
    moved += rows.length
  }
  return moved
}

/** The worse health wins when two projects' weeks meet in one (combine, delete into). */
const SEVERITY = { on_track: 0, at_risk: 1, off_track: 2 } as const

/**
 * Project health follows the items: each report's health of `fromIds` moves to `toId`.
 * Where that report already has a health for `toId` (or several of `fromIds` meet in one report),
 * the worst is kept with its why — an executive would rather read 'At risk' twice than lose it.
 * Into General (null) there is no project to carry a health: those rows go with their project.
 */
async function moveHealth(tx: Engine, fromIds: number[], toId: number | null) {
  if (toId === null || !fromIds.length) return
  const rows = await tx.orm
    .select()
    .from(projectHealth)
    .where(inArray(projectHealth.project_id, [...fromIds, toId]))
  const byReport = new Map<number, (typeof rows)[number][]>()
  for (const row of rows) byReport.set(row.report_id, [...(byReport.get(row.report_id) ?? []), row])
  for (const [reportId, list] of byReport) {
    // Worst first; on a tie the destination's own, then the most recently set.
    list.sort(
      (a, b) =>
        SEVERITY[b.health] - SEVERITY[a.health] ||
        Number(b.project_id === toId) - Number(a.project_id === toId) ||
        b.updated_at.localeCompare(a.updated_at),
    )
    const [kept] = list
    if (kept.project_id === toId) continue
    await tx.orm
      .delete(projectHealth)
      .where(and(eq(projectHealth.report_id, reportId), eq(projectHealth.project_id, toId)))
    await tx.orm
      .update(projectHealth)
      .set({ project_id: toId, updated_at: nowIso() })
      .where(eq(projectHealth.id, kept.id))
  }
}

export async function deleteProject(
  ctx: AppContext,
  userId: number,
  uuid: string,
  body: ProjectModel.remove | null,
) {
  const project = await findOwned(ctx, userId, uuid)
  const references = await countReferences(ctx, project.id)
  const hasDestination = body !== undefined && body !== null && 'move_to_project_id' in body
  if (references > 0 && !hasDestination) {
    throw new Conflict(
      `Project has ${references} reference(s); choose a destination (move_to_project_id, null for General)`,
      { references },
    )
  }
  const toId = hasDestination ? (body?.move_to_project_id ?? null) : null
  let destination = 'General'
  if (toId !== null) {
    if (toId === project.id) throw new BadRequest('A project cannot be moved into itself')
    const [target] = await ctx.db.orm
      .select()
      .from(projects)
      .where(and(eq(projects.id, toId), eq(projects.user_id, userId)))
    if (!target) throw new NotFound('Destination project not found')
    destination = target.name
  }
  const remappedItems = await ctx.db.tx(
    async (tx) => {
      // Under the user's lock: a project deleted or combined away meanwhile is not found.
      const present = await tx.orm
        .select({ id: projects.id })
        .from(projects)
        .where(inArray(projects.id, toId === null ? [project.id] : [project.id, toId]))
      if (!present.some((p) => p.id === project.id)) throw new NotFound(NOT_FOUND)
      if (toId !== null && !present.some((p) => p.id === toId))
        throw new NotFound('Destination project not found')
      await tx.lockForDelete('projects', [project.id])
      const moved = await moveReferences(tx, [project.id], toId)
      await moveHealth(tx, [project.id], toId)
      await tx.orm.delete(projects).where(eq(projects.id, project.id))
      return moved
    },
    { user: userId },
  )
  await logActivity(ctx.db, {
    userId,
    action: 'project_deleted',
    entityType: 'project',
    entityId: project.uuid,
    details: `${project.name}; ${remappedItems} reference(s) moved to ${destination}`,
  })
  return {
    success: true,
    remappedItems,
    message:
      remappedItems > 0
        ? `Project "${project.name}" deleted; ${remappedItems} item(s) moved to ${destination}`
        : `Project "${project.name}" deleted`,
  }
}

/** Combines projects into the first one, renamed; every reference ends on it, nothing is lost. */
export async function combineProjects(
  ctx: AppContext,
  userId: number,
  input: ProjectModel.combine,
) {
  const uuids = [...new Set(input.projectUuids)]
  if (uuids.length < 2) throw new BadRequest('Please select at least 2 projects to combine')
  const name = cleanName(input.newProjectName)
  const result = await ctx.db.tx(
    async (tx) => {
      // Read under the user's lock: of two combines of the same projects at the same moment, the
      // second finds some of them gone (404) instead of moving items onto a deleted project.
      const rows = await tx.orm
        .select()
        .from(projects)
        .where(and(eq(projects.user_id, userId), inArray(projects.uuid, uuids)))
      if (rows.length !== uuids.length) throw new NotFound(NOT_FOUND)
      const ordered = uuids.map((u) => rows.find((r) => r.uuid === u)!)
      const [keep, ...merge] = ordered
      const mergedIds = merge.map((p) => p.id)
      // An item written on one of them at this moment lands before the move, or fails (409).
      await tx.lockForDelete('projects', mergedIds)
      const moved = await moveReferences(tx, mergedIds, keep.id)
      await moveHealth(tx, mergedIds, keep.id)
      await tx.orm.delete(projects).where(inArray(projects.id, mergedIds))
      const [project] = await tx.orm
        .update(projects)
        .set({ name, status: 'active', updated_at: nowIso() })
        .where(eq(projects.id, keep.id))
        .returning()
      return { moved, project, ordered }
    },
    { user: userId },
  )
  const { ordered } = result
  const keep = ordered[0]
  await logActivity(ctx.db, {
    userId,
    action: 'projects_combined',
    entityType: 'project',
    entityId: keep.uuid,
    details: `${ordered.map((p) => p.name).join(', ')} → ${name}`,
  })
  return {
    success: true,
    project: result.project,
    remappedItems: result.moved,
    message: `Combined ${ordered.length} projects into "${name}"`,
  }
}

/** 30-day windows over report items tagged to a project. */
export async function projectAnalytics({ db }: AppContext, userId: number) {
  const since = daysAgoIso(30)
  const [counted] = await db.orm
    .select({ c: sql<number>`CAST(count(*) AS INTEGER)` })
    .from(projects)
    .where(and(eq(projects.user_id, userId), eq(projects.status, 'active')))
  const active = Number(counted?.c ?? 0)
  const [recent] = await db.orm
    .select({
      updates: sql<number>`CAST(count(*) AS INTEGER)`,
      tasks: sql<number>`CAST(coalesce(sum(CASE WHEN ${sectionItems.item_type} = 'task' THEN 1 ELSE 0 END), 0) AS INTEGER)`,
    })
    .from(sectionItems)
    .where(
      and(
        eq(sectionItems.user_id, userId),
        sql`${sectionItems.project_id} IS NOT NULL`,
        sql`${sectionItems.created_at} >= ${since}`,
      ),
    )
  return {
    total_active_projects: active,
    total_recent_activity: Number(recent?.updates ?? 0),
    total_tasks_last_30_days: Number(recent?.tasks ?? 0),
  }
}

/** The project's timeline: every report item tagged to it, newest week first. */
export async function projectUpdates(ctx: AppContext, userId: number, uuid: string) {
  const project = await findOwned(ctx, userId, uuid)
  const rows = await ctx.db.rows<ProjectItemRow>(
    sql`SELECT i.id, r.week_start_date, r.title AS report_title, r.id AS report_id,
        r.uuid AS report_uuid, s.section_type, s.section_name, i.item_type, i.is_completed,
        i.content, i.created_at, i.assigned_to_team_member_id, i.carried_from_item_id
       FROM section_items i
       JOIN report_sections s ON s.id = i.section_id
       JOIN reports r ON r.id = s.report_id
       WHERE i.user_id = ${userId} AND i.project_id = ${project.id}
       ORDER BY r.week_start_date DESC, s.sort_order, i.sort_order, i.id`,
  )
  return withAgeing(
    ctx,
    userId,
    rows.map((r) => ({ ...r, is_completed: r.is_completed === 1 })),
  )
}

type ProjectItemRow = {
  id: number
  week_start_date: string
  report_title: string | null
  report_id: number
  report_uuid: string
  section_type: 'standard' | 'tasks' | 'followups'
  section_name: string
  item_type: 'standard' | 'task' | 'followup'
  is_completed: number
  content: string
  created_at: string
  assigned_to_team_member_id: number | null
  carried_from_item_id: number | null
}

/**
 * GET /api/projects/{uuid}/changes: per report week (newest first) how many of the project's
 * items were completed, new, carried and stalled, as in a report's 'Since last week'.
 */
export async function projectChanges(
  ctx: AppContext,
  userId: number,
  uuid: string,
): Promise<ProjectChanges> {
  const items = await projectUpdates(ctx, userId, uuid)
  const weeks: ProjectChanges['weeks'] = []
  for (const [, list] of Map.groupBy(items, (i) => i.report_uuid)) {
    const lists = classify(list)
    weeks.push({
      week_start_date: list[0].week_start_date,
      report_uuid: list[0].report_uuid,
      completed: lists.completed.length,
      new: lists.new.length,
      carried: lists.carried.length,
      stalled: lists.stalled.length,
    })
  }
  return { weeks }
}
