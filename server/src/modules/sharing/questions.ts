import { and, desc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  reportSections,
  reports,
  sectionItems,
  shareAcknowledgements,
  shareQuestions,
} from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { Forbidden, NotFound } from '../../lib/errors'
import { OBJECT_LIMITS } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import { createItem } from '../section-items/service'
import { queueQuestionMail } from '../sending/queue/queue'
import type { SharingModel } from './model'
import { cleanText, readerOf } from './reader'
import type { ActiveShare } from './shares'

/** 'Nov 23': the week a brief was for, as its readers know it. */
const briefDate = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/**
 * The report a reader's question lands in: the author's newest (this week's, or next week's if
 * made already); its first follow-ups section, or a new 'Follow-ups' section at its end.
 */
async function landingSection(ctx: AppContext, userId: number) {
  // The newest report is the current week's when there is one (or next week's, made early).
  const [newest] = await ctx.db.orm
    .select()
    .from(reports)
    .where(eq(reports.user_id, userId))
    .orderBy(desc(reports.week_start_date))
    .limit(1)
  if (!newest) return null
  const [section] = await ctx.db.orm
    .select()
    .from(reportSections)
    .where(
      and(eq(reportSections.report_id, newest.id), eq(reportSections.section_type, 'followups')),
    )
    .orderBy(reportSections.sort_order, reportSections.id)
    .limit(1)
  if (section) return section
  const [{ next }] = await ctx.db.rows<{ next: number }>(
    sql`SELECT COALESCE(MAX(sort_order), -1) + 1 AS next FROM report_sections WHERE report_id = ${newest.id}`,
  )
  const [created] = await ctx.db.orm
    .insert(reportSections)
    .values({
      report_id: newest.id,
      user_id: userId,
      section_name: 'Follow-ups',
      section_type: 'followups',
      sort_order: Number(next),
    })
    .returning()
  return created
}

/** The item a question names must be an item of the shared report; anything else is 404. */
async function itemOfReport(ctx: AppContext, share: ActiveShare, itemId: number) {
  const [item] = await ctx.db.orm
    .select({ id: sectionItems.id, project_id: sectionItems.project_id })
    .from(sectionItems)
    .innerJoin(reportSections, eq(reportSections.id, sectionItems.section_id))
    .where(and(eq(sectionItems.id, itemId), eq(reportSections.report_id, share.report_id)))
  if (!item) throw new NotFound('Item not found')
  return item
}

/**
 * POST /api/shared/{token}/questions: the question is stored with the link (with the asker's
 * name, for the author only), and becomes a follow-up in the author's current report (or newest)
 * marked `from_reader`, e.g. 'A reader asked on the brief of Nov 23: why is Apollo at risk?' —
 * never naming the asker. Such a follow-up stays out of every brief until the author includes it
 * (sending/brief/filter.ts). It can reach nothing but that.
 */
