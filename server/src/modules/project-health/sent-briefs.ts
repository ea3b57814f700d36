import type { SharedBrief } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { timeSlices } from '../../lib/time-slices'

/**
 * A linked member's report as they SENT it: the brief frozen by its latest edition (Send or the
 * last 'Send update'), never the live report. Team updates, the executive's search and team
 * signals read a member's report through these. Typed by the caller (the contract's SharedBrief
 * by default), since the brief's builder sits above this module.
 */

type Frozen = {
  sections: Array<{ section_type: string; items: Array<{ id: number }> }>
}

type EditionRow = { id: number; brief: string }

/** The latest edition's brief of each of these reports (a report never sent has none). */
export async function sentBriefs<B extends Frozen = SharedBrief>(
  db: Engine,
  reportIds: number[],
): Promise<Map<number, B>> {
  const out = new Map<number, B>()
  const ids = [...new Set(reportIds.map(Number))]
  if (!ids.length) return out
  const rows = await db.rows<EditionRow & { report_id: number }>(sql`
    SELECT e.id, e.report_id, e.brief FROM report_editions e
    WHERE e.report_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND e.number = (SELECT max(x.number) FROM report_editions x WHERE x.report_id = e.report_id)`)
  // A brief may be large (a report at its item limit): the loop is given back between parses.
  const slices = timeSlices()
  for (const row of rows) {
    await slices.pause()
    out.set(Number(row.report_id), JSON.parse(row.brief) as B)
  }
  return out
}

export const sentBrief = async <B extends Frozen = SharedBrief>(db: Engine, reportId: number) =>
  (await sentBriefs<B>(db, [reportId])).get(Number(reportId)) ?? null

/** The item of that id as the brief carries it, with its section's type; undefined when absent. */
export function briefItem<I extends { id: number }, T extends string>(
  brief: { sections: Array<{ section_type: T; items: I[] }> },
  itemId: number,
): (I & { section_type: T }) | undefined {
  for (const section of brief.sections)
    for (const item of section.items)
      if (Number(item.id) === Number(itemId)) return { ...item, section_type: section.section_type }
  return undefined
}
