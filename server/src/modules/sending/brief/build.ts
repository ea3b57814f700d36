import type { BriefSinceLastWeek, ChangeItem } from '@cadence/contract'
import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { reportEditions, userSettings, users } from '../../../db/schema'
import { nowIso } from '../../../lib/time'
import { nextTurn } from '../../../lib/time-slices'
import { asWeekday } from '../../../lib/weeks'
import { decisionsOfWeek } from '../../decisions/service'
import { reportProjectHealth } from '../../project-health/service'
import { reportMetrics } from '../../report-metrics/service'
import { changesOf, type ReadReport } from '../../reports/read/changes'
import type { Report } from '../../reports/read/find'
import { namedReport } from '../../reports/read/named'
import { privateItemIds, withoutItems } from './filter'

/**
 * The brief: a report as its readers get it (the shared page, an edition, the memo): who wrote it,
 * title, summary, sections with their items' projects, completion and assignees, and the
 * project health table. Names only: nothing else of the account.
 */
export async function buildBrief(ctx: AppContext, report: Report) {
  const { report: named, loaded, projectNames } = await namedReport(ctx, report)
  // Each step below is one turn of the event loop at most (a report at its item limit: issue 42).
  await nextTurn()
  // Readers' follow-ups the author did not include stay out (reports/brief-filter.ts).
  const hidden = await privateItemIds(ctx, report.id)
  const [author] = await ctx.db.orm
    .select({
      name: users.name,
      title: users.display_title,
      organisation_name: userSettings.organisation_name,
      start_day: userSettings.weekly_start_day,
      end_day: userSettings.weekly_end_day,
      confidentiality_line: userSettings.confidentiality_line,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.user_id, users.id))
    .where(eq(users.id, report.user_id))
  return withoutItems(
    {
      title: report.title,
      week_start_date: report.week_start_date,
      summary: report.summary,
      // The model the summary was accepted from (issue 47): frozen with the edition at Send.
      ...(report.summary && report.summary_model ? { summary_model: report.summary_model } : {}),
      sent_date: report.sent_date,
      author: { name: author?.name ?? null, title: author?.title ?? null },
      organisation_name: author?.organisation_name ?? null,
      // Frozen with the brief, so a reader's page heads and foots it as its author's pages do.
      week_days: {
        start: asWeekday(author?.start_day, 'monday'),
        end: asWeekday(author?.end_day, 'friday'),
      },
      confidentiality_line: author?.confidentiality_line?.trim() || null,
      sections: named.sections.map((s) => ({
        id: s.id,
        section_name: s.section_name,
        section_type: s.section_type,
        content: s.content,
        items: s.items.map((i) => ({
          id: i.id,
          content: i.content,
          is_completed: i.is_completed,
          project_name: i.projectName,
          assignee_name: i.assignee,
          // Team roll-up: whose report it was pulled from (only on a pulled item).
          ...(i.from ? { source_author_name: i.from } : {}),
        })),
      })),
      project_health: await turn(reportProjectHealth(ctx.db, report)),
      decisions: await turn(decisionsOfWeek(ctx.db, report)),
      since_last_week: await turn(sinceLastWeek(ctx, report, { loaded, projectNames })),
      asks: await turn(briefAsks(ctx, report)),
      metrics: await turn(reportMetrics(ctx.db, report)),
    },
    hidden,
  )
}

/** A step's answer after a turn of the event loop (on SQLite, a query runs on its thread). */
async function turn<T>(step: Promise<T>): Promise<T> {
  const value = await step
  await nextTurn()
  return value
}

/** Asks: the report's open asks of the readers, in report order (listed after the health table). */
export function briefAsks(ctx: AppContext, report: Report) {
  return ctx.db.rows<{ id: number; content: string; project_name: string | null }>(sql`
    SELECT i.id, i.content, p.name AS project_name
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    LEFT JOIN projects p ON p.id = i.project_id
    WHERE s.report_id = ${report.id} AND i.is_ask = 1 AND i.ask_closed_at IS NULL
    ORDER BY s.sort_order, s.id, i.sort_order, i.id`)
}

export type Brief = Awaited<ReturnType<typeof buildBrief>>

/** 'Since last week' as the memo prints it: counts, the completed and the stalled items. */
async function sinceLastWeek(
  ctx: AppContext,
  report: Report,
  read: ReadReport,
): Promise<BriefSinceLastWeek> {
  const changes = await changesOf(ctx, report, read)
  const item = ({ project_id: _, ...rest }: ChangeItem) => rest
  return {
    previous: changes.previous ? { week_start_date: changes.previous.week_start_date } : null,
    counts: changes.counts,
    completed: changes.completed.map(item),
    stalled: changes.stalled.map(item),
  }
}

/**
 * Freezes the report as it is now into its next edition. Called inside the transaction of a
 * Send or an update (under the user's write lock), so the number is read and written in one
 * transaction; the unique index on (report_id, number) refuses a second edition of one number.
 */
export async function freezeEdition(ctx: AppContext, report: Report, note: string | null = null) {
  const [last] = await ctx.db.orm
    .select({ number: reportEditions.number })
    .from(reportEditions)
    .where(eq(reportEditions.report_id, report.id))
    .orderBy(desc(reportEditions.number))
    .limit(1)
  const brief = await buildBrief(ctx, report)
  const [row] = await ctx.db.orm
    .insert(reportEditions)
    .values({
      report_id: report.id,
      user_id: report.user_id,
      number: (last?.number ?? 0) + 1,
      sent_at: nowIso(),
      note,
      brief: JSON.stringify(brief),
    })
    .returning()
  return row
}

/** The report's latest edition, or null while it was never sent. */
export async function latestEdition(ctx: AppContext, reportId: number) {
  const [row] = await ctx.db.orm
    .select()
    .from(reportEditions)
    .where(eq(reportEditions.report_id, reportId))
    .orderBy(desc(reportEditions.number))
    .limit(1)
  return row ?? null
}

/**
 * The edition a delivery carries: the one it names (`editionId`, recorded with it by the Send or
 * update); for an older delivery that names none, the newest one frozen no later than it was
 * queued. Null for a delivery queued before editions existed.
 */
export async function editionOfDelivery(
  ctx: AppContext,
  reportId: number,
  queuedAt: string,
  editionId?: number | null,
) {
  const [row] = await ctx.db.orm
    .select()
    .from(reportEditions)
    .where(
      and(
        eq(reportEditions.report_id, reportId),
        editionId != null
          ? eq(reportEditions.id, editionId)
          : lte(reportEditions.created_at, queuedAt),
      ),
    )
    .orderBy(desc(reportEditions.number))
    .limit(1)
  return row ?? null
}

/** One edition by number, or null. */
export async function editionByNumber(ctx: AppContext, reportId: number, number: number) {
  const [row] = await ctx.db.orm
    .select()
    .from(reportEditions)
    .where(and(eq(reportEditions.report_id, reportId), eq(reportEditions.number, number)))
  return row ?? null
}

/** The frozen brief of an edition row. */
export const editionBrief = (row: { brief: string }) => JSON.parse(row.brief) as Brief

/** What an edition says of itself. */
export const editionMeta = (row: { number: number; sent_at: string; note: string | null }) => ({
  number: row.number,
  sent_at: row.sent_at,
  note: row.note,
})
