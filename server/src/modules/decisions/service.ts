import type { BriefDecision, Decision } from '@cadence/contract'
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db'
import { isUniqueViolation } from '../../db/engine'
import { decisions, projects, sectionItems, teamMembers, users } from '../../db/schema'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { assertRoom, OBJECT_LIMITS } from '../../lib/limits'
import { isoDate, nowIso } from '../../lib/time'
import { addDays, isValidIsoDate } from '../../lib/weeks'
import type { DecisionModel } from './model'
import { materializeRevisits } from './revisits'

const NOT_FOUND = 'Decision not found'
/** How many decisions one account may hold (docs/security.md, "List sizes"). */
export const DECISION_LIMIT = 5_000

type Row = {
  id: number
  title: string
  decided_on: string
  decided_by_member_uuid: string | null
  decided_by_name: string | null
  rationale: string | null
  revisit_on: string | null
  project_uuid: string | null
  project_name: string | null
  source_item_id: number | null
  created_at: string
  updated_at: string
}

const SELECT = sql`
  SELECT d.id, d.title, d.decided_on, m.uuid AS decided_by_member_uuid,
    COALESCE(m.name, d.decided_by_name) AS decided_by_name, d.rationale, d.revisit_on, p.uuid AS project_uuid,
    p.name AS project_name, d.source_item_id, d.created_at, d.updated_at
  FROM decisions d
  LEFT JOIN team_members m ON m.id = d.decided_by_member_id
  LEFT JOIN projects p ON p.id = d.project_id`

const toDecision = (row: Row, today: string): Decision => ({
  ...row,
  id: Number(row.id),
  source_item_id: row.source_item_id === null ? null : Number(row.source_item_id),
  revisit_due: row.revisit_on !== null && row.revisit_on <= today,
})

/** Revisit due first (the earliest date first), then the newest decided first. */
function byDueThenNewest(a: Decision, b: Decision) {
  if (a.revisit_due !== b.revisit_due) return a.revisit_due ? -1 : 1
  if (a.revisit_due && a.revisit_on !== b.revisit_on)
    return (a.revisit_on ?? '') < (b.revisit_on ?? '') ? -1 : 1
  if (a.decided_on !== b.decided_on) return a.decided_on < b.decided_on ? 1 : -1
  return b.id - a.id
}

/** Every word of the query (case-insensitive) in the title, the why, the person or project. */
function matchesText(d: Decision, query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const text = [d.title, d.rationale, d.decided_by_name, d.project_name]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
  return words.every((w) => text.includes(w))
}

/**
 * GET /api/decisions: the user's decisions, revisit due first. `project_uuid` and `decided_by`
 * (a team member's uuid, or `me`) narrow them; an unknown uuid finds none.
 */
export async function listDecisions(ctx: AppContext, userId: number, filter: DecisionModel.list) {
  const where = [sql`d.user_id = ${userId}`]
  if (filter.project_uuid) where.push(sql`p.uuid = ${filter.project_uuid}`)
  if (filter.decided_by === 'me')
    where.push(sql`d.decided_by_member_id IS NULL AND d.decided_by_name IS NULL`)
  else if (filter.decided_by) where.push(sql`m.uuid = ${filter.decided_by}`)
  const rows = await ctx.db.rows<Row>(sql`${SELECT} WHERE ${sql.join(where, sql` AND `)}`)
  const today = isoDate()
  const query = filter.query?.trim() ?? ''
  return rows
    .map((r) => toDecision(r, today))
    .filter((d) => !query || matchesText(d, query))
    .sort(byDueThenNewest)
}

async function loadDecision(db: Engine, userId: number, id: number) {
  const row = await db.row<Row>(sql`${SELECT} WHERE d.id = ${id} AND d.user_id = ${userId}`)
  if (!row) throw new NotFound(NOT_FOUND)
  return toDecision(row, isoDate())
}

const cleanTitle = (title: string) => {
  const trimmed = title.trim()
  if (!trimmed) throw new BadRequest('Title is required (at most 500 characters)')
  return trimmed
}
const checkDate = (field: string, value: string) => {
  if (!isValidIsoDate(value)) throw new BadRequest(`${field} must be a date (YYYY-MM-DD)`)
  return value
}
const cleanText = (value: string | null) => (value === null ? null : value.trim() || null)

