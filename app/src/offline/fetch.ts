// The fetch every API call goes through (app/src/api/client.ts). It stays tiny because it is
// part of the first download: the offline table (./table) loads when a write is sent, and the
// offline machinery (./outbox, IndexedDB) only when that write can be queued, or when changes
// wait to be laid over a read.
import { earlyAnswersSeenByWorker, takeEarlyAnswer } from '../api/early'
import { isCachedRead, isKeepable, keepAnswers } from './api-cache'
import { outboxContext } from './context'
import { fromServer, hasQueued, origin, serverFetch } from './core'

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string' || !body) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

let keepsAnswers = false
/** Settles once every answer the page is keeping is stored (or given up). */
let keeping: Promise<unknown> = Promise.resolve()

/**
 * Called when the service worker is registered: until a worker controls the page, the page keeps
 * its own API reads in the signed-in user's cache (../offline/api-cache.ts), for they bypass any
 * worker; so the first visit opens offline as soon as the worker is ready.
 */
function keepAnswersUntilControlled() {
  keepsAnswers = true
}

/**
 * Opens once the first screen is painted (main.tsx): until then the page's own CacheStorage work
 * waits (state/pwa.ts recordSignedInUser, keepLater), for each call costs the main thread 5-10 ms
 * at 4x CPU and none of it is needed to draw. Open from the start unless held (tests, workers).
 */
let cacheGate: Promise<void> = Promise.resolve()

/** Holds the page's CacheStorage work until the returned function is called. */
function holdPageCache(): () => void {
  let open = () => {}
  cacheGate = new Promise<void>((resolve) => {
    open = resolve
  })
  return () => open()
}

/**
 * Settles when the page may use CacheStorage. Who awaits it first goes first: the user's record
 * (awaited as /api/users/me answers) before the answers kept for that user (awaited as they come).
 */
function pageCacheOpen(): Promise<void> {
  return cacheGate
}

/** Answers waiting to be kept, by the user they are kept for. */
let waiting = new Map<string, [string, Response][]>()

/**
 * Keeps an answer for `user` once the first screen is painted (pageCacheOpen), in the task after
 * that, with the other answers that came meanwhile in one go (a signed-in page asks for about a
 * dozen at once): each CacheStorage call costs the page's main thread a little, and the tasks that
 * draw the first screen pay none of them. Not later: a reload right after the first visit,
 * offline, finds them kept (the worker registers after the first screen too).
 */
function keepLater(url: string, response: Response, user: string) {
  const first = waiting.size === 0
  const list = waiting.get(user) ?? []
  list.push([url, response])
  waiting.set(user, list)
  if (!first) return
  const stored = pageCacheOpen()
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      const batch = waiting
      waiting = new Map()
      return Promise.all([...batch].map(([who, answers]) => keepAnswers(answers, who)))
    })
  keeping = Promise.all([keeping, stored.catch((error) => console.error(error))])
}

/** Resolves once the answers the page has started keeping are stored. */
function answersKept(): Promise<void> {
  return keeping.then(() => {})
}

/** True when no worker will see a request made now (a page that becomes controlled later too). */
function unseenByWorker() {
  return keepsAnswers && typeof navigator !== 'undefined' && !navigator.serviceWorker?.controller
}

/** fetch, plus the outbox for the writes that can be queued and the queued-changes overlay for reads. */
async function appFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = typeof input === 'string' || input instanceof URL ? null : input
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
  const url = new URL(request ? request.url : String(input), origin())
  if (method === 'GET') {
    // The page's first data request may have started before the app (src/early-user.js): a worker
    // saw it only if one controlled the page then, whatever controls it now.
    const early = takeEarlyAnswer(url)
    const unseen = early ? keepsAnswers && !earlyAnswersSeenByWorker() : unseenByWorker()
    // Kept for the user signed in when it was asked, and only while that user stays recorded.
    const user = unseen && isCachedRead(method, url.pathname) && outboxContext.userId()
    const response = await (early ? fromServer(early) : serverFetch(input, init))
    if (typeof user === 'number' && isKeepable(response)) {
      keepLater(url.href, response.clone(), String(user))
    }
    if (response.ok && hasQueued()) {
      const { overlayResponse } = await import('./outbox')
      return overlayResponse(url.pathname, response)
    }
    return response
  }
  if (request) return serverFetch(input, init)
  const body = parseBody(init?.body)
  const { isQueueable } = await import('./table')
  if (!isQueueable(method, url.pathname, body)) return serverFetch(input, init)
  const { queueableWrite } = await import('./outbox')
  return queueableWrite({ method, path: url.pathname, body, init: init ?? {} })
}

// What the shell, auth and the tests read of the outbox, from where it always was.
export { hasQueued, OUTBOX_HINT, outboxState, useOutbox } from './core'
export { answersKept, appFetch, holdPageCache, keepAnswersUntilControlled, pageCacheOpen }
