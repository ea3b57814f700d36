// The per-user cache of API answers, one set of rules for both sides: the service worker
// (app/src/sw.ts) keeps what passes through it, and the page (./fetch.ts) keeps what it fetched
// before any worker controlled it (a first visit), so that visit opens offline too, however soon
// after it the network goes.
//
// Answers are stored in `cadence-api-{userId}`. Neither side can tell who a cookie belongs to, so
// the signed-in user's id is recorded in CacheStorage (`cadence-meta`, key /__cadence/user) from
// the answer of GET /api/users/me: by the worker before it hands that answer on, and by the page
// (app/src/state/pwa.ts). With no user recorded nothing is stored or served. Recording another
// user deletes every other user's answers; a 401 or signing out deletes the record and all of them,
// so nobody finds the previous person's data. Never stored: non-GET requests, answers other than
// 200, streams, `no-store` answers, and the sign-in endpoints (offline, the app decides who is
// signed in from its own record of the last user, never from a cached answer of /api/users/me).
//
// Which reads are never kept is the offline table's (`NEVER_KEPT_READS`, contract/src/offline-cache.ts).
// It imports only that table and uses what a worker and a page both have (CacheStorage, Response).
import { isNeverKept, SIGNED_IN_USER_READ } from '@cadence/contract/offline-cache'

const META_CACHE = 'cadence-meta'
const USER_KEY = '/__cadence/user'
const API_CACHE_PREFIX = 'cadence-api-'
/** The page's own endpoint for who is signed in: read by both sides, never stored. */
const USER_PATH = SIGNED_IN_USER_READ

/**
 * Set by the worker on a kept answer it serves because the network failed (the page's
 * ./core.ts serverFetch then knows the server did not answer).
 */
const KEPT_ANSWER_HEADER = 'x-cadence-kept'

const hasCaches = () => typeof caches !== 'undefined'

/** A read whose answer may be kept for the signed-in user (`path` is a pathname). */
function isCachedRead(method: string, path: string): boolean {
  return method === 'GET' && path.startsWith('/api/') && !isNeverKept(path)
}

/** An answer that may be kept: a 200 that is neither a stream nor marked no-store. */
function isKeepable(response: Response): boolean {
  const streamed = (response.headers.get('content-type') ?? '').includes('event-stream')
  const noStore = (response.headers.get('cache-control') ?? '').includes('no-store')
  return response.status === 200 && !streamed && !noStore
}

/** The recorded user's id, or null; read through `meta` when the caller has it open already. */
async function recordedUser(meta?: Cache): Promise<string | null> {
  if (!hasCaches()) return null
  const record = await (meta ?? (await caches.open(META_CACHE))).match(USER_KEY)
  const id = record ? (await record.text()).trim() : ''
  return /^\d+$/.test(id) ? id : null
}

async function deleteApiCaches(keep?: string) {
  for (const name of await caches.keys()) {
    if (name.startsWith(API_CACHE_PREFIX) && name !== keep) await caches.delete(name)
  }
}

// This side's writes of the record run one after another, in the order they were asked for, and
// an answer is stored only once the writes asked for before it are done: an answer fetched right
// after the user became known finds the user recorded.
let writes: Promise<unknown> = Promise.resolve()
function inTurn(task: () => Promise<void>): Promise<void> {
  const next = writes.then(task, task)
  writes = next.catch(() => {})
  return next
}

/** Records the signed-in user; any other user's answers are deleted. Queued at once (in turn). */
function recordUser(id: number | string): Promise<void> {
  return inTurn(async () => {
    if (!hasCaches()) return
    const meta = await caches.open(META_CACHE)
    if ((await recordedUser(meta)) === String(id)) return
    await deleteApiCaches(`${API_CACHE_PREFIX}${id}`)
    await meta.put(USER_KEY, new Response(String(id)))
  })
}

/** Forgets the user and deletes every user's answers (a 401, signing out). */
function forgetUser(): Promise<void> {
  return inTurn(async () => {
    if (!hasCaches()) return
    await (await caches.open(META_CACHE)).delete(USER_KEY)
    await deleteApiCaches()
  })
}

/**
 * Stores `response` (a keepable answer to `request`) for the recorded user, or for `user` only
 * when given (the user recorded when the request started). A sign-out or another user recorded
 * while it was stored deletes it again: nothing comes back for a user who left.
 */
function keepAnswer(request: Request | string, response: Response, user?: string | null) {
  return keepAnswers([[request, response]], user)
}

/**
 * keepAnswer for several answers at once: the record's cache opened once and read before and
 * after, and the user's cache opened once (each CacheStorage call costs the page's main thread a
 * little: at 4x CPU, 5-10 ms).
 */
async function keepAnswers(
  answers: [request: Request | string, response: Response][],
  user?: string | null,
) {
  if (!hasCaches() || answers.length === 0) return
  await writes
  const meta = await caches.open(META_CACHE)
  const recorded = await recordedUser(meta)
  if (recorded === null || (user !== undefined && user !== recorded)) return
  const cache = await caches.open(API_CACHE_PREFIX + recorded)
  await Promise.all(answers.map(([request, response]) => cache.put(request, response)))
  if ((await recordedUser(meta)) !== recorded) await caches.delete(API_CACHE_PREFIX + recorded)
}

/** The kept answer to `request` for `user`, if any. */
async function keptAnswer(request: Request, user: string): Promise<Response | undefined> {
  const cache = await caches.open(API_CACHE_PREFIX + user)
  // The cache is one user's already, so a Vary on the cookie (or anything) is moot.
  return cache.match(request, { ignoreVary: true })
}

/** The id in an answer of GET /api/users/me, or null when it is not a user (a portal's page). */
async function userIdOf(response: Response): Promise<number | null> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { id?: unknown } | null
  return typeof body?.id === 'number' ? body.id : null
}

export {
  API_CACHE_PREFIX,
  forgetUser,
  isCachedRead,
  isKeepable,
  KEPT_ANSWER_HEADER,
  keepAnswer,
  keepAnswers,
  keptAnswer,
  META_CACHE,
  recordedUser,
  recordUser,
  USER_KEY,
  USER_PATH,
  userIdOf,
}
