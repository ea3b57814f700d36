/**
 * POST /api/reports/{uuid}/starter-sections: a report with no sections (an account that skipped
 * the tour has no templates) gets, in one click, the three usual sections. Without templates the
 * account first gets them as its templates (Highlights, Action Items, Follow-ups); the report's
 * sections are then made from the account's templates. Both inserts are conditional statements
 * in one transaction under the user's lock: a second click, tab or instance adds nothing, and a
 * report that has sections is answered as it is.
 */
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { findReport } from './read/find'
import { getReport } from './service'

/** The three usual sections: a standard, a tasks and a follow-ups section. */
export const STARTER_SECTIONS = [
  { name: 'Highlights', type: 'standard' },
  { name: 'Action Items', type: 'tasks' },
  { name: 'Follow-ups', type: 'followups' },
] as const

const starterRows = sql.raw(
  STARTER_SECTIONS.map(
    (s, i) => `SELECT '${s.name}' AS name, '${s.type}' AS type, ${i} AS sort_order`,
  ).join(' UNION ALL '),
)

export async function addStarterSections(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  await ctx.db.tx(
    async (tx) => {
      await tx.exec(sql`
        INSERT INTO section_templates (user_id, name, type, sort_order)
        SELECT CAST(${userId} AS INTEGER), v.name, v.type, v.sort_order FROM (${starterRows}) v
        WHERE NOT EXISTS (SELECT 1 FROM section_templates WHERE user_id = ${userId})`)
      await tx.exec(sql`
        INSERT INTO report_sections (report_id, user_id, section_template_id, section_name, section_type, sort_order)
        SELECT CAST(${report.id} AS INTEGER), CAST(${userId} AS INTEGER), t.id, t.name, t.type, t.sort_order
        FROM section_templates t
        WHERE t.user_id = ${userId}
          AND NOT EXISTS (SELECT 1 FROM report_sections s WHERE s.report_id = ${report.id})`)
    },
    { user: userId },
  )
  return await getReport(ctx, userId, uuid)
}
