/**
 * The per-user send quota (security review, item 4): a Send or an update (each freezes an
 * edition, whether or not it e-mails or posts), and a Retry, each count once against an hourly and
 * a daily limit, kept in the database (lib/rate-limit.ts)
 * so they hold across instances. Over either, the request is refused with 429 and changes
 * nothing: nobody can turn Cadence into a mailer by flipping a report between sent and draft.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { userSettings } from '../../db/schema'
import { TooManyRequests } from '../../lib/errors'
import { createRateLimiter } from '../../lib/rate-limit'
import { parseWebhookUrls } from './chat-labels'
import { parseRecipients } from './queue'

export const SENDS_PER_HOUR = 20
export const SENDS_PER_DAY = 100

const MESSAGE = `Send limit reached: at most ${SENDS_PER_HOUR} sends an hour and ${SENDS_PER_DAY} a day; try again later`

/** Whether a Send by this user would deliver anything (e-mail with SMTP set, or a webhook). */
export async function sendDelivers(ctx: AppContext, userId: number) {
  const [row] = await ctx.db.orm
    .select({ recipients: userSettings.report_recipients, webhooks: userSettings.webhook_urls })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId))
  const mail = Boolean(ctx.config.smtp) && parseRecipients(row?.recipients).length > 0
  return mail || parseWebhookUrls(row?.webhooks).length > 0
}

/** Counts one send against the user's quota, or throws 429 with what the limits are. */
export async function spendSendQuota(ctx: AppContext, userId: number) {
  const hour = createRateLimiter(ctx.db, SENDS_PER_HOUR, 3_600_000)
  const day = createRateLimiter(ctx.db, SENDS_PER_DAY, 86_400_000)
  try {
    await hour(`send-hour ${userId}`)
    await day(`send-day ${userId}`)
  } catch (error) {
    if (error instanceof TooManyRequests) throw new TooManyRequests(MESSAGE)
    throw error
  }
}
