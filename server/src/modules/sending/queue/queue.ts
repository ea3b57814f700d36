/**
 * Recording deliveries: what a Send or a reader's question is to deliver, as rows
 * of `deliveries` that the senders (modules/delivery: mail.ts, chat.ts) claim and send.
 */
import { desc, eq } from 'drizzle-orm'
import type { Config } from '../../../config'
import type { AppContext } from '../../../context'
import type { Db } from '../../../db'
import { deliveries, reportEditions, userSettings, users } from '../../../db/schema'
import { parseWebhookUrls } from './chat-labels'

/** The addresses of a stored JSON array; anything malformed reads as none. */
export function parseRecipients(json: string | null | undefined): string[] {
  try {
    const value = JSON.parse(json ?? '[]')
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && v.includes('@'))
      : []
  } catch {
    return []
  }
}

const wakers = new WeakMap<Db, Set<() => void>>()

/** Registers a running mailer on a database; the returned function unregisters it. */
export function onDeliveryQueued(db: Db, wake: () => void) {
  const set = wakers.get(db) ?? new Set()
  set.add(wake)
  wakers.set(db, set)
  return () => set.delete(wake)
}

/** Tells the mailers running on this database that a delivery is due now. */
export function wakeMailers(db: Db) {
  for (const wake of wakers.get(db) ?? []) wake()
}

/**
 * On Send, in the Send's own transaction (sending/send.ts): with mail enabled and at least one
 * recipient in the user's settings, a `report` delivery with the recipients as they are now; and
 * a `webhook` delivery for each chat URL, each naming the edition it carries (its id, so the
 * senders never guess it from a time). Committed or rolled back with the Send, so a report is
 * never sent without its deliveries nor delivered twice. Answers how many of each; the caller
 * wakes the senders once the transaction is committed (wakeMailers).
 */
export async function recordSendDeliveries(
  db: Db,
  config: Config,
  userId: number,
  report: { id: number; week_start_date: string },
) {
  const [settings] = await db.orm
    .select({ recipients: userSettings.report_recipients, urls: userSettings.webhook_urls })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId))
  const recipients = config.smtp ? parseRecipients(settings?.recipients) : []
  const urls = parseWebhookUrls(settings?.urls)
  if (!recipients.length && !urls.length) return { emails: 0, webhooks: 0 }
  // The edition this Send or update froze, earlier in this same transaction under the user's
  // lock: the report's newest (a concurrent update waits for the lock, so it is not visible yet).
  const [edition] = await db.orm
    .select({ id: reportEditions.id })
    .from(reportEditions)
    .where(eq(reportEditions.report_id, report.id))
    .orderBy(desc(reportEditions.number))
    .limit(1)
  const row = (kind: 'report' | 'webhook', to: string[]) => ({
    user_id: userId,
    report_id: report.id,
    kind,
    week_start_date: report.week_start_date,
    recipients: JSON.stringify(to),
    edition_id: edition?.id ?? null,
  })
  const rows = [
    ...(recipients.length ? [row('report', recipients)] : []),
    ...urls.map((url) => row('webhook', [url])),
  ]
  if (rows.length) await db.orm.insert(deliveries).values(rows)
  return { emails: recipients.length ? 1 : 0, webhooks: urls.length }
}

/**
 * How long a question e-mail waits before it goes: questions asked on the same brief meanwhile
 * join it, so a board asking five questions is one e-mail, not five.
 */
export const QUESTION_MAIL_DELAY_MS = 2 * 60_000

/**
 * A reader asked a question on a private link: with mail enabled, the author gets an
 * e-mail listing the questions still unanswered on that brief (delivery/mail.ts). One pending
 * e-mail per report at a time: the questions that follow it within QUESTION_MAIL_DELAY_MS are in
 * it, so anonymous readers cannot make Cadence send the author more than one e-mail per window.
 * Never throws: the question is stored whatever happens here.
 */
export async function queueQuestionMail(
  ctx: AppContext,
  userId: number,
  report: { id: number; week_start_date: string },
  now = new Date(),
) {
  if (!ctx.config.smtp) return null
  try {
    const [author] = await ctx.db.orm
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
    if (!author) return null
    // The partial unique index deliveries_question_waiting keeps one waiting e-mail per brief:
    // of readers asking at the same moment, on any instance, one insert wins, the others join it.
    const [row] = await ctx.db.orm
      .insert(deliveries)
      .values({
        user_id: userId,
        report_id: report.id,
        kind: 'question',
        week_start_date: report.week_start_date,
        recipients: JSON.stringify([author.email]),
        next_attempt_at: new Date(now.getTime() + QUESTION_MAIL_DELAY_MS).toISOString(),
      })
      .onConflictDoNothing()
      .returning()
    return row ?? null
  } catch (error) {
    console.error('Could not record the question e-mail', error)
    return null
  }
}
