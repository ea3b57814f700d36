import { proxy, useSnapshot } from 'valtio'
import { forgetUser, recordUser } from '../offline/api-cache'
import { onServerAnswers } from '../offline/core'
import { keepAnswersUntilControlled, pageCacheOpen } from '../offline/fetch'

/** The service worker is checked for updates every 30 minutes. */
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

// And whether the server answered the last request (offline/core.ts serverFetch): out of reach,
// 'Offline' shows even while the browser says it is online, until the server answers again.
onServerAnswers((answered) => {
  pwaState.offline = !answered || (typeof navigator !== 'undefined' && navigator.onLine === false)
})

let skipWaiting: (() => void) | null = null
let started = false

/** The unobtrusive 'Offline' indicator follows the browser's own online/offline events too. */
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    pwaState.offline = false
  })
  window.addEventListener('offline', () => {
    pwaState.offline = true
  })
}

/** A browser with service workers, and a built app (the development server has no /sw.js). */
const workerSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && !import.meta.env.DEV

/**
 * Until a worker controls the page, the page keeps its own reads for offline use: said at once,
 * while the worker itself registers after the first screen (main.tsx, state/first-screen.ts).
 */
function keepAnswersUntilWorker() {
  if (workerSupported()) keepAnswersUntilControlled()
}

/**
 * Registers /sw.js (registerType 'prompt': the new worker waits until the user agrees).
 * workbox-window is loaded lazily so it never weighs on the first paint.
 */
async function registerServiceWorker() {
  if (started || !workerSupported()) return
  started = true
  // Until a worker controls the page, the page keeps its own reads for offline use.
  keepAnswersUntilControlled()
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
  // Uncontrolled once a worker is active (this page opened while it installed, or a hard reload):
  // the worker is asked to claim it (sw.ts CLAIM), so its reads go through the worker from now on.
  void navigator.serviceWorker.ready.then((ready) => {
    if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: 'CLAIM' })
  })
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => {})
  }
  setInterval(check, UPDATE_INTERVAL_MS)
  window.addEventListener('focus', check)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
}

/** Which call of recordSignedInUser is the latest: a record waiting for the page's cache is dropped once another has come. */
let recordTurn = 0

/**
 * Called when /api/users/me answers online: records the signed-in user for the worker and deletes
 * any other user's cached answers (../offline/api-cache.ts), once the first screen is painted
 * (pageCacheOpen: before the answers the page keeps for that user, which wait for it after this).
 * `null` (a 401: no session) forgets the user and every cache at once, and a record still waiting
 * is dropped.
 */
async function recordSignedInUser(id: number | null) {
  const turn = ++recordTurn
  try {
    if (id === null) return await forgetUser()
    await pageCacheOpen()
    if (turn === recordTurn) await recordUser(id)
  } catch (error) {
    console.error(error)
  }
}

/**
 * Sign-out: every cached API answer, the user record and the offline outbox are deleted. When
 * online, the signed-out user's waiting changes are sent first (the caller ends the server
 * session after this resolves), so signing out loses nothing that could still be saved.
 */
async function clearOfflineData(userId: number | null = null) {
  try {
    await forgetUser()
    if (typeof indexedDB !== 'undefined') {
      const { clearOutbox, flushOutbox } = await import('../offline/outbox')
      if (userId !== null) await flushOutbox(userId).catch((error) => console.error(error))
      await clearOutbox()
    }
  } catch (error) {
    console.error(error)
  }
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
export {
  applyUpdate,
  clearOfflineData,
  dismissUpdate,
  keepAnswersUntilWorker,
  pwaState,
  recordSignedInUser,
  registerServiceWorker,
  UPDATE_INTERVAL_MS,
  usePwa,
}
