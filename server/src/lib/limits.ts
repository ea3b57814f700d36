import { type SQL, sql } from 'drizzle-orm'
import type { Engine } from '../db'
import { Forbidden } from './errors'

/**
 * How many of each kind of object one account may hold, so that every list a route answers is
 * bounded (docs/security.md, "List sizes"). Far above what an executive keeps (a few dozen
 * projects, a team of ten, a handful of templates); a create past the limit answers 403 saying so
 * and writes nothing, and an account import that would pass it is refused the same way.
 */
export const OBJECT_LIMITS = {
  projects: 1_000,
  teamMembers: 500,
  sectionTemplates: 50,
  /** Per team member and kind (talking points, tasks, follow-ups). */
  memberEntries: 1_000,
} as const

/**
 * Lists answered newest first and cut at this many rows; what is older stays stored and is
 * reached another way (a report by its page and search, a link through its report).
 */
export const LIST_CAPS = {
  /** GET /api/reports: forty years of weekly reports. */
  reports: 2_000,
  /** GET /api/shares. */
  shares: 500,
  /** GET /api/reports/{uuid}/deliveries. */
  deliveries: 100,
  /** GET /api/my-teams. */
  myTeams: 200,
} as const

/**
 * Refuses (403) when `count` (a COUNT(*) AS n query) plus `adding` would pass `limit`. Counted
 * before the insert: two creates racing at the limit may both pass, which an upper bound on
 * storage tolerates.
 */
export async function assertRoom(
  db: Engine,
  count: SQL,
  adding: number,
  limit: number,
  what: string,
) {
  const [{ n }] = await db.rows<{ n: number }>(count)
  if (Number(n) + adding > limit)
    throw new Forbidden(
      `At most ${limit.toLocaleString('en-US')} ${what}; delete or combine some first`,
    )
}

export const countOf = {
  projects: (userId: number) => sql`SELECT COUNT(*) AS n FROM projects WHERE user_id = ${userId}`,
  teamMembers: (userId: number) =>
    sql`SELECT COUNT(*) AS n FROM team_members WHERE user_id = ${userId}`,
  sectionTemplates: (userId: number) =>
    sql`SELECT COUNT(*) AS n FROM section_templates WHERE user_id = ${userId}`,
}

/**
 * After an account import (in its transaction): the account as it is now is within every object
 * limit, or the import is refused (403) and rolls back. Projects, members and templates merge by
 * name, so only the result tells.
 */
export async function assertAccountWithinLimits(db: Engine, userId: number) {
  await assertRoom(db, countOf.projects(userId), 0, OBJECT_LIMITS.projects, 'projects per account')
  await assertRoom(
    db,
    countOf.teamMembers(userId),
    0,
    OBJECT_LIMITS.teamMembers,
    'team members per account',
  )
  await assertRoom(
    db,
    countOf.sectionTemplates(userId),
    0,
    OBJECT_LIMITS.sectionTemplates,
    'section templates per account',
  )
  for (const [table, what] of [
    ['talking_points', 'talking points per team member'],
    ['member_tasks', 'tasks per team member'],
    ['member_followups', 'follow-ups per team member'],
  ] as const) {
    await assertRoom(
      db,
      sql`SELECT COALESCE(MAX(c), 0) AS n FROM (
        SELECT COUNT(*) AS c FROM ${sql.raw(table)} WHERE user_id = ${userId} GROUP BY team_member_id
      ) AS per_member`,
      0,
      OBJECT_LIMITS.memberEntries,
      what,
    )
  }
}