/** The user's own row id for a reference, or 404 (another user's answers as missing). */
async function ownedId(
  db: Engine,
  userId: number,
  kind: 'member' | 'project' | 'item',
  ref: string | number,
) {
  if (kind === 'member') {
    const [row] = await db.orm
      .select({ id: teamMembers.id, name: teamMembers.name })
      .from(teamMembers)
      .where(and(eq(teamMembers.uuid, String(ref)), eq(teamMembers.user_id, userId)))
    if (!row) throw new NotFound('Team member not found')
    return row
  }
  if (kind === 'project') {
    const [row] = await db.orm
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(and(eq(projects.uuid, String(ref)), eq(projects.user_id, userId)))
    if (!row) throw new NotFound('Project not found')
    return row
  }
  const [row] = await db.orm
    .select({ id: sectionItems.id, name: sectionItems.content })
    .from(sectionItems)
    .where(and(eq(sectionItems.id, Number(ref)), eq(sectionItems.user_id, userId)))
  if (!row) throw new NotFound('Item not found')
  return row
}

type Fields = Partial<typeof decisions.$inferInsert>

/** The columns a create or an update writes, every reference checked to be the user's. */
async function columns(db: Engine, userId: number, input: DecisionModel.update) {
  const set: Fields = {}
  if (input.title !== undefined) set.title = cleanTitle(input.title)
  if (input.decided_on !== undefined) set.decided_on = checkDate('decided_on', input.decided_on)
  if (input.rationale !== undefined) set.rationale = cleanText(input.rationale)
  if (input.revisit_on !== undefined)
    set.revisit_on = input.revisit_on === null ? null : checkDate('revisit_on', input.revisit_on)
  if (input.decided_by_member_uuid === null) {
    set.decided_by_member_id = null
    set.decided_by_name = null
  } else if (input.decided_by_member_uuid !== undefined) {
    const member = await ownedId(db, userId, 'member', input.decided_by_member_uuid)
    set.decided_by_member_id = member.id
    set.decided_by_name = member.name
  }
  if (input.project_uuid !== undefined)
    set.project_id =
      input.project_uuid === null
        ? null
        : (await ownedId(db, userId, 'project', input.project_uuid)).id
  if (input.source_item_id === null) {
    set.source_item_id = null
    set.ask_root_item_id = null
  } else if (input.source_item_id !== undefined) {
    const item = await sourceItem(db, userId, input.source_item_id)
    set.source_item_id = item.id
    // An ask is recorded once across its carried copies: keyed by the first of them.
    set.ask_root_item_id = item.is_ask ? item.root_id : null
    // Recorded from an ask, the decision keeps the ask's project unless one is given.
    if (input.project_uuid === undefined && item.project_id != null)
      set.project_id = item.project_id
  }
  return set
}

/**
 * The user's item a decision is recorded from (404 otherwise), whether it is an ask, its project,
 * and the first of its carried copies (carried_from_item_id followed back).
 */
