import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X as LucideX } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { captureOpener, type Opener, returnFocus } from '../lib/return-focus'
import { icon } from './icon'

const X = /* @__PURE__ */ icon(LucideX)

function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />
}

function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />
}

function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />
}

type DialogContentProps = Omit<React.ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  /** Every dialog is titled (the accessible name). */
  title: React.ReactNode
  /** Read by screen readers; shown unless `hideDescription`. Defaults to the title text. */
  description?: React.ReactNode
  hideDescription?: boolean
  /** Width preset. */
  size?: 'sm' | 'md' | 'lg'
  /** Hide the corner close button (e.g. when the footer has Cancel). */
  hideClose?: boolean
}

function DialogContent({
  title,
  description,
  hideDescription,
  size = 'md',
  hideClose = false,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const descriptionHidden = hideDescription || description == null
  // A dialog opened without a trigger (from a menu, a shortcut, app state) gives focus back too.
  const opener = React.useRef<Opener | null>(null)
  // Noted as the content mounts: a field with autoFocus has focus by then, and Radix skips its
  // open step (onOpenAutoFocus) when focus is already inside, so the opener is looked up past it.
  const noteOpener = React.useCallback((node: HTMLDivElement | null) => {
    if (node) opener.current = captureOpener(node)
  }, [])
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className="cad-dialog__overlay" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn('cad-dialog__content', `cad-dialog__content--${size}`, className)}
        ref={noteOpener}
        onOpenAutoFocus={onOpenAutoFocus}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event)
          if (event.defaultPrevented) return
          if (returnFocus(opener.current)) event.preventDefault()
          opener.current = null
        }}
        {...props}
      >
        <div className="cad-dialog__header">
          <DialogPrimitive.Title data-slot="dialog-title" className="cad-dialog__title">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description
            data-slot="dialog-description"
            className={descriptionHidden ? 'cad-sr-only' : 'cad-dialog__description'}
          >
            {description ?? title}
          </DialogPrimitive.Description>
        </div>
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="cad-dialog__close cad-button cad-button--ghost cad-icon-button cad-button--sm"
            aria-label="Close"
          >
            <X size={16} aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="dialog-footer" className={cn('cad-dialog__footer', className)} {...props} />
  )
}

export type { DialogContentProps }
export { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger }
