import { sql } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { truthy } from '../../../db/engine'

/**
 * Readers' questions stay private (issue 41): a question becomes a follow-up of the author's
 * report marked `from_reader`, and such a follow-up is in a brief — an edition, the e-mail, the
 * shared page, Markdown, chat, the PDF — only when the author chose 'Include in brief'
 * (`include_in_brief`, PUT /api/section-items/{id}). Every medium takes its brief through one of
 * these.
 */

/** Whether an item belongs in a brief (a row as stored, 0/1, or as answered, booleans). */
export const inBrief = (item: { from_reader?: unknown; include_in_brief?: unknown }) =>
  !truthy(item.from_reader) || truthy(item.include_in_brief)

/** The report's items that are left out of its brief: readers' follow-ups not included. */
export async function privateItemIds(ctx: AppContext, reportId: number): Promise<Set<number>> {
  const rows = await ctx.db.rows<{ id: number }>(sql`
    SELECT i.id FROM section_items i JOIN report_sections s ON s.id = i.section_id
    WHERE s.report_id = ${reportId} AND i.from_reader = 1 AND i.include_in_brief = 0`)
  return new Set(rows.map((r) => Number(r.id)))
}

type Listed = { id: number }
type Filterable = {
  sections: Array<{ items: Listed[] }>
  since_last_week?: { completed: Listed[]; stalled: Listed[] }
  asks?: Listed[]
}

/**
 * The brief without the given items: in its sections, 'Since last week' and asks. buildBrief
 * (brief/build.ts) makes every brief through it, so every medium leaves them out.
 */
export function withoutItems<B extends Filterable>(brief: B, hidden: Set<number>): B {
  if (hidden.size === 0) return brief
  const keep = (item: { id: number }) => !hidden.has(Number(item.id))
  return {
    ...brief,
    sections: brief.sections.map((s) => ({ ...s, items: s.items.filter(keep) })),
    ...(brief.since_last_week
      ? {
          since_last_week: {
            ...brief.since_last_week,
            completed: brief.since_last_week.completed.filter(keep),
            stalled: brief.since_last_week.stalled.filter(keep),
          },
        }
      : {}),
    ...(brief.asks ? { asks: brief.asks.filter(keep) } : {}),
  }
}
