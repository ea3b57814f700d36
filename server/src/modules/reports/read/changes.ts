import type { ChangeItem, ReportChanges } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { timeSlices } from '../../../lib/time-slices'
import { type AgeingFields, ageingClock, withAgeing } from '../../section-items/ageing'
import { findReport } from './find'

/** Items given their ageing fields per query. */
const AGE_PAGE = 1_000

/** The items of one report with what a 'Since last week' summary shows of each. */
const itemsSql = (reportId: number, userId: number) => sql`
SELECT i.id, i.content, i.item_type, s.section_name, i.project_id, p.name AS project_name,
  i.is_completed, i.carried_from_item_id
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
LEFT JOIN projects p ON p.id = i.project_id
WHERE s.report_id = ${reportId} AND i.user_id = ${userId}
ORDER BY s.sort_order, s.id, i.sort_order, i.id`

const previousSql = (userId: number, week: string) => sql`
SELECT uuid, week_start_date, title FROM reports
WHERE user_id = ${userId} AND week_start_date < ${week}
ORDER BY week_start_date DESC LIMIT 1`

type Row = {
  id: number
  content: string
  item_type: 'standard' | 'task' | 'followup'
  section_name: string
  project_id: number | null
  project_name: string | null
  is_completed: number
  carried_from_item_id: number | null
}

const isWork = (i: { item_type: string }) => i.item_type === 'task' || i.item_type === 'followup'

/** Sorts aged items into the four lists of a 'Since last week' summary. */
export function classify<T extends AgeingFields & { item_type: string; is_completed: boolean }>(
  items: T[],
) {
  return {
    completed: items.filter((i) => isWork(i) && i.is_completed),
    new: items.filter((i) => i.carried_from_item_id === null),
    carried: items.filter((i) => i.carried_from_item_id !== null),
    stalled: items.filter((i) => i.is_stalled),
  }
}

/** GET /api/reports/{uuid}/changes: what changed since the previous report. */
export async function reportChanges(
  ctx: AppContext,
  userId: number,
  uuid: string,
): Promise<ReportChanges> {
  return changesOf(ctx, await findReport(ctx, userId, uuid))
}

/** What changed in this report since the user's previous one (the report is the caller's). */
export async function changesOf(
  ctx: AppContext,
  report: { id: number; user_id: number; week_start_date: string },
): Promise<ReportChanges> {
  const userId = report.user_id
  const found = await ctx.db.row<{ uuid: string; week_start_date: string; title: string | null }>(
    previousSql(userId, report.week_start_date),
  )
  // Built field by field: the same keys in the same order on both engines.
  const previous = found
    ? { uuid: found.uuid, week_start_date: found.week_start_date, title: found.title }
    : null
  const rows = (await ctx.db.rows<Row>(itemsSql(report.id, userId))).map((r) => ({
    ...r,
    is_completed: r.is_completed === 1,
  }))
  // Aged a thousand at a time with the loop given back between (a report holds up to 10,000).
  const clock = rows.length ? await ageingClock(ctx, userId) : undefined
  const slices = timeSlices()
  const aged: Array<(typeof rows)[number] & AgeingFields> = []
  for (let i = 0; i < rows.length; i += AGE_PAGE) {
    await slices.pause()
    aged.push(...(await withAgeing(ctx, userId, rows.slice(i, i + AGE_PAGE), clock)))
  }
  const lists = classify(aged)
  const out = (list: typeof aged): ChangeItem[] =>
    list.map((i) => ({
      id: i.id,
      content: i.content,
      item_type: i.item_type,
      section_name: i.section_name,
      project_id: i.project_id,
      project_name: i.project_name,
      is_completed: i.is_completed,
      origin_week_start_date: i.origin_week_start_date,
      open_weeks: i.open_weeks,
    }))
  return {
    previous,
    counts: {
      completed: lists.completed.length,
      new: lists.new.length,
      carried: lists.carried.length,
      stalled: lists.stalled.length,
    },
    completed: out(lists.completed),
    new: out(lists.new),
    carried: out(lists.carried),
    stalled: out(lists.stalled),
  }
}
