import { proxy, useSnapshot } from 'valtio'

/** product-spec §7: the service worker is checked for updates every 30 minutes. */
const UPDATE_INTERVAL_MS = 30 * 60 * 1000

type PwaState = {
  /** A new worker is installed and waiting while another controls the page. */
  updateAvailable: boolean
  offline: boolean
}

const pwaState = proxy<PwaState>({
  updateAvailable: false,
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
})

let skipWaiting: (() => void) | null = null
let started = false

/**
 * Registers /sw.js (registerType 'prompt': the new worker waits until the user agrees).
 * workbox-window is loaded lazily so it never weighs on the first paint.
 */
async function registerServiceWorker() {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  if (import.meta.env.DEV) return
  started = true
  const { Workbox } = await import('workbox-window')
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    // Only a prompt when another worker controls the page; a first install just activates.
    if (navigator.serviceWorker.controller) pwaState.updateAvailable = true
  })
  skipWaiting = () => {
    wb.addEventListener('controlling', () => window.location.reload())
    wb.messageSkipWaiting()
  }
  const registration = await wb.register()
  if (!registration) return
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => {})
  }
  setInterval(check, UPDATE_INTERVAL_MS)
  window.addEventListener('focus', check)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
  window.addEventListener('online', () => {
    pwaState.offline = false
  })
  window.addEventListener('offline', () => {
    pwaState.offline = true
  })
}

/** 'Update Now': the waiting worker skips waiting (SKIP_WAITING) and the page reloads. */
function applyUpdate() {
  pwaState.updateAvailable = false
  if (skipWaiting) skipWaiting()
  else window.location.reload()
}

/** 'Later'. */
function dismissUpdate() {
  pwaState.updateAvailable = false
}

function usePwa() {
  return useSnapshot(pwaState) as PwaState
}

export type { PwaState }
export { applyUpdate, dismissUpdate, pwaState, registerServiceWorker, UPDATE_INTERVAL_MS, usePwa }
