// The service worker (vite-plugin-pwa injectManifest builds this into /sw.js).
//
// - The app shell is precached; every app route answers with the precached index.html.
// - GET /api/* is answered network-first with a cache fallback, PER USER (see below).
// - 'Update Now' posts SKIP_WAITING to the waiting worker (the app update prompt).
//
// Per-user API cache (the decision): responses are stored in a cache named `cadence-api-{userId}`.
// The worker cannot see who a cookie belongs to, so the page records the signed-in user's id in
// CacheStorage (`cadence-meta`, key /__cadence/user) once /api/users/me answers online, and
// removes it on sign-out and on a 401 (app/src/state/pwa.ts). The worker reads that record on
// every API request: with no user recorded nothing is stored or served from cache. The page also
// deletes every other user's `cadence-api-*` cache when the signed-in user changes, and all of them
// on sign-out, so a user who signs out leaves no readable data for the next one.
// Never cached: non-GET requests, error answers (non-2xx), and the sign-in endpoints (/api/users/me,
// /api/logout, /api/sessions, /api/oauth, /api/admin/profile): offline, the app decides who is
// signed in from its own record of the last user, never from a stale cached answer.

import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

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

const META_CACHE = 'cadence-meta'
const USER_KEY = '/__cadence/user'
const API_CACHE_PREFIX = 'cadence-api-'
// A shared report (/api/shared/…) is a reader's, not the signed-in user's, and answers no-store.
const NEVER_CACHED = /^\/api\/(users\/me|logout|sessions|oauth|auth|admin\/profile|shared)(\/|$)/

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
)

/** Drops the signed-in user's record and every user's cached answers (a 401 was answered). */
async function forgetUser() {
  await (await caches.open(META_CACHE)).delete(USER_KEY)
  for (const name of await caches.keys()) {
    if (name.startsWith(API_CACHE_PREFIX)) await caches.delete(name)
  }
}

async function signedInUser(): Promise<string | null> {
  const meta = await caches.open(META_CACHE)
  const record = await meta.match(USER_KEY)
  const id = record ? (await record.text()).trim() : ''
  return /^\d+$/.test(id) ? id : null
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    request.method === 'GET' &&
    !NEVER_CACHED.test(url.pathname),
  async ({ request, event }) => {
    const user = await signedInUser()
    try {
      const response = await fetch(request)
      if (response.status === 401 && user) {
        // The session is gone: nothing of that user's may be served from here any more, not
        // even offline, whatever the page does next (it also offers to export unsent changes).
        ;(event as ExtendableEvent).waitUntil(forgetUser().catch(() => {}))
        return response
      }
      const streamed = (response.headers.get('content-type') ?? '').includes('event-stream')
      const noStore = (response.headers.get('cache-control') ?? '').includes('no-store')
      if (user && response.status === 200 && !streamed && !noStore) {
        const copy = response.clone()
        const store = (async () => {
          await (await caches.open(API_CACHE_PREFIX + user)).put(request, copy)
          // Signed out (or another user signed in) while this answer was on its way: the page
          // has deleted this user's cache already, so it must not come back with this answer.
          if ((await signedInUser()) !== user) await caches.delete(API_CACHE_PREFIX + user)
        })()
        ;(event as ExtendableEvent).waitUntil(store.catch(() => {}))
      }
      return response
    } catch (error) {
      if (user) {
        // The cache is one user's already, so a Vary on the cookie (or anything) is moot.
        const cache = await caches.open(API_CACHE_PREFIX + user)
        const cached = await cache.match(request, { ignoreVary: true })
        if (cached) return cached
      }
      // No copy: the page sees the same network error it would without a worker.
      throw error
    }
  },
)

// A first install takes control of the open page at once, so the first visit is already cached
// for offline use. An update still waits for 'Update Now' (SKIP_WAITING) before activating.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ version: BUILD_ID })
})
