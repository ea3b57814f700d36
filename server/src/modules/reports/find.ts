import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reportSections, reports, sectionItems } from '../../db/schema'
import { LIST_CAPS } from '../../lib/limits'
import { ownedRow } from '../../lib/owned'
import { withAgeing } from '../section-items/ageing'

/**
 * Reading a user's reports: the list, one by uuid, one with its sections and items. Every
 * feature that shows a report (its page, the e-mail, the shared page, a teammate's update, the
 * Markdown export) reads it through here or named.ts.
 */

/** A report row. */
export type Report = typeof reports.$inferSelect

const NOT_FOUND = 'Report not found'

export async function listReports({ db }: AppContext, userId: number) {
  return await db.orm
    .select()
    .from(reports)
    .where(eq(reports.user_id, userId))
    .orderBy(desc(reports.week_start_date))
    .limit(LIST_CAPS.reports)
}

export function findReport({ db }: AppContext, userId: number, uuid: string) {
  return ownedRow(db, reports, userId, uuid, NOT_FOUND)
}

/**
 * A report with its sections and their items (with the ageing fields), in five queries whatever
 * its size.
 */
export async function loadReport(ctx: AppContext, report: Report) {
  const sections = await ctx.db.orm
    .select()
    .from(reportSections)
    .where(eq(reportSections.report_id, report.id))
    .orderBy(asc(reportSections.sort_order), asc(reportSections.id))
  const items = sections.length
    ? await ctx.db.orm
        .select()
        .from(sectionItems)
        .where(
          inArray(
            sectionItems.section_id,
            sections.map((s) => s.id),
          ),
        )
        .orderBy(asc(sectionItems.sort_order), asc(sectionItems.id))
    : []
  const aged = await withAgeing(ctx, report.user_id, items)
  const bySection = Map.groupBy(aged, (i) => i.section_id)
  return {
    ...report,
    sections: sections.map((s) => ({ ...s, items: bySection.get(s.id) ?? [] })),
  }
}
