/**
 * Nudge: the executive reminds a linked team member who has not sent this week's update. The
 * member's week is theirs (their own start day). One nudge per executive, person and week, made
 * once by the partial unique index deliveries_nudge_once: of two clicks, tabs or instances at
 * once, one insert wins. The e-mail goes through the delivery queue and counts against the
 * executive's send quota (429 undoes the nudge). Without mail nothing is recorded: the page
 * offers a message to copy instead.
 */
import type { AppContext } from '../../context'
import { deliveries } from '../../db/schema'
import { Conflict } from '../../lib/errors'
import { wakeMailers } from '../sending/queue/queue'
import { spendSendQuota } from '../sending/queue/quota'
import { linkedAccount, nudgeStatus, recipientsOf } from './nudge-status'
import { findMember } from './service'

/** POST /api/team-members/{uuid}/nudge: answers the member's status with nudged_at set. */
export async function nudgeMember(ctx: AppContext, userId: number, uuid: string) {
  const member = await findMember(ctx, userId, uuid)
  const linked = await linkedAccount(ctx, member.id)
  if (!linked) {
    throw new Conflict(
      `${member.name} has not joined Cadence: invite them first, then a nudge reaches them`,
    )
  }
  const status = await nudgeStatus(ctx, userId, member.id)
  if (!status) throw new Conflict(`${member.name} is no longer linked`)
  if (status.sent) throw new Conflict(`${member.name} already sent this week's update`)
  if (!status.mail) {
    throw new Conflict('Mail is not set up on this server: copy the message and send it yourself')
  }
  const inserted = await ctx.db.tx(
    async (tx) => {
      const [row] = await tx.orm
        .insert(deliveries)
        .values({
          user_id: userId,
          kind: 'nudge',
          week_start_date: status.week_start_date,
          recipients: recipientsOf(linked.email),
        })
        .onConflictDoNothing()
        .returning({ created_at: deliveries.created_at })
      // Only the nudge that was made spends the quota; over it, the insert is undone.
      if (row) await spendSendQuota({ ...ctx, db: tx }, userId)
      return row ?? null
    },
    { user: userId },
  )
  if (!inserted) throw new Conflict(`${member.name} was already nudged this week`)
  wakeMailers(ctx.db)
  return { ...status, nudged_at: inserted.created_at }
}
