import type { User } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { answeredBy, api, errorMessage, onUnauthorized } from '../api/client'
import { setOutboxContext } from '../offline/context'
import { fromServer } from '../offline/core'
import { hasQueued } from '../offline/fetch'
import type { AnswerBatch } from './after-paint'
import { resetCache } from './cache'
import { clearOfflineData, recordSignedInUser } from './pwa'
import { endSession } from './session-ended'

type AuthStatus = 'pending' | 'signed-in' | 'signed-out'

type AuthState = {
  /** 'pending' until the first user fetch settles. */
  status: AuthStatus
  user: User | null
  /** True while a user fetch is in flight, separate from `status`. */
  fetching: boolean
  /** null until asked; any failure of the admin check counts as not admin. */
  isAdmin: boolean | null
  /**
   * Why the server refused the last sign-in (403: an address outside ALLOWED_EMAIL_DOMAINS,
   * sign-ups closed), for the landing page; cleared by the next try.
   */
  refusal: string | null
}

const authState = proxy<AuthState>({
  status: 'pending',
  user: null,
  fetching: false,
  isAdmin: null,
  refusal: null,
})

// The one holder of the signed-in user in the app: `authState.user`, the record a visit that cannot
// reach the server opens with (localStorage, below) and the service worker's record of whose
// answers it keeps (./pwa) are written here only. Other modules read `authState`, `useAuth()` or
// `signedInUserId()`, and a change the server answers (a profile save) comes back through
// `updateSignedInUser`.

/** The signed-in user's id, or null. */
function signedInUserId(): number | null {
  return authState.user?.id ?? null
}

// The offline outbox queues and replays the signed-in user's changes.
setOutboxContext({ userId: signedInUserId })

const NO_CODE = 'Cannot exchange code for session token: no code provided in the URL search params.'

/**
 * The last signed-in user, written as soon as the server names them: a visit, a reload, a new tab
 * or the installed app that cannot reach the server (offline, a network that does not answer, the
 * server down) opens signed in as that user. Only the server's 401 removes it.
 */
const USER_KEY = 'cadence.user'

function rememberUser(user: User | null) {
  try {
    if (user) globalThis.localStorage?.setItem(USER_KEY, JSON.stringify(user))
    else globalThis.localStorage?.removeItem(USER_KEY)
  } catch {}
}

