import { and, asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/engine'
import { reportSections, reports, sectionTemplates } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors'
import { itemRoom, OBJECT_LIMITS } from '../../lib/limits'
import { systemSetting } from '../../lib/system-settings'
import { isoDate, nowIso } from '../../lib/time'
import { isValidIsoDate } from '../../lib/weeks'
import { materializeRevisits } from '../decisions/revisits'
import { decisionsOfWeek } from '../decisions/service'
import { reportProjectHealth } from '../project-health/service'
import { withTeamSignals } from '../project-health/team-signals'
import { reportMetrics } from '../report-metrics/service'
import { sendReport } from '../sending/send'
import { getSettings } from '../settings/service'
import { carryOver } from './carry-over'
import type { ReportModel } from './model'
import { findReport, loadReport } from './read/find'

export async function getReport(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const [full, project_health] = await Promise.all([
    loadReport(ctx, report),
    // The owner's own table: with linked members' worse health (mismatched health).
    reportProjectHealth(ctx.db, report).then((rows) => withTeamSignals(ctx.db, report, rows)),
  ])
  return {
    ...full,
    project_health,
    decisions: await decisionsOfWeek(ctx.db, report),
    metrics: await reportMetrics(ctx.db, report),
  }
}

const clean = (v: string | null | undefined) => (v == null ? null : v.trim() || null)

/**
 * The admin setting max_reports_per_user: a user at the limit cannot add another report (403
 * saying so). Counted before the insert; two creations racing at the limit may both pass, which
 * is within what an upper bound on storage needs.
 */
export async function checkReportLimit(ctx: AppContext, userId: number, adding: number) {
  const set = Number(await systemSetting(ctx.db, 'max_reports_per_user', ''))
  // Unset (or set higher), the limit is OBJECT_LIMITS.reports.
  const max =
    Number.isFinite(set) && set > 0 ? Math.min(set, OBJECT_LIMITS.reports) : OBJECT_LIMITS.reports
  const [{ n }] = await ctx.db.rows<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM reports WHERE user_id = ${userId}`,
  )
  if (Number(n) + adding > max)
    throw new Forbidden(
      `You have reached the limit of ${max.toLocaleString('en-US')} reports; delete old ones or ask your administrator`,
    )
}

/** Creates the week's report with the user's section templates, in order, as its sections. */
export async function createReport(ctx: AppContext, userId: number, input: ReportModel.create) {
  if (!isValidIsoDate(input.week_start_date)) {
    throw new BadRequest('week_start_date must be a date (YYYY-MM-DD)')
  }
  const sameWeek = async () => {
    const [existing] = await ctx.db.orm
      .select({ uuid: reports.uuid })
      .from(reports)
      .where(and(eq(reports.user_id, userId), eq(reports.week_start_date, input.week_start_date)))
    return existing
  }
  const existing = await sameWeek()
  if (existing) throw new Conflict('Report already exists for this week', { uuid: existing.uuid })
  await checkReportLimit(ctx, userId, 1)
  const carry = input.carry_over ?? (await getSettings(ctx, userId)).carry_over
  const created = await ctx.db
    .tx(
      async (tx) => {
        const [report] = await tx.orm
          .insert(reports)
          .values({
            user_id: userId,
            uuid: crypto.randomUUID(),
            week_start_date: input.week_start_date,
            title: clean(input.title),
            summary: clean(input.summary),
          })
          .returning()
        const templates = await tx.orm
          .select()
          .from(sectionTemplates)
          .where(eq(sectionTemplates.user_id, userId))
          .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
        if (templates.length) {
          await tx.orm.insert(reportSections).values(
            templates.map((t, i) => ({
              report_id: report.id,
              user_id: userId,
              section_template_id: t.id,
              section_name: t.name,
              section_type: t.type,
              sort_order: i,
            })),
          )
        }
        const carried = carry ? await carryOver(tx, userId, report) : 0
        // Decisions whose revisit comes due in this week become its follow-ups (decisions/revisits.ts).
        await materializeRevisits(tx, userId)
        return { report, carried }
      },
      { user: userId },
    )
    .catch(async (error) => {
      // The same week created at the same moment elsewhere (another tab, another instance).
      const other = isUniqueViolation(error) ? await sameWeek() : undefined
      if (other) throw new Conflict('Report already exists for this week', { uuid: other.uuid })
      throw error
    })
  if (created.carried) itemRoom(ctx.db).forget(userId)
  await logActivity(ctx.db, {
    userId,
    action: 'report_created',
    entityType: 'report',
    entityId: created.report.uuid,
  })
  return { ...(await loadReport(ctx, created.report)), carried_count: created.carried }
}

/** Carries the previous report's open items into an existing report; idempotent. */
export async function carryIntoReport(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const carried = await ctx.db.tx(
    async (tx) => {
      const n = await carryOver(tx, userId, report)
      await materializeRevisits(tx, userId)
      return n
    },
    { user: userId },
  )
  if (carried) {
    itemRoom(ctx.db).forget(userId)
    await logActivity(ctx.db, {
      userId,
      action: 'report_carried_over',
      entityType: 'report',
      entityId: uuid,
      details: `${carried} item(s)`,
    })
  }
  return { carried }
}

/**
 * Only the given fields change. Back to draft clears sent_date; sent without a date is today.
 * Sending (a draft given is_submitted: true) is sendReport's: exactly once, whatever runs at the
 * same moment. Sent again (already sent, or sent by another request meanwhile) with nothing else
 * to change is a no-op answering the report as it is.
 */
export async function updateReport(
  ctx: AppContext,
  userId: number,
  uuid: string,
  input: ReportModel.update,
) {
  const report = await findReport(ctx, userId, uuid)
  const changes: Partial<typeof reports.$inferInsert> = {}
  if (input.title !== undefined) changes.title = clean(input.title)
  if (input.summary !== undefined) {
    changes.summary = clean(input.summary)
    // A summary saved without the model that drafted it was typed by hand (issue 47).
    changes.summary_model = changes.summary ? clean(input.summary_model) : null
  } else if (input.summary_model !== undefined) {
    throw new BadRequest('summary_model is sent with the summary it drafted')
  }
  if (input.sent_date != null && !isValidIsoDate(input.sent_date)) {
    throw new BadRequest('sent_date must be a date (YYYY-MM-DD)')
  }
  const sending = input.is_submitted === true && !report.is_submitted
  if (sending) {
    const sent = await sendReport(ctx, userId, report, {
      ...changes,
      sent_date: input.sent_date || isoDate(),
      updated_at: nowIso(),
    })
    if (sent) return { ...sent.report, delivery: sent.delivery }
  }
  if (input.is_submitted === false) {
    changes.is_submitted = false
    changes.sent_date = null
  } else if (input.sent_date && (report.is_submitted || sending)) {
    changes.sent_date = input.sent_date
  } else if (report.is_submitted && !report.sent_date) {
    changes.sent_date = isoDate()
  }
  const [row] = Object.keys(changes).length
    ? await ctx.db.orm
        .update(reports)
        .set({ ...changes, updated_at: nowIso() })
        .where(eq(reports.id, report.id))
        .returning()
    : await ctx.db.orm.select().from(reports).where(eq(reports.id, report.id))
  // Deleted meanwhile: as if never found.
  if (!row) return findReport(ctx, userId, uuid)
  // Sent already (or by another request meanwhile): this one queued nothing.
  if (input.is_submitted === true)
    return {
      ...row,
      delivery: { emails: 0, webhooks: 0, mail_configured: Boolean(ctx.config.smtp) },
    }
  return row
}

/** Deletes the report and, through the foreign keys, every section and item under it. */
export async function deleteReport(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  await ctx.db.orm.delete(reports).where(eq(reports.id, report.id))
  await logActivity(ctx.db, {
    userId,
    action: 'report_deleted',
    entityType: 'report',
    entityId: uuid,
  })
  return { success: true, message: 'Report and all related content deleted successfully' }
}

export async function updateSection(
  ctx: AppContext,
  userId: number,
  id: number,
  input: ReportModel.sectionUpdate,
) {
  const [row] = await ctx.db.orm
    .update(reportSections)
    .set({ content: input.content ?? null, updated_at: nowIso() })
    .where(and(eq(reportSections.id, id), eq(reportSections.user_id, userId)))
    .returning()
  if (!row) throw new NotFound('Section not found')
  return row
}
