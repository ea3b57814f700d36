import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { LAST_IN_SECTION } from '../../db/engine'
import { decisionRevisits, reportSections, reports, sectionItems } from '../../db/schema'
import { Forbidden } from '../../lib/errors'
import { assertItemRoom } from '../../lib/limits'
import { isoDate } from '../../lib/time'
import { addDays } from '../../lib/weeks'

/** Whether one more item fits the report and the account (their item limits). */
async function hasItemRoom(db: Engine, userId: number, reportId: number) {
  try {
    await assertItemRoom(db, userId, reportId, 1)
    return true
  } catch (error) {
    if (error instanceof Forbidden) return false
    throw error
  }
}

/**
 * A decision's revisit date made into a follow-up (docs/features.md, "Decisions"): it goes into
 * the user's first draft report whose week (week_start_date and the 6 days after) ends on or after
 * the revisit date, or today when that date has passed (a late revisit lands in this week's
 * report, never an old one), in its first follow-ups section. Made when that report exists: at
 * its creation, and whenever a decision is saved. Once per decision and revisit date: the claim
 * is a row of decision_revisits under a unique index, inserted before the follow-up in the same
 * transaction, so a second run at any moment (another instance) inserts nothing. Deleting the
 * follow-up does not bring it back; a new revisit date makes a new one. Run inside the caller's
 * transaction. Answers how many follow-ups were made.
 */
export async function materializeRevisits(db: Engine, userId: number): Promise<number> {
  const pending = await db.rows<{
    id: number
    title: string
    revisit_on: string
    project_id: number | null
    decided_by_member_id: number | null
  }>(sql`
    SELECT d.id, d.title, d.revisit_on, d.project_id, d.decided_by_member_id FROM decisions d
    WHERE d.user_id = ${userId} AND d.revisit_on IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM decision_revisits v
                      WHERE v.decision_id = d.id AND v.revisit_on = d.revisit_on)
    ORDER BY d.revisit_on, d.id`)
  const today = isoDate()
  let made = 0
  for (const decision of pending) {
    // The later of the two dates (ISO dates order as text).
    const due = [decision.revisit_on, today].sort()[1]
    const [report] = await db.orm
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.user_id, userId),
          eq(reports.is_submitted, false),
          gte(reports.week_start_date, addDays(due, -6)),
        ),
      )
      .orderBy(asc(reports.week_start_date))
      .limit(1)
    if (!report) continue
    const [section] = await db.orm
      .select({ id: reportSections.id })
      .from(reportSections)
      .where(
        and(eq(reportSections.report_id, report.id), eq(reportSections.section_type, 'followups')),
      )
      .orderBy(asc(reportSections.sort_order), asc(reportSections.id))
      .limit(1)
    if (!section) continue
    // A report or account at its item limit takes no follow-up: the revisit stays pending and
    // lands in a later draft with room (lib/limits.ts).
    if (!(await hasItemRoom(db, userId, report.id))) continue
    const [claim] = await db.orm
      .insert(decisionRevisits)
      .values({
        decision_id: decision.id,
        user_id: userId,
        revisit_on: decision.revisit_on,
        report_id: report.id,
      })
      .onConflictDoNothing()
      .returning({ id: decisionRevisits.id })
    if (!claim) continue
    const [item] = await db.orm
      .insert(sectionItems)
      .values({
        section_id: section.id,
        user_id: userId,
        content: `Revisit decision: ${decision.title}`,
        item_type: 'followup',
        project_id: decision.project_id,
        assigned_to_team_member_id: decision.decided_by_member_id,
        sort_order: LAST_IN_SECTION,
      })
      .returning({ id: sectionItems.id })
    await db.orm
      .update(decisionRevisits)
      .set({ item_id: item.id })
      .where(eq(decisionRevisits.id, claim.id))
    made++
  }
  return made
}
