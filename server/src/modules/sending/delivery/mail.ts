import type { ComposedBrief } from '@cadence/core'
import { paths } from '@cadence/core/paths'
import { and, desc, eq, gte, lte, ne, sql } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { deliveries, reports, userSettings, users } from '../../../db/schema'
import { BadRequest, NotFound } from '../../../lib/errors'
import { LIST_CAPS } from '../../../lib/limits'
import { nextTurn } from '../../../lib/time-slices'
import { asWeekday, currentWeekWindow } from '../../../lib/weeks'
import { findReport } from '../../reports/read/find'
import { readerLinksFor, recipientKey } from '../../sharing/recipient-links'
import { editionOfDelivery, latestEdition } from '../brief/build'
import { composeEdition, composeLive, composeNext } from '../brief/compose'
import { memoPdfOffThread } from '../editions/pdf-off-thread'
import { parseWebhookUrls, webhookLabel } from '../queue/chat-labels'
import { parseRecipients, wakeMailers } from '../queue/queue'
import { spendSendQuota } from '../queue/quota'
import {
  escapeHtml,
  formatWeekRange,
  type MailLinks,
  notice,
  readerLinks,
  renderBriefSliced,
} from './mail-render'
import { nudgeMessage } from './nudge-mail'
import { type Delivery, runDueDeliveries, Skip } from './run'

// The weekly reminders are claimed by one statement a pass (queue/reminders.ts).
export { queueReminders, queueTeamReminders } from '../queue/reminders'
export { MAX_ATTEMPTS } from './run'
export type { Delivery }

async function weekSettings({ db }: AppContext, userId: number) {
  const [row] = await db.orm
    .select({ start: userSettings.weekly_start_day, end: userSettings.weekly_end_day })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId))
  return { startDay: asWeekday(row?.start, 'monday'), endDay: asWeekday(row?.end, 'friday') }
}

/** A composed brief's e-mail parts for one reader's links (null: no links, e.g. a copy). */
export async function briefEmail(composed: ComposedBrief, links: MailLinks) {
  return { subject: composed.subject, ...(await renderBriefSliced(composed, links)) }
}

/** Stands for a reader's personal link in the author's preview (each reader gets their own). */
export const PREVIEW_READER_PATH = paths.shared('your-personal-link')

/**
 * GET /api/reports/{uuid}/email-preview: the e-mail exactly as the next Send or 'Send update'
 * would produce it (edition 1 of a draft, else the next edition with "Changed since edition N"),
 * with a placeholder reader link; how many people and channels it reaches.
 */
export async function emailPreview(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const latest = await latestEdition(ctx, report.id)
  const { composed } = await composeNext(ctx, report, latest)
  const [settings] = await ctx.db.orm
    .select({ recipients: userSettings.report_recipients, urls: userSettings.webhook_urls })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId))
  const mail = await briefEmail(
    composed,
    readerLinks(`${ctx.config.publicUrl}${PREVIEW_READER_PATH}`),
  )
  return {
    ...mail,
    recipients: ctx.config.smtp ? parseRecipients(settings?.recipients).length : 0,
    webhooks: parseWebhookUrls(settings?.urls).length,
    mail_configured: Boolean(ctx.config.smtp),
  }
}

export function deliveryOut(d: Delivery) {
  return {
    id: d.id,
    kind: d.kind,
    // A webhook's URL is a credential of the channel: the answer names the service only.
    recipients:
      d.kind === 'webhook'
        ? parseWebhookUrls(d.recipients).map(webhookLabel)
        : parseRecipients(d.recipients),
    status: d.status,
    attempts: d.attempts,
    last_error: d.last_error,
    next_attempt_at: d.next_attempt_at,
    sent_at: d.sent_at,
    created_at: d.created_at,
  }
}

/** The report's deliveries, newest first. */
export async function listReportDeliveries(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const rows = await ctx.db.orm
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.report_id, report.id),
        eq(deliveries.user_id, userId),
        // A question e-mail goes to the author, not to the report's readers: not a delivery of it.
        ne(deliveries.kind, 'question'),
      ),
    )
    .orderBy(desc(deliveries.created_at), desc(deliveries.id))
    .limit(LIST_CAPS.deliveries)
  return rows.map(deliveryOut)
}

