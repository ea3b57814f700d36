// Deep links survive sign-in: a signed-in page opened signed out sends the visitor to `/` (the
// product spec's redirect, to the letter) and remembers the page in this tab's sessionStorage;
// a landing URL's `?next=<path>` (a link made elsewhere) is remembered too. The remembered page
// survives the sign-in provider's round trip and the callback returns there. Kept apart from state/auth.ts so the landing page and the
// callback do not load the signed-in app's state.

import { routes } from '@cadence/core/routes'

const PENDING_NEXT = 'cadence.next'

/**
 * `raw` when it is a path of this origin to go back to, else null: it must start with a single
 * `/` (not `//evil`, `/\evil`, `http:`), hold no backslash or control character, and resolve on
 * this origin. `/` and the sign-in callback are refused (nowhere to go back to).
 */
export function safeNext(raw: string | null | undefined, origin = globalThis.location?.origin) {
  if (!origin) return null
  if (!raw || raw.length > 2000) return null
  if (!raw.startsWith('/') || raw.startsWith('//')) return null
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  if (url.pathname === routes.landing || url.pathname.startsWith(routes.authCallback)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * A signed-out visitor of `path` (with its query and hash) is sent to the landing page, `/`:
 * the page is remembered for after sign-in. Returns where to go.
 */
export function leaveForSignIn(path: string): string {
  const next = safeNext(path)
  if (next) rememberNext(next)
  return routes.landing
}

/** The page a sign-in will return to, left in place (the landing page's button keeps it). */
export function rememberedNext(): string | null {
  try {
    return safeNext(sessionStorage.getItem(PENDING_NEXT))
  } catch {
    return null
  }
}

/** The `next` of a landing URL's query (`?next=…`), checked, or null. */
export function nextOfSearch(search: string): string | null {
  return safeNext(new URLSearchParams(search).get('next'))
}

/** Kept for the sign-in callback: the provider's round trip loses the landing page's query. */
export function rememberNext(next: string | null) {
  try {
    if (next) sessionStorage.setItem(PENDING_NEXT, next)
    else sessionStorage.removeItem(PENDING_NEXT)
  } catch {}
}

/** The page to return to after sign-in (once, checked again), or null. */
export function takeRememberedNext(): string | null {
  try {
    const next = sessionStorage.getItem(PENDING_NEXT)
    sessionStorage.removeItem(PENDING_NEXT)
    return safeNext(next)
  } catch {
    return null
  }
}
