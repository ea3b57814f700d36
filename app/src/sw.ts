// The service worker (vite-plugin-pwa injectManifest builds this into /sw.js).
//
// - The app shell is precached; every app route answers with the precached index.html.
// - GET /api/* is answered network-first with a cache fallback, PER USER: the rules, and why, are
//   in ./offline/api-cache.ts (shared with the page, which keeps what it fetched before this
//   worker controlled it).
// - GET /api/users/me passes through uncached; its answer records who is signed in before the
//   page gets it (a 401 forgets the user and every cached answer), so the reads the page makes
//   next are kept for that user.
// - 'Update Now' posts SKIP_WAITING to the waiting worker (the app update prompt).

import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import {
  forgetUser,
  isCachedRead,
  isKeepable,
  KEPT_ANSWER_HEADER,
  keepAnswer,
  keptAnswer,
  recordedUser,
  recordUser,
  USER_PATH,
  userIdOf,
} from './offline/api-cache'

// Minimal worker types: the app's tsconfig has the DOM lib, which clashes with the webworker lib.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void }
type MessageEventLike = ExtendableEvent & { data: unknown; ports: readonly MessagePort[] }
type WorkerScope = {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>
  location: Location
  clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void
}
declare const self: WorkerScope

/** Answered to GET_VERSION; the e2e update test deploys a second build whose worker differs here. */
const BUILD_ID = 'cadence-sw-1'

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
)

const sameOrigin = (url: URL) => url.origin === self.location.origin

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname === USER_PATH,
  async ({ request }) => {
    const response = await fetch(request)
    try {
      if (response.status === 401) await forgetUser()
      else if (response.status === 200) {
        const id = await userIdOf(response)
        if (id !== null) await recordUser(id)
      }
    } catch {}
    return response
  },
)

registerRoute(
  ({ url, request }) => sameOrigin(url) && isCachedRead(request.method, url.pathname),
  async ({ request, event }) => {
    const user = await recordedUser()
    try {
      const response = await fetch(request)
      if (response.status === 401 && user) {
        // The session is gone: nothing of that user's may be served from here any more, not
        // even offline, whatever the page does next (it also offers to export unsent changes).
        ;(event as ExtendableEvent).waitUntil(forgetUser().catch(() => {}))
        return response
      }
      if (user && isKeepable(response)) {
        const kept = keepAnswer(request, response.clone(), user)
        ;(event as ExtendableEvent).waitUntil(kept.catch(() => {}))
      }
      return response
    } catch (error) {
      const cached = user ? await keptAnswer(request, user) : undefined
      // Marked as kept (KEPT_ANSWER_HEADER): the page knows the server did not answer.
      if (cached) return markedKept(cached)
      // No copy: the page sees the same network error it would without a worker.
      throw error
    }
  },
)

/** A kept answer, with the header that tells the page it is not the server's. */
function markedKept(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.set(KEPT_ANSWER_HEADER, '1')
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

// A first install takes control of the open page at once, so its next reads come through here
// (what it read before, it kept itself). An update still waits for 'Update Now' (SKIP_WAITING) before activating.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  // A page that opened while this worker was still installing can miss its first claim (the
  // claim ran before that page existed), and a hard reload bypasses the worker: such a page asks.
  if (data?.type === 'CLAIM') event.waitUntil(self.clients.claim().catch(() => {}))
  if (data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ version: BUILD_ID })
})