/**
 * A failed delivery goes back to pending, due now, with a fresh round of attempts. Made once by
 * the database: one conditional update (`… AND status = 'failed'`) in one transaction with the
 * send quota it spends, so of two Retries at the same moment, on any instances, one makes the
 * retry and spends the quota and the other changes nothing (400: it is not failed any more); a
 * Retry over the quota (429) leaves the delivery failed.
 */
export async function retryDelivery(ctx: AppContext, userId: number, id: number) {
  const updated = await ctx.db.tx(
    async (tx) => {
      const now = new Date().toISOString()
      const [row] = await tx.orm
        .update(deliveries)
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
        .where(
          and(
            eq(deliveries.id, id),
            eq(deliveries.user_id, userId),
            eq(deliveries.status, 'failed'),
          ),
        )
        .returning()
      if (!row) {
        // Nothing changed: say why (read only to choose the answer).
        const [seen] = await tx.orm
          .select({ id: deliveries.id })
          .from(deliveries)
          .where(and(eq(deliveries.id, id), eq(deliveries.user_id, userId)))
        if (!seen) throw new NotFound('Delivery not found')
        throw new BadRequest('Only a failed delivery can be retried')
      }
      // Over the quota: throws 429 and the update above is rolled back with it.
      await spendSendQuota({ ...ctx, db: tx }, userId)
      return row
    },
    { user: userId },
  )
  wakeMailers(ctx.db)
  return deliveryOut(updated)
}

// ---- Sending ----

export type MailMessage = {
  /** A Send's e-mail: "<author> via Cadence" at the configured address. */
  from: string | { name: string; address: string }
  to: string[]
  replyTo?: string
  subject: string
  html: string
  text: string
  /** The memo as a PDF, when the account turns that on (nodemailer's attachments). */
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}
/** What the mailer needs of a transport: nodemailer's sendMail. */
export type MailTransport = { sendMail: (message: MailMessage) => Promise<unknown> }

async function reminderMessage(
  ctx: AppContext,
  delivery: Delivery,
  to: string[],
): Promise<MailMessage> {
  const { startDay, endDay } = await weekSettings(ctx, delivery.user_id)
  const window = currentWeekWindow(delivery.week_start_date, startDay)
  const [report] = await ctx.db.orm
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.user_id, delivery.user_id),
        gte(reports.week_start_date, window.from),
        lte(reports.week_start_date, window.to),
      ),
    )
    .limit(1)
  // Sent between queueing and sending (or between retries): the reminder is no longer due.
  if (report?.is_submitted) throw new Skip('Not needed: the report was sent first')
  const range = formatWeekRange(delivery.week_start_date, startDay, endDay)
  const url = `${ctx.config.publicUrl}${report ? paths.report(report.uuid) : paths.reports()}`
  let what = report
    ? `Your weekly report for ${range} is not sent yet.`
    : `You have not started your weekly report for ${range} yet.`
  let why =
    "You get this reminder on your week end day while the week's report is not sent. Turn it off in Settings."
  if (delivery.kind === 'team_reminder') {
    // Team roll-up: whose Team updates wait for it (those still linked and asking for reminders).
    const names = (
      await ctx.db.rows<{ name: string }>(sql`
        SELECT COALESCE(NULLIF(e.name, ''), e.email) AS name
        FROM team_members m JOIN users e ON e.id = m.user_id
        JOIN user_settings es ON es.user_id = e.id
        WHERE m.linked_user_id = ${delivery.user_id} AND es.team_reminder_enabled = 1
        ORDER BY name`)
    ).map((r) => r.name)
    if (!names.length) throw new Skip('Not needed: no one asks for this reminder any more')
    what += ` ${names.join(', ')} ${names.length > 1 ? 'read' : 'reads'} it in Team updates once you send it.`
    why = `You get this reminder because ${names.join(', ')} asked Cadence to remind their team. Leaving a team in Settings stops it.`
  }
  return {
    from: ctx.config.smtp?.from ?? '',
    to,
    subject: `Reminder: your weekly report for ${range}`,
    text: `${what}\n\nOpen it in Cadence: ${url}\n\n${why}\n`,
    html: notice.html([
      notice.paragraph(what),
      notice.link(url, 'Open it in Cadence'),
      notice.smallPrint(why),
    ]),
  }
}

