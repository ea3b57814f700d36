import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  memberFollowups,
  memberTasks,
  projects,
  sectionItems,
  talkingPoints,
} from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { daysAgoIso, nowIso } from '../../lib/time'
import { classify } from '../reports/changes'
import { withAgeing } from '../section-items/ageing'
import type { ProjectModel } from './model'

const NOT_FOUND = 'Project not found'
const REFERRING = [sectionItems, talkingPoints, memberTasks, memberFollowups] as const

export type ProjectWithCounts = typeof projects.$inferSelect & {
  total_references: number
  task_count: number
  followup_count: number
  reports_count: number
}

/**
 * Counts per project. References are report items plus a member's talking points, tasks and
 * follow-ups tagged to it; task_count and followup_count include both report items and the
 * standalone ones; reports_count is the number of reports with at least one item tagged to it.
 */
const COUNTS_SQL = `
SELECT p.*,
  COALESCE(si.refs, 0) + COALESCE(tp.c, 0) + COALESCE(mt.c, 0) + COALESCE(mf.c, 0) AS total_references,
  COALESCE(si.tasks, 0) + COALESCE(mt.c, 0) AS task_count,
  COALESCE(si.followups, 0) + COALESCE(mf.c, 0) AS followup_count,
  COALESCE(si.reports, 0) AS reports_count
FROM projects p
LEFT JOIN (
  SELECT i.project_id, COUNT(*) AS refs,
    SUM(i.item_type = 'task') AS tasks, SUM(i.item_type = 'followup') AS followups,
    COUNT(DISTINCT s.report_id) AS reports
  FROM section_items i JOIN report_sections s ON s.id = i.section_id
  WHERE i.user_id = ?1 AND i.project_id IS NOT NULL GROUP BY i.project_id
) si ON si.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM talking_points WHERE user_id = ?1 GROUP BY project_id) tp ON tp.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_tasks WHERE user_id = ?1 GROUP BY project_id) mt ON mt.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_followups WHERE user_id = ?1 GROUP BY project_id) mf ON mf.project_id = p.id
WHERE p.user_id = ?1`

export function listProjects({ db }: AppContext, userId: number): ProjectWithCounts[] {
  return db.sqlite
    .query(`${COUNTS_SQL} ORDER BY p.name COLLATE NOCASE, p.id`)
    .all(userId) as ProjectWithCounts[]
}

function findOwned({ db }: AppContext, userId: number, uuid: string) {
  const row = db
    .select()
    .from(projects)
    .where(and(eq(projects.uuid, uuid), eq(projects.user_id, userId)))
    .get()
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

export function getProject(ctx: AppContext, userId: number, uuid: string) {
  const row = findOwned(ctx, userId, uuid)
  return ctx.db.sqlite.query(`${COUNTS_SQL} AND p.id = ?2`).get(userId, row.id) as ProjectWithCounts
}

const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (!trimmed) throw new BadRequest('Project name is required')
  if (trimmed.length > 255) throw new BadRequest('Project name must be at most 255 characters')
  return trimmed
}

export function createProject({ db }: AppContext, userId: number, input: ProjectModel.create) {
  return db
    .insert(projects)
    .values({
      user_id: userId,
      uuid: crypto.randomUUID(),
      name: cleanName(input.name),
      status: input.status ?? 'active',
    })
    .returning()
    .get()
}

export function updateProject(
  ctx: AppContext,
  userId: number,
  uuid: string,
  input: ProjectModel.update,
) {
  const row = findOwned(ctx, userId, uuid)
  const changes: Partial<typeof projects.$inferInsert> = { updated_at: nowIso() }
  if (input.name !== undefined) changes.name = cleanName(input.name)
  if (input.status !== undefined) changes.status = input.status
  return ctx.db.update(projects).set(changes).where(eq(projects.id, row.id)).returning().get()
}

function countReferences(ctx: AppContext, projectId: number) {
  return REFERRING.reduce(
    (n, table) =>
      n +
      (ctx.db
        .select({ c: sql<number>`count(*)` })
        .from(table)
        .where(eq(table.project_id, projectId))
        .get()?.c ?? 0),
    0,
  )
}

