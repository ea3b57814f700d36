import { and, desc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reports, shares } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { NotFound } from '../../lib/errors'
import { LIST_CAPS } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import { randomVerifier, sha256Hex } from '../auth/tokens'
import { buildBrief, editionBrief, editionMeta, latestEdition } from '../reports/brief'
import { findReport } from '../reports/find'
import type { SharingModel } from './model'
import { countView, keptAnswer } from './views'

/** What every wrong, expired or revoked token answers: the same, so none can be told apart. */
export const LINK_UNAVAILABLE = 'This link is no longer available'

/**
 * POST /api/reports/{uuid}/shares: a private read-only link. The token (256 random bits) is in
 * this answer only; the database keeps its SHA-256.
 */
export async function createShare(
  ctx: AppContext,
  userId: number,
  reportUuid: string,
  input: SharingModel.createShare,
) {
  const report = await findReport(ctx, userId, reportUuid)
  const token = randomVerifier()
  const days = input.expires_in_days
  const expiresAt = days == null ? null : new Date(Date.now() + days * 86_400_000).toISOString()
  const [row] = await ctx.db.orm
    .insert(shares)
    .values({
      user_id: userId,
      report_id: report.id,
      token_hash: sha256Hex(token),
      expires_at: expiresAt,
    })
    .returning()
  await logActivity(ctx.db, {
    userId,
    action: 'report_shared',
    entityType: 'report',
    entityId: report.uuid,
    details: days == null ? 'never expires' : `expires in ${days} days`,
  })
  return { id: row.id, url: `${ctx.config.publicUrl}/r/${token}`, expires_at: row.expires_at }
}

/** GET /api/shares: the user's links, newest first, with their views (never who viewed). */
export async function listShares(ctx: AppContext, userId: number) {
  const rows = await ctx.db.orm
    .select({
      id: shares.id,
      report_uuid: reports.uuid,
      report_title: reports.title,
      week_start_date: reports.week_start_date,
      created_at: shares.created_at,
      expires_at: shares.expires_at,
      revoked_at: shares.revoked_at,
      views: shares.views,
      last_viewed_at: shares.last_viewed_at,
    })
    .from(shares)
    .innerJoin(reports, eq(reports.id, shares.report_id))
    .where(eq(shares.user_id, userId))
    .orderBy(desc(shares.created_at), desc(shares.id))
    .limit(LIST_CAPS.shares)
  return { shares: rows }
}

/** DELETE /api/shares/{id}: revokes at once; revoking again changes nothing. */
export async function revokeShare(ctx: AppContext, userId: number, id: number) {
  const [row] = await ctx.db.orm
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), eq(shares.user_id, userId)))
  if (!row) throw new NotFound('Link not found')
  if (!row.revoked_at) {
    await ctx.db.orm.update(shares).set({ revoked_at: nowIso() }).where(eq(shares.id, id))
    await logActivity(ctx.db, {
      userId,
      action: 'share_revoked',
      entityType: 'share',
      entityId: id,
    })
  }
  return { success: true }
}

export type ActiveShare = typeof shares.$inferSelect

/** The link a token opens, or 404 when it is wrong, expired or revoked. */
export async function activeShare({ db }: AppContext, token: string): Promise<ActiveShare> {
  // Every reader's request starts here, refused ones too: one plain statement, no query builder.
  const row = await db.row<ActiveShare>(
    sql`SELECT * FROM shares WHERE token_hash = ${sha256Hex(token)}`,
  )
  if (!row || row.revoked_at || (row.expires_at && row.expires_at <= nowIso())) {
    throw new NotFound(LINK_UNAVAILABLE)
  }
  return row
}

type QuestionRow = {
  id: number
  name: string
  text: string
  item_id: number | null
  created_at: string
  answer: string | null
}

type AskAnswerRow = {
  id: number
  item_id: number
  name: string
  answer: 'approve' | 'decline' | 'comment'
  text: string | null
  created_at: string
}

/**
 * GET /api/shared/{token}: the report as its readers see it — the draft view and the health
 * table, and this link's questions with their answers. Names only: no e-mail, no id of anything
 * but the report's own items (which a question may name), nothing else of the account. Counts a
 * view (in a batch) and keeps the answer while the owner's data is unchanged (views.ts).
 */
export async function sharedReport(ctx: AppContext, token: string) {
  const share = await activeShare(ctx, token)
  const answer = await keptAnswer(ctx.db, share, () => readersReport(ctx, share))
  countView(ctx.db, share.id)
  return answer
}

/**
 * The answer of sharedReport, made from the database: a sent report's latest edition (what was
 * sent, never the edits made since), or the live draft for a report never sent.
 */
async function readersReport(ctx: AppContext, share: ActiveShare) {
  const [report] = await ctx.db.orm.select().from(reports).where(eq(reports.id, share.report_id))
  if (!report) throw new NotFound(LINK_UNAVAILABLE)
  const latest = await latestEdition(ctx, report.id)
  const questions = await ctx.db.rows<QuestionRow>(sql`
    SELECT id, name, text, item_id, created_at, answer FROM share_questions
    WHERE share_id = ${share.id} ORDER BY created_at, id`)
  // Asks: this link's own answers to the brief's asks (never another link's readers' names).
  const ask_answers = await ctx.db.rows<AskAnswerRow>(sql`
    SELECT id, item_id, name, answer, text, created_at FROM ask_answers
    WHERE share_id = ${share.id} ORDER BY created_at, id`)
  return latest
    ? { report: editionBrief(latest), edition: editionMeta(latest), questions, ask_answers }
    : { report: await buildBrief(ctx, report), edition: null, questions, ask_answers }
}