/** At most this many questions are quoted in one e-mail; the rest are counted. */
const QUESTIONS_QUOTED = 10

/**
 * Readers asked on a private link (queue.ts queueQuestionMail): the questions of that brief still
 * unanswered when the e-mail goes, newest first, each with its asker and what it is about. Every
 * word a reader wrote is escaped; the author answers in Cadence, never by replying.
 */
async function questionMessage(
  ctx: AppContext,
  delivery: Delivery,
  to: string[],
): Promise<MailMessage> {
  if (delivery.report_id == null) throw new Skip('The report was deleted')
  const [report] = await ctx.db.orm.select().from(reports).where(eq(reports.id, delivery.report_id))
  if (!report) throw new Skip('The report was deleted')
  const open = await ctx.db.rows<{ name: string; text: string; item: string | null }>(sql`
    SELECT q.name, q.text, i.content AS item FROM share_questions q
    LEFT JOIN section_items i ON i.id = q.item_id
    WHERE q.report_id = ${report.id} AND q.answer IS NULL
    ORDER BY q.created_at DESC, q.id DESC`)
  // Asks: readers' answers to the brief's asks since the last of these e-mails was sent.
  const answered = await ctx.db.rows<{
    name: string
    answer: string
    text: string | null
    ask: string
  }>(sql`
    SELECT a.name, a.answer, a.text, i.content AS ask FROM ask_answers a
    JOIN section_items i ON i.id = a.item_id
    WHERE a.report_id = ${report.id} AND a.created_at > COALESCE((SELECT MAX(d.sent_at)
      FROM deliveries d WHERE d.report_id = ${report.id} AND d.kind = 'question'
      AND d.status = 'sent' AND d.id <> ${delivery.id}), '')
    ORDER BY a.created_at, a.id`)
  if (!open.length && !answered.length) throw new Skip('Not needed: every question is answered')
  const { startDay, endDay } = await weekSettings(ctx, report.user_id)
  const range = formatWeekRange(report.week_start_date, startDay, endDay)
  const url = `${ctx.config.publicUrl}${paths.report(report.uuid)}`
  const quoted = open.slice(0, QUESTIONS_QUOTED)
  const more = open.length - quoted.length
  const head = !open.length
    ? `Readers answered your asks on your brief for ${range}.`
    : open.length === 1
      ? `A reader asked a question on your brief for ${range}.`
      : `Readers asked ${open.length} questions on your brief for ${range} that are not answered yet.`
  const verb = { approve: 'approved', decline: 'declined', comment: 'commented on' } as const
  const answerLine = (a: (typeof answered)[number]) =>
    `${a.name} ${verb[a.answer as keyof typeof verb] ?? a.answer} "${a.ask}"${a.text ? `: ${a.text}` : ''}`
  const quotedAnswers = answered.slice(0, QUESTIONS_QUOTED)
  const about = (q: { item: string | null }) => (q.item ? `On "${q.item}"` : 'On the whole report')
  const why =
    'You get this because someone with a private link to this report asked. Revoking the link in Settings → Sharing stops new questions.'
  return {
    from: ctx.config.smtp?.from ?? '',
    to,
    subject: !open.length
      ? `${answered.length === 1 ? 'An answer' : `${answered.length} answers`} to your asks on your brief for ${range}`
      : open.length === 1
        ? `A question on your brief for ${range}`
        : `${open.length} questions on your brief for ${range}`,
    text: [
      head,
      '',
      ...quoted.flatMap((q) => [`${q.name} asked: ${q.text}`, `  ${about(q)}`, '']),
      ...(more > 0 ? [`And ${more} more.`, ''] : []),
      ...quotedAnswers.flatMap((a) => [answerLine(a), '']),
      `Answer in Cadence (readers see your answer on the shared page): ${url}`,
      '',
      why,
      '',
    ].join('\n'),
    html: notice.html([
      notice.paragraph(head),
      ...quoted.map(
        (q) =>
          `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #d1d5db"><p style="margin:0"><strong>${escapeHtml(q.name)}</strong> asked: ${escapeHtml(q.text)}</p><p style="margin:4px 0 0;color:#6b7280;font-size:12px">${escapeHtml(about(q))}</p></blockquote>`,
      ),
      ...(more > 0 ? [notice.paragraph(`And ${more} more.`)] : []),
      ...quotedAnswers.map(
        (a) =>
          `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #d1d5db"><p style="margin:0">${escapeHtml(answerLine(a))}</p></blockquote>`,
      ),
      notice.link(url, 'Answer in Cadence', ' (readers see your answer on the shared page)'),
      notice.smallPrint(why),
    ]),
  }
}

