import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'

type SessionEndedDialogProps = {
  open: boolean
  /** How many changes made on this device never reached the server. */
  count: number
  /** What the first few of them are, for people ('Complete "Ship the deck"'). */
  labels: string[]
  /** Saves the unsent changes as a file; the dialog closes when it resolves. */
  onExport: () => void | Promise<void>
  /** Drops them. */
  onDiscard: () => void | Promise<void>
}

/** Labels may repeat ('Complete "Call Maria"' twice): each gets its text and occurrence as key. */
function keyed(labels: string[]) {
  const seen = new Map<string, number>()
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1
    seen.set(label, n)
    return { key: `${label}#${n}`, label }
  })
}

/**
 * The session ended (signed out elsewhere, expired, revoked) while changes made offline were still
 * waiting on this device. They cannot be sent without a session, and they must not stay behind for
 * whoever uses the browser next: the user exports them or lets them go.
 */
function SessionEndedDialog({ open, count, labels, onExport, onDiscard }: SessionEndedDialogProps) {
  const [busy, setBusy] = React.useState<'export' | 'discard' | null>(null)
  const run = (which: 'export' | 'discard', action: () => void | Promise<void>) => async () => {
    setBusy(which)
    try {
      await action()
    } finally {
      setBusy(null)
    }
  }
  const more = count - labels.length
  return (
    // No way around the choice: Escape and the overlay do nothing.
    <Dialog open={open} onOpenChange={() => {}}>
      <DialogContent
        title="Your session has ended"
        description={`${count} ${count === 1 ? 'change' : 'changes'} made on this device could not be saved before you were signed out.`}
        size="sm"
        hideClose
      >
        <div className="cad-form">
          <ul className="cad-session-ended__list">
            {keyed(labels).map(({ key, label }) => (
              <li key={key} className="cad-break">
                {label}
              </li>
            ))}
            {more > 0 && <li>and {more} more</li>}
          </ul>
          <p>
            {count === 1
              ? 'Export it to keep a copy, then sign in again to redo it. It is removed from this device either way.'
              : 'Export them to keep a copy, then sign in again to redo them. They are removed from this device either way.'}
          </p>
          <DialogFooter>
            <Button
              variant="ghost"
              onClick={run('discard', onDiscard)}
              loading={busy === 'discard'}
              disabled={busy !== null}
            >
              Discard
            </Button>
            <Button
              variant="primary"
              onClick={run('export', onExport)}
              loading={busy === 'export'}
              disabled={busy !== null}
            >
              Export unsent changes
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  )
}

export type { SessionEndedDialogProps }
export { SessionEndedDialog }
