import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reports } from '../../db/schema'
import { recordActivity } from '../../lib/activity'
import { assertEditionRoom } from '../../lib/limits'
import type { Report } from '../reports/read/find'
import { freezeEdition } from './brief/build'
import { recordSendDeliveries, wakeMailers } from './queue/queue'
import { spendSendQuota } from './queue/quota'

/**
 * Send, exactly once. The report becomes sent by a conditional update (only while it is a draft),
 * and in the same transaction, under the user's write lock, come everything a Send makes: its
 * deliveries (the e-mail and one post per chat URL), the send quota it spends, its activity
 * entry. Of two Sends at the same moment (two tabs, two instances, a proxy retrying), one
 * updates the row and the other finds it sent already and changes nothing: answers null, and
 * the caller answers the report as it is. Over the send quota (429) the whole Send is undone.
 *
 * `changes` are the other fields the same request sets (title, summary, sent_date).
 */
export async function sendReport(
  ctx: AppContext,
  userId: number,
  report: Report,
  changes: Partial<typeof reports.$inferInsert>,
) {
  const sent = await ctx.db.tx(
    async (tx) => {
      const [row] = await tx.orm
        .update(reports)
        .set({ ...changes, is_submitted: true })
        .where(and(eq(reports.id, report.id), eq(reports.is_submitted, false)))
        .returning()
      if (!row) return null
      // What readers get is frozen now: edition 1, or the next after a return to draft (403 when
      // the report has as many editions as it may).
      await assertEditionRoom(tx, row.id)
      await freezeEdition({ ...ctx, db: tx }, row)
      const delivery = await queueSendDeliveries({ ...ctx, db: tx }, userId, row)
      await recordActivity(tx, {
        userId,
        action: 'report_submitted',
        entityType: 'report',
        entityId: report.uuid,
      })
      // Anything else a Send makes is written here, in the same transaction (so exactly once).
      return { report: row, delivery }
    },
    { user: userId },
  )
  if (sent) wakeSenders(ctx, sent.delivery)
  return sent
}

/**
 * What a Send or an update delivers, recorded in the caller's transaction (`ctx.db` is it): the
 * e-mail and a post per chat URL, and the send quota it spends. Every Send and update spends it,
 * one that delivers nothing too: each freezes an edition, which the account keeps (issue 42).
 */
export async function queueSendDeliveries(
  ctx: AppContext,
  userId: number,
  report: { id: number; week_start_date: string },
) {
  const delivery = await recordSendDeliveries(ctx.db, ctx.config, userId, report)
  await spendSendQuota(ctx, userId)
  return { ...delivery, mail_configured: Boolean(ctx.config.smtp) }
}

/** After the commit: the senders go at once when something was queued. */
export function wakeSenders(ctx: AppContext, delivery: { emails: number; webhooks: number }) {
  if (delivery.emails + delivery.webhooks > 0) wakeMailers(ctx.db)
}
