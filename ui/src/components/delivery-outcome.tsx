import {
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  MailX as LucideMailX,
  Send as LucideSend,
} from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { icon } from '../primitives/icon'
import type { Delivery } from '../types'
import { DeliveryStatus } from './delivery-status'

const CircleAlert = /* @__PURE__ */ icon(LucideCircleAlert)
const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const MailX = /* @__PURE__ */ icon(LucideMailX)
const Send = /* @__PURE__ */ icon(LucideSend)

type DeliveryOutcomeProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The report's deliveries, newest first. */
  deliveries: Delivery[]
  /** The report is sent (nothing is said of a draft's deliveries that are not there). */
  sent: boolean
  /** Whether the server sends e-mail; undefined while not known. */
  mailConfigured?: boolean
  /** How many e-mail recipients Settings has; undefined while not known. */
  recipients?: number
  /** Puts a failed delivery back in the queue (the detail lines' Retry). */
  onRetry?: (id: number) => void
}

/** The newest e-mail of the report and the newest post to each webhook: what one send made. */
function latest(deliveries: Delivery[]) {
  const mail = deliveries.find((x) => x.kind === 'report')
  const posts = [
    ...new Map(
      deliveries
        .filter((x) => x.kind === 'webhook')
        .reverse()
        .map((x) => [x.recipients[0] ?? '', x]),
    ).values(),
  ]
  return { mail, posts }
}

/** Counts by outcome: an e-mail counts its recipients, a chat post one. */
function tally(deliveries: Delivery[]) {
  const { mail, posts } = latest(deliveries)
  const t = { sent: 0, failed: 0, pending: 0 }
  if (mail) t[mail.status] += mail.recipients.length
  for (const p of posts) t[p.status] += 1
  return { ...t, mail }
}

/**
 * What really happened when the report went out, per channel, as retries finish: 'Delivered to 2 ·
 * 0 failed' (and '· 1 sending' while one waits), 'Nothing was e-mailed: mail is not set up', then a
 * line per channel (DeliveryStatus) with Retry for a failed one.
 */
function DeliveryOutcome({
  deliveries,
  sent,
  mailConfigured,
  recipients,
  onRetry,
  className,
  ...props
}: DeliveryOutcomeProps) {
  const t = tally(deliveries)
  const noMail = sent && !t.mail && mailConfigured === false
  const noRecipients = sent && !t.mail && mailConfigured === true && recipients === 0
  const counted = t.sent + t.failed + t.pending > 0
  if (!counted && !noMail && !noRecipients) return null
  const state = t.failed > 0 ? 'failed' : t.pending > 0 ? 'pending' : 'sent'
  return (
    <div data-slot="delivery-outcome" className={cn('cad-outcome', className)} {...props}>
      {counted ? (
        <p className="cad-outcome__summary" data-status={state} role="status">
          {state === 'failed' ? (
            <CircleAlert size={14} aria-hidden className="cad-outcome__icon" />
          ) : state === 'pending' ? (
            <Send size={14} aria-hidden className="cad-outcome__icon" />
          ) : (
            <CircleCheck size={14} aria-hidden className="cad-outcome__icon" />
          )}
          <span className="cad-tabular">
            Delivered to {t.sent} · {t.failed} failed
            {t.pending > 0 ? ` · ${t.pending} sending` : ''}
          </span>
        </p>
      ) : null}
      {noMail || noRecipients ? (
        <p className="cad-outcome__summary" data-status="none" role="status">
          <MailX size={14} aria-hidden className="cad-outcome__icon" />
          <span>
            {noMail
              ? 'Nothing was e-mailed: mail is not set up'
              : 'Nothing was e-mailed: there are no recipients in Settings → Delivery'}
          </span>
        </p>
      ) : null}
      <DeliveryStatus deliveries={deliveries} onRetry={onRetry} />
    </div>
  )
}

export type { DeliveryOutcomeProps }
export { DeliveryOutcome }
