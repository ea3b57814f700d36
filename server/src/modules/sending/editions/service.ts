import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { reportEditions, reports } from '../../../db/schema'
import { recordActivity } from '../../../lib/activity'
import { Conflict, NotFound } from '../../../lib/errors'
import { assertEditionRoom } from '../../../lib/limits'
import { forReaders } from '../../../lib/shared-view'
import { reportAsks } from '../../asks/service'
import { findReport } from '../../reports/read/find'
import { editionBrief, editionByNumber, editionMeta, freezeEdition } from '../brief/build'
import { type Composed, composeEdition, composeLive } from '../brief/compose'
import { queueSendDeliveries, wakeSenders } from '../send'
import type { EditionsModel } from './model'
import { memoPdfOffThread } from './pdf-off-thread'

export const NOT_SENT = 'Only a sent report can be updated: send it first'

/**
 * POST /api/reports/{uuid}/editions ('Send update'): freezes the report as it is now into its
 * next edition with the author's note and delivers it like a Send (e-mail and chat posts, the
 * send quota, an activity entry), all in one transaction under the user's write lock. A draft
 * answers 409 (Send is how a draft goes out) and changes nothing.
 */
export async function sendUpdate(
  ctx: AppContext,
  userId: number,
  uuid: string,
  input: EditionsModel.update,
) {
  const found = await findReport(ctx, userId, uuid)
  const note = input.note?.trim() || null
  const made = await ctx.db.tx(
    async (tx) => {
      // Read again inside the lock: sent, and still there.
      const [report] = await tx.orm.select().from(reports).where(eq(reports.id, found.id))
      if (!report) throw new NotFound('Report not found')
      if (!report.is_submitted) throw new Conflict(NOT_SENT)
      // 403 when the report has as many editions as it may (lib/limits.ts).
      await assertEditionRoom(tx, report.id)
      const edition = await freezeEdition({ ...ctx, db: tx }, report, note)
      const delivery = await queueSendDeliveries({ ...ctx, db: tx }, userId, report)
      await recordActivity(tx, {
        userId,
        action: 'report_updated_edition',
        entityType: 'report',
        entityId: report.uuid,
        details: `edition ${edition.number}`,
      })
      return { edition, delivery }
    },
    { user: userId },
  )
  wakeSenders(ctx, made.delivery)
  return editionMeta(made.edition)
}

/** GET /api/reports/{uuid}/editions: newest first. */
export async function listEditions(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const rows = await ctx.db.orm
    .select({
      number: reportEditions.number,
      sent_at: reportEditions.sent_at,
      note: reportEditions.note,
    })
    .from(reportEditions)
    .where(eq(reportEditions.report_id, report.id))
    .orderBy(desc(reportEditions.number))
  return rows
}

/** GET /api/reports/{uuid}/editions/{number}: the frozen brief and which edition it is. */
export async function getEdition(ctx: AppContext, userId: number, uuid: string, number: number) {
  const report = await findReport(ctx, userId, uuid)
  const row = await editionByNumber(ctx, report.id, number)
  if (!row) throw new NotFound('Edition not found')
  // As its readers got it (lib/shared-view.ts: no project_uuid), so the two stay equal.
  return { ...forReaders(editionBrief(row)), ...editionMeta(row) }
}

/**
 * A PDF download named after the organisation, week and edition: an ASCII name for old clients
 * and the exact one (RFC 5987) for the rest.
 */
const pdfResponse = (bytes: Uint8Array, filename: string) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename
        .replaceAll(/[—–]/g, '-')
        .replaceAll(/[^\x20-\x7e]/g, '_')
        .replaceAll(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
  })

/** The author's copy counts each ask's answers so far (its whole carried chain's). */
async function answerCounts(ctx: AppContext, userId: number, uuid: string) {
  const { asks } = await reportAsks(ctx, userId, uuid)
  return new Map(asks.map((a) => [a.item_id, a.answers.length]))
}

async function pdfOf(
  ctx: AppContext,
  userId: number,
  uuid: string,
  { composed, settings }: Composed,
) {
  const bytes = await memoPdfOffThread(composed, {
    paperSize: settings.paperSize,
    confidentialityLine: settings.confidentialityLine,
    answerCounts: await answerCounts(ctx, userId, uuid),
  })
  return pdfResponse(bytes, composed.pdf_filename)
}

/** GET /api/reports/{uuid}/pdf: the live report's memo ('Not sent yet'). */
export async function livePdf(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  return pdfOf(ctx, userId, uuid, await composeLive(ctx, report))
}

/** GET /api/reports/{uuid}/editions/{number}/pdf: that edition's memo, as it was sent. */
export async function editionPdf(ctx: AppContext, userId: number, uuid: string, number: number) {
  const report = await findReport(ctx, userId, uuid)
  const row = await editionByNumber(ctx, report.id, number)
  if (!row) throw new NotFound('Edition not found')
  return pdfOf(ctx, userId, uuid, await composeEdition(ctx, row))
}