/** Where each recipient's token goes in the once-rendered e-mail (no HTML escaping changes it). */
const TOKEN_SLOT = 'cadence-reader-token-slot'

/** The configured sender's address alone ('Cadence <reports@x>' → 'reports@x'). */
const senderAddress = (from: string) => (from.match(/<([^<>]+)>\s*$/)?.[1] ?? from).trim()

/** A person's name as a display name: one line, no control or direction characters, 100 at most. */
const displayName = (name: string) =>
  [
    ...name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
      .replaceAll(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069"<>]/g, ' ')
      .replaceAll(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, 100)
    .join('')

/**
 * A Send's or an update's e-mail: one message per recipient, that recipient alone in To:, from
 * "<author> via Cadence" at the configured address, Reply-To the author, with the recipient's
 * own reader link (sharing/recipient-links.ts: made once per recipient, the same on a retry).
 * The PDF, when attached, is made once for all of them, off the server's thread.
 */
async function reportMessages(
  ctx: AppContext,
  delivery: Delivery,
  to: string[],
): Promise<MailMessage[]> {
  if (delivery.report_id == null) throw new Skip('The report was deleted')
  const [report] = await ctx.db.orm.select().from(reports).where(eq(reports.id, delivery.report_id))
  if (!report) throw new Skip('The report was deleted')
  const [user] = await ctx.db.orm.select().from(users).where(eq(users.id, delivery.user_id))
  // The edition this delivery was queued with (in the same transaction): after the first, an update.
  const edition = await editionOfDelivery(ctx, report.id, delivery.created_at, delivery.edition_id)
  // What its readers got: the frozen edition (the live report only before editions existed).
  const { composed, settings } = edition
    ? await composeEdition(ctx, edition, { withChanges: true })
    : await composeLive(ctx, report)
  const attachments = settings.attachPdf ? await attachedPdf(composed, settings) : undefined
  const tokens = await readerLinksFor(ctx, report, to)
  const address = senderAddress(ctx.config.smtp?.from ?? '')
  const author = displayName(user?.name?.trim() || user?.email || 'Cadence')
  // Rendered once, in slices, with a stand-in for the reader's token; each message then has its
  // recipient's own token in its place.
  const mail = await briefEmail(
    composed,
    readerLinks(`${ctx.config.publicUrl}${paths.shared(TOKEN_SLOT)}`),
  )
  const messages: MailMessage[] = []
  for (const recipient of to) {
    const token = tokens.get(recipientKey(recipient))
    // Revoked in the moment between making and reading: tried again (a new link is made then).
    if (!token) throw new Error('The reader link of a recipient is missing')
    messages.push({
      from: { name: `${author} via Cadence`, address },
      to: [recipient],
      replyTo: user?.email,
      subject: mail.subject,
      html: mail.html.replaceAll(TOKEN_SLOT, token),
      text: mail.text.replaceAll(TOKEN_SLOT, token),
      ...(attachments ? { attachments } : {}),
    })
    await nextTurn()
  }
  return messages
}

/**
 * The PDF attachment, made on the PDF worker. A PDF that cannot be made in its time budget leaves
 * the e-mail without it (said in the server log): the brief reaches its readers either way.
 */
async function attachedPdf(
  composed: ComposedBrief,
  settings: { paperSize: 'letter' | 'a4'; confidentialityLine: string | null },
) {
  try {
    const bytes = await memoPdfOffThread(composed, {
      paperSize: settings.paperSize,
      confidentialityLine: settings.confidentialityLine,
    })
    return [
      {
        filename: composed.pdf_filename,
        content: Buffer.from(bytes),
        contentType: 'application/pdf',
      },
    ]
  } catch (error) {
    console.warn(
      `The e-mail goes without its PDF: ${error instanceof Error ? error.message : error}`,
    )
    return undefined
  }
}

async function buildMessages(ctx: AppContext, delivery: Delivery): Promise<MailMessage[]> {
  const to = parseRecipients(delivery.recipients)
  if (!to.length) throw new Skip('No recipients')
  if (delivery.kind === 'reminder' || delivery.kind === 'team_reminder') {
    return [await reminderMessage(ctx, delivery, to)]
  }
  if (delivery.kind === 'question') return [await questionMessage(ctx, delivery, to)]
  if (delivery.kind === 'nudge') return [await nudgeMessage(ctx, delivery, to)]
  return reportMessages(ctx, delivery, to)
}

/**
 * What the user reads of a failed send (a delivery's last_error): a plain sentence and at most the
 * SMTP reply code. The mail server's own text names host names, addresses and its banner, so it
 * goes to the server log only (sendDueDeliveries).
 */
export function mailErrorText(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const reply =
    typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 600
      ? ` (${e.responseCode})`
      : ''
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return `The mail server did not accept Cadence's sign-in${reply}; the administrator should check SMTP_URL`
    case 'ETLS':
    case 'EREQUIRETLS':
      return 'The mail server offered no encrypted connection, so nothing was sent; the administrator should check SMTP_URL or SMTP_REQUIRE_TLS'
    case 'ECONNECTION':
    case 'ETIMEDOUT':
    case 'ESOCKET':
    case 'EDNS':
    case 'EPROXY':
      return 'Could not connect to the mail server'
    case 'EENVELOPE':
      return `The mail server refused the sender or the recipients${reply}`
  }
  if (reply) return `The mail server refused the message${reply}`
  return 'Sending failed; the server log has the details'
}

/** By delivery id: the recipients this process sent it to before a later one failed. */
const sentTo = new Map<number, Set<string>>()
const SENT_TO_KEPT = 1_000

function rememberSent(id: number, done: Set<string>) {
  sentTo.delete(id)
  sentTo.set(id, done)
  // The oldest first out: a bounded memory of partly sent deliveries.
  if (sentTo.size > SENT_TO_KEPT) sentTo.delete(sentTo.keys().next().value as number)
}

/** Sends every pending e-mail delivery due at `now` (run.ts: claim once, retry, fail). */
export async function sendDueDeliveries(
  ctx: AppContext,
  transport: MailTransport,
  now: Date = new Date(),
  batch = 20,
) {
  return runDueDeliveries(ctx, {
    // Chat posts are the webhook poster's (chat.ts).
    which: ne(deliveries.kind, 'webhook'),
    send: async (delivery) => {
      try {
        // One message per recipient, one after another. The recipients this process has already
        // sent a delivery to are skipped on its retry (another instance, or a restart, sends it
        // whole again: a recipient may then get it twice, never not at all).
        const done = sentTo.get(delivery.id) ?? new Set<string>()
        for (const message of await buildMessages(ctx, delivery)) {
          const key = message.to.join(',')
          if (done.has(key)) continue
          await transport.sendMail(message)
          done.add(key)
          rememberSent(delivery.id, done)
        }
        sentTo.delete(delivery.id)
      } catch (error) {
        if (error instanceof Skip) throw error
        // The whole error (server reply, host, banner) for the operator; mailErrorText for the user.
        const e = error as { message?: string; code?: string; response?: string }
        console.warn(
          `Mail delivery ${delivery.id} failed: ${e?.message ?? error}` +
            (e?.code ? ` [${e.code}]` : '') +
            (e?.response && !e.message?.includes(e.response) ? ` response: ${e.response}` : ''),
        )
        throw error
      }
    },
    message: mailErrorText,
    now,
    batch,
  })
}
