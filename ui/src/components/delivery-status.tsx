import {
  CircleAlert as LucideCircleAlert,
  MailCheck as LucideMailCheck,
  MessageSquare as LucideMessageSquare,
  Send as LucideSend,
} from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import type { Delivery } from '../types'

const CircleAlert = /* @__PURE__ */ icon(LucideCircleAlert)
const MailCheck = /* @__PURE__ */ icon(LucideMailCheck)
const MessageSquare = /* @__PURE__ */ icon(LucideMessageSquare)
const Send = /* @__PURE__ */ icon(LucideSend)

type DeliveryStatusProps = Omit<React.ComponentProps<'p'>, 'children'> & {
  /**
   * The report's deliveries, newest first; the newest `report` delivery (e-mail) is shown, and the
   * newest post to each chat webhook.
   */
  deliveries: Delivery[]
  /** Puts a failed delivery back in the queue; without it no Retry button is shown. */
  onRetry?: (id: number) => void
}

const recipientsText = (n: number) => `${n} ${n === 1 ? 'recipient' : 'recipients'}`

/**
 * One line under the report's header saying what happened to the e-mail of the report:
 * 'Sent by e-mail to 3 recipients', 'Sending…', or 'E-mail delivery failed: …' with Retry.
 */
function DeliveryStatus({ deliveries, onRetry, className, ...props }: DeliveryStatusProps) {
  const d = deliveries.find((x) => x.kind === 'report')
  // The newest post to each chat service (a Send posts once to each webhook).
  const posts = [
    ...new Map(
      deliveries
        .filter((x) => x.kind === 'webhook')
        .reverse()
        .map((x) => [x.recipients[0] ?? '', x]),
    ).values(),
  ]
  if (!d && posts.length === 0) return null
  return (
    <>
      {d ? <MailLine d={d} onRetry={onRetry} className={className} {...props} /> : null}
      {posts.map((p) => (
        <PostLine key={p.id} d={p} onRetry={onRetry} className={className} {...props} />
      ))}
    </>
  )
}

type LineProps = Omit<DeliveryStatusProps, 'deliveries'> & { d: Delivery }

/** 'Posted to Slack', 'Posting to Slack…' or 'Slack post failed: …' with Retry. */
function PostLine({ d, onRetry, className, ...props }: LineProps) {
  const where = d.recipients[0] ?? 'the webhook'
  return (
    <p
      data-slot="delivery-status"
      data-status={d.status}
      role="status"
      className={cn('cad-delivery', className)}
      {...props}
    >
      {d.status === 'sent' ? (
        <>
          <MessageSquare size={14} aria-hidden className="cad-delivery__icon" />
          <span>Posted to {where}</span>
        </>
      ) : d.status === 'pending' ? (
        <>
          <Send size={14} aria-hidden className="cad-delivery__icon" />
          <span>Posting to {where}…</span>
          {d.last_error ? (
            <span className="cad-delivery__detail">Retrying after an error: {d.last_error}</span>
          ) : null}
        </>
      ) : (
        <>
          <CircleAlert size={14} aria-hidden className="cad-delivery__icon" />
          <span>
            Post to {where} failed: {d.last_error ?? 'unknown error'}
          </span>
          {onRetry ? (
            <Button size="sm" onClick={() => onRetry(d.id)}>
              Retry
            </Button>
          ) : null}
        </>
      )}
    </p>
  )
}

function MailLine({ d, onRetry, className, ...props }: LineProps) {
  const who = d.recipients.join(', ')
  return (
    <p
      data-slot="delivery-status"
      data-status={d.status}
      role="status"
      className={cn('cad-delivery', className)}
      {...props}
    >
      {d.status === 'sent' ? (
        <>
          <MailCheck size={14} aria-hidden className="cad-delivery__icon" />
          <span title={who}>Sent by e-mail to {recipientsText(d.recipients.length)}</span>
        </>
      ) : d.status === 'pending' ? (
        <>
          <Send size={14} aria-hidden className="cad-delivery__icon" />
          <span title={who}>Sending…</span>
          {d.last_error ? (
            <span className="cad-delivery__detail">Retrying after an error: {d.last_error}</span>
          ) : null}
        </>
      ) : (
        <>
          <CircleAlert size={14} aria-hidden className="cad-delivery__icon" />
          <span>E-mail delivery failed: {d.last_error ?? 'unknown error'}</span>
          {onRetry ? (
            <Button size="sm" onClick={() => onRetry(d.id)}>
              Retry
            </Button>
          ) : null}
        </>
      )}
    </p>
  )
}

export type { DeliveryStatusProps }
export { DeliveryStatus }
