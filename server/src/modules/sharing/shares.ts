import { paths } from '@cadence/core/paths'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reports, shares } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { NotFound } from '../../lib/errors'
import { LIST_CAPS } from '../../lib/limits'
import { forReaders } from '../../lib/shared-view'
import { nowIso } from '../../lib/time'
import { randomVerifier, sha256Hex } from '../auth/tokens'
import { findReport } from '../reports/read/find'
import { buildBrief, editionBrief, editionMeta, latestEdition } from '../sending/brief/build'
import type { SharingModel } from './model'
import { answerOut } from './reader'
import { assertLinkRoom, openLink } from './share-limits'
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
  await assertLinkRoom(ctx, userId, report.id)
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
  return {
    id: row.id,
    url: `${ctx.config.publicUrl}${paths.shared(token)}`,
    expires_at: row.expires_at,
  }
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
      recipient_email: shares.recipient_email,
    })
    .from(shares)
    .innerJoin(reports, eq(reports.id, shares.report_id))
    .where(eq(shares.user_id, userId))
    // Every open link first (at most OBJECT_LIMITS.openLinksPerAccount, below the list cap), so
    // an old permanent link can always be seen and revoked; then the newest closed ones.
    .orderBy(
      sql`CASE WHEN ${openLink(nowIso())} THEN 0 ELSE 1 END`,
      desc(shares.created_at),
      desc(shares.id),
    )
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

type ReaderRow = {
  share_id: number
  recipient_email: string | null
  created_at: string
  revoked_at: string | null
  opened_edition_number: number | null
  last_viewed_at: string | null
  ack_name: string | null
  acknowledged_at: string | null
}

/** GET /api/reports/{uuid}/readers lists at most this many links (the newest). */
export const READERS_LISTED = 500

/**
 * GET /api/reports/{uuid}/readers: each link of the report — a recipient's personal link, or an
 * anonymous one (recipient_email null) — with the edition its reader's page loaded last and when
 * (opens reach the database in batches, views.ts), and its latest 'Read — thanks' (`name`: who
 * said it; on a personal link the recipient unless they gave a name). The author's only: another
 * user's report is 404. A revoked link is listed while it was opened or acknowledged.
 */
export async function listReaders(ctx: AppContext, userId: number, reportUuid: string) {
  const report = await findReport(ctx, userId, reportUuid)
  const rows = await ctx.db.rows<ReaderRow>(sql`
    SELECT s.id AS share_id, s.recipient_email, s.created_at, s.revoked_at,
      s.opened_edition_number, s.last_viewed_at,
      (SELECT a.name FROM share_acknowledgements a WHERE a.share_id = s.id
        ORDER BY a.created_at DESC, a.id DESC LIMIT 1) AS ack_name,
      (SELECT MAX(a.created_at) FROM share_acknowledgements a WHERE a.share_id = s.id)
        AS acknowledged_at
    FROM shares s
    WHERE s.report_id = ${report.id} AND s.user_id = ${userId}
    ORDER BY CASE WHEN s.recipient_email IS NULL THEN 1 ELSE 0 END, s.recipient_email,
      s.created_at, s.id
    LIMIT ${READERS_LISTED}`)
  return {
    readers: rows
      .filter((r) => !r.revoked_at || r.last_viewed_at || r.acknowledged_at)
      .map((r) => ({
        share_id: Number(r.share_id),
        recipient_email: r.recipient_email,
        name: r.ack_name,
        edition_number: r.opened_edition_number == null ? null : Number(r.opened_edition_number),
        opened_at: r.last_viewed_at,
        acknowledged_at: r.acknowledged_at,
        revoked_at: r.revoked_at,
      })),
  }
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
  edition_number: number | null
  wording: string | null
  replaced_at: string | null
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
  // The open of the edition loaded (the reader's page asks for it; a bare /r/ fetch does not).
  countView(ctx.db, share.id, answer.edition?.number ?? null)
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
  // The link's questions with the author's answers, never the asker's name (the author alone
  // knows it): on a personal link they are its recipient's own ('You'); on an anonymous one,
  // whoever holds the link sees them, asked by 'A reader'.
  const asker = share.recipient_email ? 'You' : 'A reader'
  const questions = await ctx.db.rows<QuestionRow>(sql`
    SELECT id, ${asker} AS name, text, item_id, created_at, answer FROM share_questions
    WHERE share_id = ${share.id} ORDER BY created_at, id`)
  // Asks: this link's own current answers to the brief's asks (never another link's readers').
  const answers = await ctx.db.rows<AskAnswerRow>(sql`
    SELECT id, item_id, name, answer, text, created_at, edition_number, wording, replaced_at
    FROM ask_answers
    WHERE share_id = ${share.id} AND replaced_at IS NULL ORDER BY created_at, id`)
  const brief = forReaders(latest ? editionBrief(latest) : await buildBrief(ctx, report)) // lib/shared-view.ts
  const wordings = new Map((brief.asks ?? []).map((a) => [a.id, a.content]))
  const ask_answers = answers.map((a) => answerOut(a, wordings.get(Number(a.item_id)) ?? null))
  // A personal link's reader is known: the page asks no name.
  const personal = share.recipient_email != null
  return latest
    ? { report: brief, edition: editionMeta(latest), questions, ask_answers, personal }
    : { report: brief, edition: null, questions, ask_answers, personal }
}
