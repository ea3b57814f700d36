import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { BadRequest, NotFound } from '../../lib/errors'
import type { ReportModel } from './model'

const EXACTLY_ONCE = "section_ids must list each of the report's sections exactly once"

/**
 * PUT /api/reports/:uuid/sections/order: the report's sections in the given order (positions 0,
 * 1, …), for 'Apply to this report' after the sections were reordered in Settings. The list must
 * hold every section of the report exactly once, else 400 and nothing changes. One transaction
 * under the user's write lock; answers the sections' ids in their new order.
 */
export function orderSections(
  ctx: AppContext,
  userId: number,
  uuid: string,
  { section_ids }: ReportModel.sectionOrder,
) {
  return ctx.db.tx(
    async (tx) => {
      const report = await tx.row<{ id: number }>(
        sql`SELECT id FROM reports WHERE uuid = ${uuid} AND user_id = ${userId}`,
      )
      if (!report) throw new NotFound('Report not found')
      const rows = await tx.rows<{ id: number; sort_order: number }>(
        sql`SELECT id, sort_order FROM report_sections WHERE report_id = ${report.id}`,
      )
      const theirs = new Map(rows.map((r) => [Number(r.id), Number(r.sort_order)]))
      const given = new Set(section_ids)
      if (
        given.size !== section_ids.length ||
        section_ids.length !== theirs.size ||
        section_ids.some((id) => !theirs.has(id))
      )
        throw new BadRequest(EXACTLY_ONCE)
      // Only the sections whose position changes are written.
      for (const [index, id] of section_ids.entries()) {
        if (theirs.get(id) === index) continue
        await tx.exec(
          sql`UPDATE report_sections SET sort_order = ${index} WHERE id = ${id} AND report_id = ${report.id}`,
        )
      }
      return { section_ids }
    },
    { user: userId },
  )
}
