import { and, asc, desc, eq, gt, gte, inArray, or } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { reportSections, reports, sectionItems } from '../../../db/schema'
import { LIST_CAPS } from '../../../lib/limits'
import { ownedRow } from '../../../lib/owned'
import { nextTurn, timeSlices } from '../../../lib/time-slices'
import { type AgeingFields, ageingClock, withAgeing } from '../../section-items/ageing'

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

/** Items read per query, and given their ageing fields per query, in a large report. */
export const ITEM_PAGE = 1_000

type ItemRow = typeof sectionItems.$inferSelect

/**
 * A report with its sections and their items (with the ageing fields): in five queries when it
 * holds up to ITEM_PAGE items. A larger one (up to OBJECT_LIMITS.itemsPerReport) is read section
 * by section in pages on the section's index, and aged a page at a time, giving the event loop
 * back between pages: on SQLite a query runs on the server's thread, and 10,000 items read at once
 * held it 40–150 ms.
 */
export async function loadReport(ctx: AppContext, report: Report) {
  const sections = await ctx.db.orm
    .select()
    .from(reportSections)
    .where(eq(reportSections.report_id, report.id))
    .orderBy(asc(reportSections.sort_order), asc(reportSections.id))
  let items: ItemRow[] = sections.length
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
        .limit(ITEM_PAGE + 1)
    : []
  let aged: Array<ItemRow & AgeingFields>
  if (items.length <= ITEM_PAGE) aged = await withAgeing(ctx, report.user_id, items)
  else {
    const slices = timeSlices()
    items = []
    for (const section of sections)
      items.push(...(await sectionItemsInPages(ctx, section.id, slices)))
    const clock = await ageingClock(ctx, report.user_id)
    aged = []
    for (let i = 0; i < items.length; i += ITEM_PAGE) {
      await slices.pause()
      aged.push(...(await withAgeing(ctx, report.user_id, items.slice(i, i + ITEM_PAGE), clock)))
    }
    await nextTurn()
  }
  const bySection = Map.groupBy(aged, (i) => i.section_id)
  return {
    ...report,
    sections: sections.map((s) => ({ ...s, items: bySection.get(s.id) ?? [] })),
  }
}

/** A section's items in its order, ITEM_PAGE at a time by (sort_order, id). */
async function sectionItemsInPages(
  ctx: AppContext,
  sectionId: number,
  slices: ReturnType<typeof timeSlices>,
) {
  const list: ItemRow[] = []
  for (;;) {
    await slices.pause()
    const last = list.at(-1)
    const page = await ctx.db.orm
      .select()
      .from(sectionItems)
      .where(
        and(
          eq(sectionItems.section_id, sectionId),
          last ? gte(sectionItems.sort_order, last.sort_order) : undefined,
          last
            ? or(
                gt(sectionItems.sort_order, last.sort_order),
                and(eq(sectionItems.sort_order, last.sort_order), gt(sectionItems.id, last.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(sectionItems.sort_order), asc(sectionItems.id))
      .limit(ITEM_PAGE)
    list.push(...page)
    if (page.length < ITEM_PAGE) return list
  }
}
