import { CircleAlert, MailCheck, Send } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import type { Delivery } from '../types'
import { Button } from './button'

type DeliveryStatusProps = Omit<React.ComponentProps<'p'>, 'children'> & {
  /** The report's deliveries, newest first; the newest `report` delivery is shown. */
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
  if (!d) return null
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
