import * as React from 'react'
import { cn } from '../lib/cn'
import { Button } from './button'

type ConfirmInlineProps = {
  message: React.ReactNode
  confirmLabel?: string
  cancelLabel?: string
  onConfirm: () => void
  onCancel: () => void
  className?: string
}

/**
 * A destructive choice asked in place. Focus starts on Cancel; Escape cancels. Cancelling
 * returns focus to what had it when the question appeared (the button that asked), when that is
 * still on the page.
 */
function ConfirmInline({
  message,
  confirmLabel = 'Yes, Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  className,
}: ConfirmInlineProps) {
  const id = React.useId()
  // Read on the first render, before Cancel takes focus.
  const opener = React.useRef(typeof document === 'undefined' ? null : document.activeElement)
  const cancel = () => {
    onCancel()
    const el = opener.current
    if (el instanceof HTMLElement && el.isConnected && el !== document.body) el.focus()
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would frame an inline choice as a form section
    <div
      data-slot="confirm-inline"
      role="group"
      aria-labelledby={id}
      className={cn('cad-confirm', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          cancel()
        }
      }}
    >
      <p id={id} className="cad-confirm__message">
        {message}
      </p>
      <div className="cad-confirm__actions">
        <Button size="sm" variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={cancel} autoFocus>
          {cancelLabel}
        </Button>
      </div>
    </div>
  )
}

export type { ConfirmInlineProps }
export { ConfirmInline }
