import {
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  Info as LucideInfo,
  TriangleAlert as LucideTriangleAlert,
  X as LucideX,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import type { Toast, ToastType } from '../types'
import { icon } from './icon'

const CircleAlert = /* @__PURE__ */ icon(LucideCircleAlert)
const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const Info = /* @__PURE__ */ icon(LucideInfo)
const TriangleAlert = /* @__PURE__ */ icon(LucideTriangleAlert)
const X = /* @__PURE__ */ icon(LucideX)

/** Milliseconds each toast stays: errors longest, so there is time to read them. */
const TOAST_DURATIONS: Record<ToastType, number> = {
  success: 4000,
  error: 6000,
  warning: 5000,
  info: 4000,
  default: 5000,
}

/** At most this many toasts are shown; the newest win. */
const TOAST_LIMIT = 20

const ICONS: Record<ToastType, typeof Info | null> = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
  default: null,
}

type ToastItemProps = { toast: Toast; onDismiss: (id: string) => void }

function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const dismiss = React.useEffectEvent(() => onDismiss(toast.id))
  React.useEffect(() => {
    const timer = setTimeout(() => dismiss(), TOAST_DURATIONS[toast.type])
    return () => clearTimeout(timer)
  }, [toast.type])
  const Icon = ICONS[toast.type]
  const urgent = toast.type === 'error'
  return (
    <div
      data-slot="toast"
      data-type={toast.type}
      className={cn('cad-toast', `cad-toast--${toast.type}`)}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {Icon ? <Icon className="cad-toast__icon" size={16} aria-hidden="true" /> : null}
      <p className="cad-toast__message">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          className="cad-toast__action"
          onClick={() => {
            toast.action?.run()
            onDismiss(toast.id)
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="cad-toast__dismiss"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  )
}

type ToasterProps = { toasts: Toast[]; onDismiss: (id: string) => void; className?: string }

/** Bottom-right stack. The store owns the list; each toast asks to be dismissed when its time is up. */
function Toaster({ toasts, onDismiss, className }: ToasterProps) {
  const shown = toasts.slice(-TOAST_LIMIT)
  return (
    <section
      data-slot="toaster"
      data-print="hide"
      aria-label="Notifications"
      className={cn('cad-toaster', className)}
    >
      <div className="cad-toaster__list">
        {shown.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </section>
  )
}

export type { ToasterProps }
export { TOAST_DURATIONS, TOAST_LIMIT, Toaster }
