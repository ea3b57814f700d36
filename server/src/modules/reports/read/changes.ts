import type { ChangeItem, ReportChanges } from '@cadence/contract'
import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { projects } from '../../../db/schema'
import type { AgeingFields } from '../../section-items/ageing'
import { findReport, loadReport, type Report } from './find'

const previousSql = (userId: number, week: string) => sql`
SELECT uuid, week_start_date, title FROM reports
WHERE user_id = ${userId} AND week_start_date < ${week}
ORDER BY week_start_date DESC LIMIT 1`

/** A report as read by loadReport, and its owner's project names (namedReport has both). */
export type ReadReport = {
  loaded: Awaited<ReturnType<typeof loadReport>>
  projectNames: Map<number, string>
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

/**
 * What changed in this report since the user's previous one (the report is the caller's). Its
 * items are read as its page reads them (loadReport: a large report section by section in pages,
 * aged a page at a time, the event loop given back between): one query for all of a full report's
 * 10,000 items held the loop 40-50 ms on SQLite. The brief passes the report it has read already.
 */
export async function changesOf(
  ctx: AppContext,
  report: Report,
  read?: ReadReport,
): Promise<ReportChanges> {
  const userId = report.user_id
  const found = await ctx.db.row<{ uuid: string; week_start_date: string; title: string | null }>(
    previousSql(userId, report.week_start_date),
  )
  // Built field by field: the same keys in the same order on both engines.
  const previous = found
    ? { uuid: found.uuid, week_start_date: found.week_start_date, title: found.title }
    : null
  const { loaded, projectNames } = read ?? {
    loaded: await loadReport(ctx, report),
    projectNames: new Map(
      (
        await ctx.db.orm
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(eq(projects.user_id, userId))
      ).map((p) => [p.id, p.name]),
    ),
  }
  const aged = loaded.sections.flatMap((s) =>
    s.items.map((i) => ({
      ...i,
      section_name: s.section_name,
      project_name: (i.project_id && projectNames.get(i.project_id)) || null,
    })),
  )
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