async function sourceItem(db: Engine, userId: number, itemId: number) {
  const row = await db.row<{
    id: number
    is_ask: number
    project_id: number | null
    root_id: number
  }>(sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT id, 0 FROM section_items WHERE id = ${itemId} AND user_id = ${userId}
      UNION ALL
      SELECT i.carried_from_item_id, up.depth + 1 FROM up
      JOIN section_items i ON i.id = up.id
      WHERE i.carried_from_item_id IS NOT NULL AND up.depth < 1000
    )
    SELECT i.id, i.is_ask, i.project_id,
      (SELECT u.id FROM up u ORDER BY u.depth DESC LIMIT 1) AS root_id
    FROM section_items i WHERE i.id = ${itemId} AND i.user_id = ${userId}`)
  if (!row) throw new NotFound('Item not found')
  return {
    id: Number(row.id),
    is_ask: Number(row.is_ask) === 1,
    project_id: row.project_id == null ? null : Number(row.project_id),
    root_id: Number(row.root_id),
  }
}

export const ASK_DECIDED = 'This ask is already recorded as a decision'

/** A second decision from one ask (any of its carried copies): 409 naming the first. */
async function askDecidedOnce<T>(
  db: Engine,
  userId: number,
  root: number | null | undefined,
  write: () => Promise<T>,
) {
  try {
    return await write()
  } catch (error) {
    if (root == null || !isUniqueViolation(error)) throw error
    const first = await db.row<{ id: number }>(sql`
      SELECT id FROM decisions WHERE user_id = ${userId} AND ask_root_item_id = ${root}`)
    throw new Conflict(ASK_DECIDED, first ? { decision_id: Number(first.id) } : {})
  }
}

const revisitAfterDecided = (decidedOn: string, revisitOn: string | null | undefined) => {
  if (revisitOn && revisitOn < decidedOn)
    throw new BadRequest('revisit_on must be on or after decided_on')
}

export async function createDecision(ctx: AppContext, userId: number, input: DecisionModel.create) {
  const set = await columns(ctx.db, userId, input)
  revisitAfterDecided(set.decided_on as string, set.revisit_on)
  await assertRoom(
    ctx.db,
    sql`SELECT COUNT(*) AS n FROM decisions WHERE user_id = ${userId}`,
    1,
    DECISION_LIMIT,
    'decisions per account',
  )
  const id = await askDecidedOnce(ctx.db, userId, set.ask_root_item_id, () =>
    ctx.db.tx(
      async (tx) => {
        const [row] = await tx.orm
          .insert(decisions)
          .values({
            ...set,
            user_id: userId,
            title: set.title as string,
            decided_on: set.decided_on as string,
          })
          .returning({ id: decisions.id })
        await materializeRevisits(tx, userId)
        return row.id
      },
      { user: userId },
    ),
  )
  ctx.db.q.search.syncSoon()
  return loadDecision(ctx.db, userId, id)
}

export async function updateDecision(
  ctx: AppContext,
  userId: number,
  id: number,
  input: DecisionModel.update,
) {
  const current = await loadDecision(ctx.db, userId, id)
  const set = await columns(ctx.db, userId, input)
  revisitAfterDecided(
    set.decided_on ?? current.decided_on,
    set.revisit_on === undefined ? current.revisit_on : set.revisit_on,
  )
  // A new revisit date makes a follow-up: at most OBJECT_LIMITS.revisitsPerDecision of them.
  if (set.revisit_on && set.revisit_on !== current.revisit_on)
    await assertRoom(
      ctx.db,
      sql`SELECT COUNT(*) AS n FROM decision_revisits WHERE decision_id = ${id}`,
      1,
      OBJECT_LIMITS.revisitsPerDecision,
      'revisits per decision',
    )
  await askDecidedOnce(ctx.db, userId, set.ask_root_item_id, () =>
    ctx.db.tx(
      async (tx) => {
        const updated = await tx.orm
          .update(decisions)
          .set({ ...set, updated_at: nowIso() })
          .where(and(eq(decisions.id, id), eq(decisions.user_id, userId)))
          .returning({ id: decisions.id })
        // Deleted meanwhile.
        if (!updated.length) throw new NotFound(NOT_FOUND)
        await materializeRevisits(tx, userId)
      },
      { user: userId },
    ),
  )
  ctx.db.q.search.syncSoon()
  return loadDecision(ctx.db, userId, id)
}

export async function deleteDecision(ctx: AppContext, userId: number, id: number) {
  const deleted = await ctx.db.orm
    .delete(decisions)
    .where(and(eq(decisions.id, id), eq(decisions.user_id, userId)))
    .returning({ id: decisions.id })
  if (!deleted.length) throw new NotFound(NOT_FOUND)
  return { success: true, message: 'Decision deleted' }
}

/**
 * "Decided this week" of a report (its brief, the memo, GET /api/reports/{uuid}): the user's
 * decisions whose decided_on falls in the report's week (week_start_date and the 6 days after),
 * oldest first. Names only; a decision the user made names the author.
 */
export async function decisionsOfWeek(
  db: Engine,
  report: { user_id: number; week_start_date: string },
): Promise<BriefDecision[]> {
  const [author] = await db.orm
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, report.user_id))
  const rows = await db.orm
    .select({
      id: decisions.id,
      title: decisions.title,
      decided_on: decisions.decided_on,
      member_name: teamMembers.name,
      recorded_name: decisions.decided_by_name,
      rationale: decisions.rationale,
      revisit_on: decisions.revisit_on,
      project_name: projects.name,
    })
    .from(decisions)
    .leftJoin(teamMembers, eq(teamMembers.id, decisions.decided_by_member_id))
    .leftJoin(projects, eq(projects.id, decisions.project_id))
    .where(
      and(
        eq(decisions.user_id, report.user_id),
        gte(decisions.decided_on, report.week_start_date),
        lte(decisions.decided_on, addDays(report.week_start_date, 6)),
      ),
    )
    .orderBy(decisions.decided_on, decisions.id)
  return rows.map(({ member_name, recorded_name, ...r }) => ({
    ...r,
    decided_by_name: member_name ?? recorded_name ?? author?.name ?? null,
  }))
}
