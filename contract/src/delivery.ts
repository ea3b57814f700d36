// Response schemas of this area of the API (see index.ts): a report's deliveries (e-mail, chat).
import { t } from 'elysia'

export const DeliveryKind = t.Union([
  t.Literal('report'),
  t.Literal('reminder'),
  /** A chat post; its `recipients` name the service (Slack, Microsoft Teams, a host). */
  t.Literal('webhook'),
  t.Literal('team_reminder'),
  t.Literal('question'),
  /** A nudge of a linked team member for this week's update (never in a report's list). */
  t.Literal('nudge'),
])
export type DeliveryKind = typeof DeliveryKind.static

export const DeliveryState = t.Union([t.Literal('pending'), t.Literal('sent'), t.Literal('failed')])
export type DeliveryState = typeof DeliveryState.static

/**
 * One delivery: GET /api/reports/{uuid}/deliveries lists a report's (newest first; never a
 * `question` one), POST /api/deliveries/{id}/retry answers the retried one (any kind).
 */
export const Delivery = t.Object({
  id: t.Number(),
  kind: DeliveryKind,
  recipients: t.Array(t.String()),
  status: DeliveryState,
  attempts: t.Number(),
  last_error: t.Nullable(t.String()),
  next_attempt_at: t.String(),
  sent_at: t.Nullable(t.String()),
  created_at: t.String(),
})
export type Delivery = typeof Delivery.static

/** GET /api/reports/{uuid}/deliveries */
export const DeliveryList = t.Array(Delivery)
export type DeliveryList = typeof DeliveryList.static

/**
 * What a Send or an update queued: e-mails (one per send, to every recipient) and chat posts;
 * `mail_configured` false when the server has no SMTP (nothing is e-mailed).
 */
export const SendDelivery = t.Object({
  emails: t.Number(),
  webhooks: t.Number(),
  mail_configured: t.Boolean(),
})
export type SendDelivery = typeof SendDelivery.static

/**
 * GET /api/reports/{uuid}/email-preview (the author only): the e-mail exactly as the next Send
 * or 'Send update' would produce it — the composed brief's subject, HTML and plain text, with a
 * placeholder where each reader's personal link goes — and whom it reaches: `recipients`
 * e-mails (0 without mail set up on the server), `webhooks` chat channels.
 */
export const EmailPreview = t.Object({
  subject: t.String(),
  html: t.String(),
  text: t.String(),
  recipients: t.Number(),
  webhooks: t.Number(),
  mail_configured: t.Boolean(),
})
export type EmailPreview = typeof EmailPreview.static
