import { asc, eq, sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { decisionRevisits, decisions, reports } from '../../db/schema'
import { BadRequest } from '../../lib/errors'
import { assertRoom } from '../../lib/limits'
import { isValidIsoDate } from '../../lib/weeks'
import type { DecisionTransfer } from './model'
import { DECISION_LIMIT } from './service'

/**
 * The decision log in the account's export document: ids are the document's (its projects and
 * team members), and the revisits already made are named by their report's week, so an import
 * never makes a revisit's follow-up a second time.
 */
export async function exportDecisions(db: Engine, userId: number): Promise<DecisionTransfer[]> {
  const rows = await db.orm
    .select()
    .from(decisions)
    .where(eq(decisions.user_id, userId))
    .orderBy(asc(decisions.id))
  const revisits = Map.groupBy(
    await db.orm
      .select({
        decision_id: decisionRevisits.decision_id,
        revisit_on: decisionRevisits.revisit_on,
        week_start_date: reports.week_start_date,
      })
      .from(decisionRevisits)
      .innerJoin(reports, eq(reports.id, decisionRevisits.report_id))
      .where(eq(decisionRevisits.user_id, userId))
      .orderBy(asc(decisionRevisits.id)),
    (v) => v.decision_id,
  )
  return rows.map((d) => ({
    id: d.id,
    title: d.title,
    decided_on: d.decided_on,
    decided_by_member_id: d.decided_by_member_id,
    rationale: d.rationale,
    revisit_on: d.revisit_on,
    project_id: d.project_id,
    created_at: d.created_at,
    revisits: (revisits.get(d.id) ?? []).map(({ revisit_on, week_start_date }) => ({
      revisit_on,
      week_start_date,
    })),
  }))
}

/** What the schema cannot say: real dates, known references, at most the account's limit. */
export function checkDecisions(
  list: DecisionTransfer[],
  projectIds: Set<number>,
  memberIds: Set<number>,
) {
  const invalid = (why: string) => new BadRequest(`Invalid export document: ${why}`)
  if (list.length > DECISION_LIMIT) throw invalid(`more than ${DECISION_LIMIT} decisions`)
  for (const d of list) {
    if (!d.title.trim()) throw invalid('a decision has no title')
    for (const date of [
      d.decided_on,
      d.revisit_on,
      ...(d.revisits ?? []).flatMap((v) => [v.revisit_on, v.week_start_date]),
    ])
      if (date !== null && !isValidIsoDate(date)) throw invalid(`bad decision date ${date}`)
    if (d.project_id !== null && !projectIds.has(d.project_id))
      throw invalid(`unknown project id ${d.project_id}`)
    if (d.decided_by_member_id !== null && !memberIds.has(d.decided_by_member_id))
      throw invalid(`unknown team member id ${d.decided_by_member_id}`)
  }
}

/**
 * Restores the document's decisions inside the import's transaction, after its projects, team
 * members and reports. A decision the account already has (same title and date) is kept, not
 * doubled. Answers how many were added.
 */
export async function importDecisions(
  db: Engine,
  userId: number,
  list: DecisionTransfer[],
  maps: {
    project: (id: number | null) => number | null
    member: (id: number | null) => number | null
  },
) {
  if (!list.length) return 0
  const key = (d: { title: string; decided_on: string }) => `${d.decided_on} ${d.title.trim()}`
  const have = new Set(
    (
      await db.orm
        .select({ title: decisions.title, decided_on: decisions.decided_on })
        .from(decisions)
        .where(eq(decisions.user_id, userId))
    ).map(key),
  )
  const weeks = new Map(
    (
      await db.orm
        .select({ id: reports.id, week: reports.week_start_date })
        .from(reports)
        .where(eq(reports.user_id, userId))
    ).map((r) => [r.week, r.id]),
  )
  let added = 0
  for (const d of list) {
    if (have.has(key(d))) continue
    have.add(key(d))
    const [row] = await db.orm
      .insert(decisions)
      .values({
        user_id: userId,
        title: d.title.trim(),
        decided_on: d.decided_on,
        decided_by_member_id: maps.member(d.decided_by_member_id),
        rationale: d.rationale?.trim() || null,
        revisit_on: d.revisit_on,
        project_id: maps.project(d.project_id),
        ...(d.created_at ? { created_at: d.created_at } : {}),
      })
      .returning({ id: decisions.id })
    added++
    for (const v of d.revisits ?? []) {
      const report = weeks.get(v.week_start_date)
      if (report === undefined) continue
      await db.orm
        .insert(decisionRevisits)
        .values({
          decision_id: row.id,
          user_id: userId,
          revisit_on: v.revisit_on,
          report_id: report,
        })
        .onConflictDoNothing()
    }
  }
  // What the account holds stays within its limit, or nothing of the import is written.
  await assertRoom(
    db,
    sql`SELECT COUNT(*) AS n FROM decisions WHERE user_id = ${userId}`,
    0,
    DECISION_LIMIT,
    'decisions per account',
  )
  return added
}
