import { CloudAlert as LucideCloudAlert } from 'lucide-react'
import { cn } from '../lib/cn'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'

const CloudAlert = /* @__PURE__ */ icon(LucideCloudAlert)

/** A change made offline that the server refused when it was replayed. */
type RejectedChange = {
  /** Its place in the outbox; passed back to onRetry and onDiscard. */
  seq: number
  /** What the change is and the item it concerns, e.g. 'Complete "Ship the deck"'. */
  label: string
  /** The server's reason, e.g. 'Section item not found'. */
  error: string
}

type SyncStatusProps = {
  rejected: readonly RejectedChange[]
  onRetry: (seq: number) => void
  onDiscard: (seq: number) => void
  /** True while a replay runs: the buttons wait. */
  busy?: boolean
  className?: string
}

/**
 * The changes made offline that did not sync: each with the item it concerns, the
 * server's reason, and Retry or Discard. Nothing when every change synced. The 'Offline' and
 * 'N changes waiting to sync' indicator is AppShell's (`offline`, `pendingChanges`).
 */
function SyncStatus({ rejected, onRetry, onDiscard, busy = false, className }: SyncStatusProps) {
  if (rejected.length === 0) return null
  const n = rejected.length
  const title = `${n} change${n === 1 ? '' : 's'} could not be synced`
  return (
    <section
      data-slot="sync-status"
      data-print="hide"
      aria-label={title}
      className={cn('cad-sync-problems', className)}
    >
      <p className="cad-sync-problems__title" role="alert">
        <CloudAlert size={16} aria-hidden="true" className="cad-sync-problems__icon" />
        <strong>{title}</strong>
        <span className="cad-sync-problems__detail"> Retry them or discard them.</span>
      </p>
      <ul className="cad-sync-problems__list">
        {rejected.map((change) => (
          <li key={change.seq} className="cad-sync-problems__item" data-slot="sync-problem">
            <span className="cad-sync-problems__label">
              <span className="cad-sync-problems__change">{change.label}</span>
              <span className="cad-sync-problems__error">{change.error}</span>
            </span>
            <span className="cad-sync-problems__actions">
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Discard ${change.label}`}
                onClick={() => onDiscard(change.seq)}
              >
                Discard
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`Retry ${change.label}`}
                onClick={() => onRetry(change.seq)}
              >
                Retry
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

export type { RejectedChange, SyncStatusProps }
export { SyncStatus }