function rememberedUser(): User | null {
  try {
    const raw = globalThis.localStorage?.getItem(USER_KEY)
    const user = raw ? (JSON.parse(raw) as User | null) : null
    return typeof user?.id === 'number' ? user : null
  } catch {
    return null
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

let userRequest: Promise<User | null> | null = null
/** False while the signed-in user comes from the record only (the server did not answer). */
let confirmed = false
const exchanges = new Map<string, Promise<User | null>>()
let adminRequest: Promise<boolean> | null = null

type EarlyUserWindow = { __cadenceEarlyUser?: Promise<Response> }

/**
 * The GET /api/users/me that src/early-user.js started on `/` before the app loaded, taken at
 * most once: the first user fetch uses it, every later one (after a sign-in, a 401) asks anew.
 */
function takeEarlyUserResponse(): Promise<Response> | null {
  const w = globalThis as EarlyUserWindow
  const early = w.__cadenceEarlyUser ?? null
  delete w.__cadenceEarlyUser
  return early
}

/** GET /api/users/me; concurrent callers share one request. Resolves null when signed out. */
function fetchUser(): Promise<User | null> {
  if (userRequest) return userRequest
  authState.fetching = true
  const early = takeEarlyUserResponse()
  const pending = (async () => {
    try {
      // Whether the server answered is told on the way ('Offline', offline/core.ts fromServer).
      const client = early ? answeredBy(fromServer(early)) : api
      const { data, error, status } = await client.api.users.me.get()
      if (status === 401) {
        // The session is gone: so are the cached answers and, after the export offer, the
        // unsent changes of whoever was signed in here (state/session-ended.ts).
        const previous = authState.user?.id ?? rememberedUser()?.id ?? null
        rememberUser(null)
        confirmed = false
        // The worker's record goes at once (queued before any read the page makes next).
        void recordSignedInUser(null)
        void endSession(previous)
        return null
      }
      // Anything but the user (another status, a captive portal's page) is no answer.
      if (error || typeof data?.id !== 'number') {
        throw new Error(`Failed to fetch user: API responded with HTTP status ${status}`)
      }
      rememberUser(data)
      confirmed = true
      // The service worker caches API answers for this user only (app/src/offline/api-cache.ts).
      void recordSignedInUser(data.id)
      return data
    } catch (error) {
      console.error(error)
      // No answer from the server (offline whatever navigator.onLine says, a network that fails,
      // the server down): the last user stays signed in; only a 401 signs them out.
      return rememberedUser()
    }
  })()
  userRequest = pending
  pending.then((user) => {
    if (userRequest !== pending) return
    userRequest = null
    authState.fetching = false
    if (user?.id !== authState.user?.id) authState.isAdmin = null
    authState.user = user
    authState.status = user ? 'signed-in' : 'signed-out'
  })
  return pending
}

/**
 * POST /api/sessions with the code and state from the callback URL, then re-fetch the user.
 * Duplicate exchanges of one code (React strict mode, double renders) share one request.
 */
function exchangeCode(search: string): Promise<User | null> {
  const params = new URLSearchParams(search)
  const code = params.get('code')
  if (!code) {
    settleAfterFailedExchange()
    return Promise.reject(new Error(NO_CODE))
  }
  const existing = exchanges.get(code)
  if (existing) return existing
  const pending = (async () => {
    const state = params.get('state') ?? undefined
    const { error, status } = await api.api.sessions.post({ code, state })
    // Refused by the administrator's rules: the person is told why (other failures are only
    // logged).
    if (error && status === 403) authState.refusal = errorMessage(403, error.value)
    if (error) {
      throw new Error(
        `Failed to exchange code for session token: API responded with HTTP status ${status}`,
      )
    }
    // A fetch that started before the cookie existed would answer 401; ask again. The new
    // session may be someone else's: the last user no longer stands in if the server is silent.
    rememberUser(null)
    userRequest = null
    takeEarlyUserResponse()
    return fetchUser()
  })()
  exchanges.set(code, pending)
  pending.catch(settleAfterFailedExchange)
  return pending
}

/**
 * The callback page skips the first-load user fetch, so after a failed exchange the session is
 * still 'pending': ask the server once, or `/` (where the user is sent) would spin forever.
 */
function settleAfterFailedExchange() {
  if (authState.status === 'pending') void fetchUser()
}

/** GET the provider's sign-in URL and go there. Failures are only logged. */
async function login() {
  authState.refusal = null
  try {
    const { data, error, status } = await api.api.oauth.google.redirect_url.get()
    if (error || !data) {
      throw new Error(`Failed to get login redirect URL: API responded with HTTP status ${status}`)
    }
    window.location.assign(data.redirectUrl)
  } catch (error) {
    console.error(error)
  }
}

/**
 * The server answered the signed-in user anew (PUT /api/users/me, a profile save): held, and
 * remembered for a visit that cannot reach the server.
 */
function updateSignedInUser(user: User) {
  authState.user = { ...authState.user, ...user }
  rememberUser(authState.user)
}

/** The signed-in user's state leaves this tab: the UI shows signed out. Returns the user id. */
function clearLocalSession() {
  const userId = authState.user?.id ?? null
  rememberUser(null)
  userRequest = null
  adminRequest = null
  authState.user = null
  authState.isAdmin = null
  authState.status = 'signed-out'
  authState.fetching = false
  resetCache()
  return userId
}

/** Clears the local session first (the UI signs out at once), then tells the server. */
async function logout() {
  const userId = clearLocalSession()
  // Cached API answers and queued offline changes go with the session. Only when
  // changes still wait does the server call wait too: they are sent first, while the session lasts.
  const cleared = clearOfflineData(userId)
  try {
    if (hasQueued()) await cleared
    const { error, status } = await api.api.logout.post()
    if (error) console.error(new Error(`Logout failed: API responded with HTTP status ${status}`))
  } catch (error) {
    console.error(error)
  }
}

/**
 * GET /api/admin/profile: whether the user is an admin; any failure means not admin. With
 * `batch`, the answer is applied with the batch's others.
 */
function checkAdmin(batch?: AnswerBatch): Promise<boolean> {
  if (adminRequest) return adminRequest
  const pending = api.api.admin.profile
    .get()
    .then(({ data, error }) => !error && data?.is_admin === true)
    .catch(() => false)
  adminRequest = pending
  ;(batch ? batch.add(pending) : pending).then((isAdmin) => {
    if (adminRequest === pending) authState.isAdmin = isAdmin
  })
  return pending
}

/**
 * A call answered 401 while signed in: the session expired or was revoked. Ask the server once
 * more; its 401 turns the app signed-out, and the protected routes send the user to `/`.
 */
function recheckSession() {
  if (authState.status !== 'signed-in' || isOffline()) return
  userRequest = null
  void fetchUser()
}
onUnauthorized(recheckSession)

// Signed in from the record while the server was out of reach: once the browser is back online,
// the server says who is signed in (its 401 signs out and offers the unsent changes for export).
if (typeof globalThis.addEventListener === 'function') {
  globalThis.addEventListener('online', () => {
    if (authState.status !== 'signed-in' || confirmed) return
    userRequest = null
    void fetchUser()
  })
}

/** For tests: back to the first-load state. */
function resetAuth() {
  takeEarlyUserResponse()
  userRequest = null
  adminRequest = null
  exchanges.clear()
  confirmed = false
  Object.assign(authState, {
    status: 'pending',
    user: null,
    fetching: false,
    isAdmin: null,
    refusal: null,
  })
}

function useAuth() {
  return useSnapshot(authState) as AuthState
}

export type { AuthState, AuthStatus }
export {
  authState,
  checkAdmin,
  clearLocalSession,
  exchangeCode,
  fetchUser,
  login,
  logout,
  NO_CODE,
  resetAuth,
  signedInUserId,
  updateSignedInUser,
  useAuth,
}
