import type { App } from '@cadence/server'
import { treaty } from '@elysiajs/eden'
import { appFetch } from '../state/outbox-fetch'

/** Every failed call surfaces as this: the HTTP status and the message of product-spec §7. */
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

const origin = () =>
  typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost'

/**
 * The typed Eden Treaty client. Every call sends the session cookie. Dates stay the strings the
 * server sends ('YYYY-MM-DD', ISO timestamps): ui's types and date helpers take strings, and
 * Eden would otherwise turn them into Date objects.
 */
const api = treaty<App>(origin(), {
  fetch: { credentials: 'include' },
  parseDate: false,
  // Offline (issue 6): queueable writes go through the outbox, reads get queued changes laid over.
  fetcher: appFetch as typeof fetch,
})

/** product-spec §7: the `error` field of a JSON body, else 'Request failed', else 'HTTP ' + status. */
function errorMessage(status: number, body: unknown): string {
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

/** A 401 met outside the typed client (the offline outbox's replay): the same re-check. */
function notifyUnauthorized() {
  unauthorizedListener?.()
}

function failure(status: number, body: unknown): ApiError {
  if (status === 401) unauthorizedListener?.()
  return new ApiError(status, errorMessage(status, body), body)
}

type TreatyResponse = {
  data: unknown
  error: { status: unknown; value: unknown } | null
  status: number
}

/** Unwraps an Eden Treaty call: the data, or an ApiError built by the rules of §7. */
async function call<R extends TreatyResponse>(
  pending: Promise<R>,
): Promise<NonNullable<R['data']>> {
  const result = await pending
  if (result.error) {
    const status = typeof result.error.status === 'number' ? result.error.status : result.status
    throw failure(status, result.error.value)
  }
  return result.data as NonNullable<R['data']>
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A typed fetch for the few calls whose server module is not part of `type App` yet or whose
 * body Eden cannot express (DELETE with a body). Same credentials and error rules as `call`.
 */
async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await appFetch(`${origin()}${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: unknown = text
  if (text && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text)
    } catch {}
  }
  if (!response.ok) throw failure(response.status, parsed)
  return (text ? parsed : null) as T
}

/** The message of any thrown value, for toasts: §8 'An error occurred' for a non-error. */
function messageOf(error: unknown, fallback = 'An error occurred'): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}

export { ApiError, api, call, errorMessage, messageOf, notifyUnauthorized, onUnauthorized, request }
