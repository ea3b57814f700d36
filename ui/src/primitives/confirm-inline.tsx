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

/** A destructive choice asked in place. Focus starts on Cancel; Escape cancels. */
function ConfirmInline({
  message,
  confirmLabel = 'Yes, Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  className,
}: ConfirmInlineProps) {
  const id = React.useId()
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
          onCancel()
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
        <Button size="sm" variant="ghost" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
      </div>
    </div>
  )
}

export type { ConfirmInlineProps }
export { ConfirmInline }
