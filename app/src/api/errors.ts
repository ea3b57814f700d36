// The error rules of failed calls and the 401 listener, apart from the typed client: the
// offline outbox (app/src/offline/) uses them too, and this module imports nothing of the
// app, so the outbox layer never depends on the client that sends through it.

/** Every failed call surfaces as this: the HTTP status and its message (errorMessage). */
class ApiError extends Error {
  status: number
  body: unknown
  constructor(status: number, message: string, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

/** What a write that could not leave the browser says (issue 46: never 'HTTP 503'). */
const OFFLINE_WORDS = 'You are offline — this will be possible when you are back online'
const UNREACHABLE_WORDS = 'Cadence cannot be reached. Check your connection and try again.'

/**
 * The `error` field of a JSON body, else 'Request failed', else 'HTTP ' + status (the product
 * spec's rule for an answer). No answer at all (the network failed: Eden reports it as a 503 whose
 * body is the fetch's error) says so in words: offline, or the server out of reach.
 */
function errorMessage(status: number, body: unknown): string {
  if (body instanceof Error)
    return typeof navigator !== 'undefined' && navigator.onLine === false
      ? OFFLINE_WORDS
      : UNREACHABLE_WORDS
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error
    if (typeof error === 'string' && error) return error
    return 'Request failed'
  }
  if (typeof body === 'string' && body.trim().startsWith('{')) {
    try {
      return errorMessage(status, JSON.parse(body))
    } catch {}
  }
  return `HTTP ${status}`
}

/** Told of every 401 a call meets (the session ended): auth re-checks and signs out. */
let unauthorizedListener: (() => void) | null = null
function onUnauthorized(listener: (() => void) | null) {
  unauthorizedListener = listener
}

/** A 401 met by a call (the typed client, or the offline outbox's replay): the same re-check. */
function notifyUnauthorized() {
  unauthorizedListener?.()
}

export {
  ApiError,
  errorMessage,
  notifyUnauthorized,
  OFFLINE_WORDS,
  onUnauthorized,
  UNREACHABLE_WORDS,
}
