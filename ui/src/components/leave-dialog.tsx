import * as React from 'react'
import { LEAVE_WARNING, useLeaveWarning } from '../lib/use-leave-warning'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'

type LeaveDialogProps = {
  open: boolean
  /** true: leave without saving; false: stay on the page with the changes. */
  onAnswer: (leave: boolean) => void
}

/** 'Leave without saving?': the app's own question, in place of the browser's confirm. */
function LeaveDialog({ open, onAnswer }: LeaveDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onAnswer(false))}>
      <DialogContent
        title="Leave without saving?"
        description={LEAVE_WARNING}
        size="sm"
        hideClose
        data-slot="leave-dialog"
      >
        <DialogFooter>
          <Button variant="ghost" onClick={() => onAnswer(true)}>
            Leave without saving
          </Button>
          {/* Staying is the safe answer: it has the focus when the dialog opens. */}
          <Button variant="primary" autoFocus onClick={() => onAnswer(false)}>
            Stay and keep editing
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * useLeaveWarning with the app's dialog (issue 46): while `dirty`, a link to another page of the
 * app or the browser's Back asks in a LeaveDialog (a reload or a closed tab still gets the
 * browser's own question: nothing else may be shown then). Render the returned element.
 */
function useLeaveDialog(dirty: boolean): React.ReactNode {
  const [open, setOpen] = React.useState(false)
  const answer = React.useRef<((leave: boolean) => void) | null>(null)
  const ask = React.useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false)
        answer.current = resolve
        setOpen(true)
      }),
    [],
  )
  useLeaveWarning(dirty, ask)
  return (
    <LeaveDialog
      open={open}
      onAnswer={(leave) => {
        setOpen(false)
        answer.current?.(leave)
        answer.current = null
      }}
    />
  )
}

export type { LeaveDialogProps }
export { LeaveDialog, useLeaveDialog }