export async function askQuestion(
  ctx: AppContext,
  share: ActiveShare,
  input: SharingModel.question,
) {
  const { name } = readerOf(share, input.name)
  const text = cleanText(input.text, 'Question')
  // Counted before the write (a race at the limit may pass it by one: an upper bound on storage).
  const [{ n }] = await ctx.db.rows<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM share_questions WHERE report_id = ${share.report_id}`,
  )
  if (Number(n) >= OBJECT_LIMITS.questionsPerReport)
    throw new Forbidden(
      `This brief has taken its ${OBJECT_LIMITS.questionsPerReport} questions, the most one brief takes; ask its author directly`,
    )
  const item = input.item_id == null ? null : await itemOfReport(ctx, share, input.item_id)
  const [report] = await ctx.db.orm
    .select({ week_start_date: reports.week_start_date })
    .from(reports)
    .where(eq(reports.id, share.report_id))
  // One transaction under the author's write lock: readers asking at the same moment each get
  // their follow-up, in one 'Follow-ups' section (made once), and their question.
  const row = await ctx.db.tx(
    async (tx) => {
      const inTx = { ...ctx, db: tx }
      const section = await landingSection(inTx, share.user_id)
      // The follow-up counts against the items per report and per account (lib/limits.ts, the
      // 403 of createItem): in a full report or account the question is kept (at most
      // questionsPerReport of them) and no follow-up is made, as a revisit due in a full report.
      const followup = section
        ? await createItem(inTx, share.user_id, {
            section_id: section.id,
            content: `A reader asked on the brief of ${briefDate(report.week_start_date)}: ${text}`,
            project_id: item?.project_id ?? null,
            item_type: 'followup',
          }).catch((error) => {
            if (error instanceof Forbidden) return null
            throw error
          })
        : null
      if (followup)
        await tx.exec(sql`UPDATE section_items SET from_reader = 1 WHERE id = ${followup.id}`)
      const [question] = await tx.orm
        .insert(shareQuestions)
        .values({
          user_id: share.user_id,
          report_id: share.report_id,
          share_id: share.id,
          item_id: item?.id ?? null,
          followup_item_id: followup?.id ?? null,
          name,
          text,
        })
        .returning()
      return question
    },
    { user: share.user_id },
  )
  await logActivity(ctx.db, {
    userId: share.user_id,
    action: 'question_received',
    entityType: 'share',
    entityId: share.id,
  })
  // With mail enabled, the author hears of it (one e-mail per brief per few minutes).
  await queueQuestionMail(ctx, share.user_id, {
    id: share.report_id,
    week_start_date: report.week_start_date,
  })
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    item_id: row.item_id,
    created_at: row.created_at,
    answer: row.answer,
  }
}

/**
 * POST /api/shared/{token}/acknowledgements: 'Read — thanks', once per reader: on a personal link
 * its recipient (no name needed), on another link each name. Again answers the first one. Under
 * the author's write lock, so two at the same moment make one.
 */
export async function acknowledge(
  ctx: AppContext,
  share: ActiveShare,
  input: SharingModel.acknowledgement,
) {
  const reader = readerOf(share, input.name)
  const row = await ctx.db.tx(
    async (tx) => {
      const same = share.recipient_email
        ? sql`share_id = ${share.id}`
        : sql`share_id = ${share.id} AND LOWER(name) = ${reader.name.toLowerCase()}`
      const known = await tx.row<{ id: number; name: string; created_at: string }>(sql`
        SELECT id, name, created_at FROM share_acknowledgements WHERE ${same}
        ORDER BY id LIMIT 1`)
      if (known) return known
      const [created] = await tx.orm
        .insert(shareAcknowledgements)
        .values({
          user_id: share.user_id,
          report_id: share.report_id,
          share_id: share.id,
          name: reader.name,
        })
        .returning()
      return created
    },
    { user: share.user_id },
  )
  return { id: Number(row.id), name: row.name, created_at: row.created_at }
}

/** GET /api/questions lists at most this many (the newest); docs/security.md, list caps. */
export const QUESTIONS_LISTED = 500

/**
 * GET /api/questions: readers' questions to the signed-in author, newest first (at most
 * QUESTIONS_LISTED), with what they asked about; `unseen` and `unseen_by_report` (report uuid →
 * count) feed the badges.
 */
export async function listQuestions(ctx: AppContext, userId: number) {
  const rows = await ctx.db.rows<{
    id: number
    report_uuid: string
    week_start_date: string
    item_id: number | null
    item_content: string | null
    followup_item_id: number | null
    name: string
    text: string
    answer: string | null
    answered_at: string | null
    seen_at: string | null
    created_at: string
  }>(sql`
    SELECT q.id, r.uuid AS report_uuid, r.week_start_date, q.item_id, i.content AS item_content,
      q.followup_item_id, q.name, q.text, q.answer, q.answered_at, q.seen_at, q.created_at
    FROM share_questions q
    JOIN reports r ON r.id = q.report_id
    LEFT JOIN section_items i ON i.id = q.item_id
    WHERE q.user_id = ${userId}
    ORDER BY q.created_at DESC, q.id DESC
    LIMIT ${QUESTIONS_LISTED}`)
  // The badge counts every unseen question, also those older than the list.
  const unseen = await ctx.db.rows<{ report_uuid: string; n: number }>(sql`
    SELECT r.uuid AS report_uuid, COUNT(*) AS n
    FROM share_questions q JOIN reports r ON r.id = q.report_id
    WHERE q.user_id = ${userId} AND q.seen_at IS NULL
    GROUP BY r.uuid`)
  const unseenByReport = Object.fromEntries(unseen.map((u) => [u.report_uuid, Number(u.n)]))
  const acknowledgements = await ctx.db.rows<{
    report_uuid: string
    name: string
    created_at: string
  }>(sql`
    SELECT r.uuid AS report_uuid, a.name, a.created_at
    FROM share_acknowledgements a JOIN reports r ON r.id = a.report_id
    WHERE a.user_id = ${userId}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT 200`)
  return {
    questions: rows,
    unseen: Object.values(unseenByReport).reduce((a, b) => a + b, 0),
    unseen_by_report: unseenByReport,
    acknowledgements,
  }
}

/** PUT /api/questions/{id}: the author's answer (shown under the question) and/or seen. */
export async function answerQuestion(
  ctx: AppContext,
  userId: number,
  id: number,
  input: SharingModel.answer,
) {
  const [row] = await ctx.db.orm
    .select()
    .from(shareQuestions)
    .where(and(eq(shareQuestions.id, id), eq(shareQuestions.user_id, userId)))
  if (!row) throw new NotFound('Question not found')
  const now = nowIso()
  const changes: Partial<typeof shareQuestions.$inferInsert> = { updated_at: now }
  if (input.answer !== undefined) {
    const answer = input.answer?.trim() || null
    changes.answer = answer
    changes.answered_at = answer ? now : null
    changes.seen_at = row.seen_at ?? now
  }
  if (input.seen !== undefined) changes.seen_at = input.seen ? (row.seen_at ?? now) : null
  const [updated] = await ctx.db.orm
    .update(shareQuestions)
    .set(changes)
    .where(eq(shareQuestions.id, id))
    .returning()
  return updated
}
