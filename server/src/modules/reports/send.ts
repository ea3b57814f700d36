import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reports } from '../../db/schema'
import { recordActivity } from '../../lib/activity'
import { recordSendDeliveries, wakeMailers } from '../delivery-queue/queue'
import { spendSendQuota } from '../delivery-queue/quota'
import type { Report } from './find'

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
      const delivery = await recordSendDeliveries(tx, ctx.config, userId, row)
      // A Send that e-mails or posts counts against the user's send quota.
      if (delivery.emails + delivery.webhooks > 0) await spendSendQuota({ ...ctx, db: tx }, userId)
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
  if (sent && sent.delivery.emails + sent.delivery.webhooks > 0) wakeMailers(ctx.db)
  return sent
}
