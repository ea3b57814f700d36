import type { Toast, ToastType } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'

// Durations (TOAST_DURATIONS) are applied by ui's Toaster; the store only keeps the list.
const TOAST_LIMIT = 20

type ToastState = { toasts: Toast[] }

const toastState = proxy<ToastState>({ toasts: [] })

let counter = 0

function showToast(message: string, type: ToastType = 'default', action?: Toast['action']): string {
  counter += 1
  const id = `t${Date.now().toString(36)}-${counter}`
  toastState.toasts.push(action ? { id, type, message, action } : { id, type, message })
  // Oldest go first when the limit is reached.
  if (toastState.toasts.length > TOAST_LIMIT)
    toastState.toasts.splice(0, toastState.toasts.length - TOAST_LIMIT)
  return id
}

function dismissToast(id: string) {
  const index = toastState.toasts.findIndex((t) => t.id === id)
  if (index >= 0) toastState.toasts.splice(index, 1)
}

function clearToasts() {
  toastState.toasts.splice(0)
}

const toast = {
  success: (message: string, action?: Toast['action']) => showToast(message, 'success', action),
  error: (message: string) => showToast(message, 'error'),
  warning: (message: string) => showToast(message, 'warning'),
  info: (message: string) => showToast(message, 'info'),
  show: (message: string) => showToast(message, 'default'),
}

function useToasts() {
  return useSnapshot(toastState).toasts as readonly Toast[]
}

export type { ToastState }
export { clearToasts, dismissToast, showToast, TOAST_LIMIT, toast, toastState, useToasts }
