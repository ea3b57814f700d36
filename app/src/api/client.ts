import type { App } from '@cadence/server'
import { treaty } from '@elysiajs/eden'
import { appFetch } from '../offline/fetch'
import { ApiError, errorMessage, notifyUnauthorized, onUnauthorized } from './errors'

const origin = () =>
  typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost'

/** A fetch-like function as Eden's `fetcher` (Bun's `typeof fetch` adds `preconnect`, unused). */
const asFetch = (fetcher: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
  fetcher as typeof fetch

/**
 * The typed Eden Treaty client. Every call sends the session cookie. Dates stay the strings the
 * server sends ('YYYY-MM-DD', ISO timestamps): ui's types and date helpers take strings, and
 * Eden would otherwise turn them into Date objects.
 */
const api = treaty<App>(origin(), {
  fetch: { credentials: 'include' },
  parseDate: false,
  // Offline: queueable writes go through the outbox, reads get queued changes laid over.
  fetcher: asFetch(appFetch),
})

/**
 * A client whose call is answered by `response`, a request started before the app loaded
 * (src/early-user.js): Eden reads it as it reads every answer, typed by the route's schema.
 */
function answeredBy(response: Promise<Response>): typeof api {
  return treaty<App>(origin(), { parseDate: false, fetcher: asFetch(() => response) })
}

function failure(status: number, body: unknown): ApiError {
  if (status === 401) notifyUnauthorized()
  return new ApiError(status, errorMessage(status, body), body)
}

/**
 * What an Eden Treaty call resolves to: the data of a success, typed by the route's response
 * schema (@cadence/contract), or the error with its status and body.
 */
type Answer<T> =
  | { data: T; error: null; status: number }
  | { data: null; error: { status: unknown; value: unknown }; status: number }

/**
 * Unwraps an Eden Treaty call: the typed data, or an ApiError whose message is the body's `error`
 * (else 'Request failed', else 'HTTP <status>'; see errorMessage in ./errors).
 */
async function call<T>(pending: Promise<Answer<T>>): Promise<T> {
  const result = await pending
  if (result.error) {
    const status = typeof result.error.status === 'number' ? result.error.status : result.status
    throw failure(status, result.error.value)
  }
  return result.data
}

/**
 * A file download, the one call Eden does not type (its answer is a file, not a schema): GET
 * `path` and resolve to the file's text. Same credentials and error rules as `call`: an error
 * answer's JSON `error` is the ApiError's message.
 */
async function downloadText(path: `/api/${string}`): Promise<string> {
  let response: Response
  try {
    response = await appFetch(`${origin()}${path}`, { method: 'GET', credentials: 'include' })
  } catch (error) {
    // No answer (offline, the server out of reach): the same words as a typed call's.
    throw failure(503, error instanceof Error ? error : new Error(String(error)))
  }
  const text = await response.text()
  if (!response.ok) {
    let body: unknown = text
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = JSON.parse(text)
      } catch {}
    }
    throw failure(response.status, body)
  }
  return text
}

/** The message of any thrown value, for toasts: 'An error occurred' for a non-error. */
function messageOf(error: unknown, fallback = 'An error occurred'): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}

export {
  ApiError,
  answeredBy,
  api,
  call,
  downloadText,
  errorMessage,
  messageOf,
  notifyUnauthorized,
  onUnauthorized,
}