/** Moves every reference of `fromIds` to `toId` (null = General); answers how many moved. */
function moveReferences(tx: AppContext['db'], fromIds: number[], toId: number | null) {
  let moved = 0
  for (const table of REFERRING) {
    const rows = tx
      .update(table)
      .set({ project_id: toId })
      .where(inArray(table.project_id, fromIds))
      .returning({ id: table.id })
      .all()
    moved += rows.length
  }
  return moved
}

export function deleteProject(
  ctx: AppContext,
  userId: number,
  uuid: string,
  body: ProjectModel.remove | null,
) {
  const project = findOwned(ctx, userId, uuid)
  const references = countReferences(ctx, project.id)
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
    const target = ctx.db
      .select()
      .from(projects)
      .where(and(eq(projects.id, toId), eq(projects.user_id, userId)))
      .get()
    if (!target) throw new NotFound('Destination project not found')
    destination = target.name
  }
  const remappedItems = ctx.db.transaction((tx) => {
    const moved = moveReferences(tx as never, [project.id], toId)
    tx.delete(projects).where(eq(projects.id, project.id)).run()
    return moved
  })
  logActivity(ctx.db, {
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
export function combineProjects(ctx: AppContext, userId: number, input: ProjectModel.combine) {
  const uuids = [...new Set(input.projectUuids)]
  if (uuids.length < 2) throw new BadRequest('Please select at least 2 projects to combine')
  const name = cleanName(input.newProjectName)
  const rows = ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.user_id, userId), inArray(projects.uuid, uuids)))
    .all()
  if (rows.length !== uuids.length) throw new NotFound(NOT_FOUND)
  const ordered = uuids.map((u) => rows.find((r) => r.uuid === u)!)
  const [keep, ...merge] = ordered
  const result = ctx.db.transaction((tx) => {
    const moved = moveReferences(
      tx as never,
      merge.map((p) => p.id),
      keep.id,
    )
    tx.delete(projects)
      .where(
        inArray(
          projects.id,
          merge.map((p) => p.id),
        ),
      )
      .run()
    const project = tx
      .update(projects)
      .set({ name, status: 'active', updated_at: nowIso() })
      .where(eq(projects.id, keep.id))
      .returning()
      .get()
    return { moved, project }
  })
  logActivity(ctx.db, {
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
export function projectAnalytics({ db }: AppContext, userId: number) {
  const since = daysAgoIso(30)
  const active =
    db
      .select({ c: sql<number>`count(*)` })
      .from(projects)
      .where(and(eq(projects.user_id, userId), eq(projects.status, 'active')))
      .get()?.c ?? 0
  const recent = db
    .select({
      updates: sql<number>`count(*)`,
      tasks: sql<number>`coalesce(sum(${sectionItems.item_type} = 'task'), 0)`,
    })
    .from(sectionItems)
    .where(
      and(
        eq(sectionItems.user_id, userId),
        sql`${sectionItems.project_id} IS NOT NULL`,
        sql`${sectionItems.created_at} >= ${since}`,
      ),
    )
    .get()
  return {
    total_active_projects: active,
    total_recent_activity: recent?.updates ?? 0,
    total_tasks_last_30_days: recent?.tasks ?? 0,
  }
}

/** The project's timeline: every report item tagged to it, newest week first. */
export function projectUpdates(ctx: AppContext, userId: number, uuid: string) {
  const project = findOwned(ctx, userId, uuid)
  const rows = ctx.db.sqlite
    .query(
      `SELECT i.id, r.week_start_date, r.title AS report_title, r.id AS report_id, r.uuid AS report_uuid,
        s.section_type, s.section_name, i.item_type, i.is_completed, i.content, i.created_at,
        i.assigned_to_team_member_id, i.carried_from_item_id
       FROM section_items i
       JOIN report_sections s ON s.id = i.section_id
       JOIN reports r ON r.id = s.report_id
       WHERE i.user_id = ?1 AND i.project_id = ?2
       ORDER BY r.week_start_date DESC, s.sort_order, i.sort_order, i.id`,
    )
    .all(userId, project.id) as ProjectItemRow[]
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
export function projectChanges(
  ctx: AppContext,
  userId: number,
  uuid: string,
): ProjectModel.changes {
  const items = projectUpdates(ctx, userId, uuid)
  const weeks: ProjectModel.changes['weeks'] = []
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
