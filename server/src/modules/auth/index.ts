import { AuthSuccess, ErrorBody, SignInUrl, User } from '@cadence/contract'
import { paths } from '@cadence/core/paths'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { BadRequest, Forbidden, Unauthorized } from '../../lib/errors'
import { clientAddress, createRateLimiter, trustedProxies } from '../../lib/rate-limit'
import { routeRules } from '../../lib/route-rules'
import { sharedSecret, sign, verify } from '../../lib/secrets'
import { devSignInPage } from './dev-page'
import { AuthModel } from './model'
import { authPlugin, sessionCookieOptions } from './plugin'
import {
  activeProviders,
  DEV_AUTHORIZE_PATH,
  exchangeCode,
  issueDevCode,
  type Pending,
  startSignIn,
} from './providers'
import {
  createSession,
  deleteSession,
  endUserSessions,
  oauthCookieName,
  publicUser,
  sessionCookieName,
  updateProfile,
  upsertUser,
} from './service'

const OAUTH_COOKIE_SECONDS = 10 * 60
const EMAIL =
  /^[^\s@"<>()[\],;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i

/**
 * The pending sign-ins ({state, verifier, provider, nonce}) ride in a cookie signed with a key all
 * instances share (lib/secrets.ts): a visitor cannot write one, so cannot pick the provider (the
 * development one beside Google, say) nor the verifier. Only a provider that is active now is
 * accepted when it comes back.
 *
 * Several tabs (decision, security review item 7): the cookie holds a list of up to
 * MAX_PENDING sign-ins, each with its own expiry, keyed by its state. Starting a sign-in adds one
 * (the oldest falls out past MAX_PENDING) instead of overwriting the one another tab is in the
 * middle of; the callback takes the entry its state names and leaves the others. One cookie
 * rather than a cookie per state keeps the browser's cookie count and the request size bounded.
 * Its one limit: two tabs that start within the same round trip both read the same list, and the
 * answer that arrives last wins (that tab's sign-in then says it expired; starting again works).
 */
const PENDING_KEY = 'pending-sign-in'
const MAX_PENDING = 5
type PendingEntry = Pending & { exp: number }

const encodePending = async (ctx: AppContext, list: PendingEntry[]) =>
  sign(await sharedSecret(ctx.db, PENDING_KEY), list)

/** The cookie's pending sign-ins still usable now: signed here, unexpired, of an active provider. */
async function decodePending(ctx: AppContext, value: unknown): Promise<PendingEntry[]> {
  if (typeof value !== 'string' || value.length > 4000) return []
  const parsed = verify(await sharedSecret(ctx.db, PENDING_KEY), value)
  if (!Array.isArray(parsed)) return []
  const active = activeProviders(ctx)
  const now = Date.now()
  return (parsed as Partial<PendingEntry>[]).filter(
    (p): p is PendingEntry =>
      typeof p?.state === 'string' &&
      typeof p.verifier === 'string' &&
      (p.nonce === undefined || typeof p.nonce === 'string') &&
      typeof p.exp === 'number' &&
      p.exp > now &&
      active.includes(p.provider as Pending['provider']),
  )
}

/** What the sign-in routes share: the cookies' names, the one sign-in rate limit, cookie helpers. */
function authTools(ctx: AppContext, opts: { signInLimit?: number }) {
  const sessionCookie = sessionCookieName(ctx.config.secureCookies)
  const oauthCookie = oauthCookieName(ctx.config.secureCookies)
  // Counted in memory, shared through the database in batches (keyed per client, lib/rate-limit.ts).
  const limiter = createRateLimiter(ctx.db, opts.signInLimit ?? 30, 60_000, { batched: true })
  const trusted = trustedProxies(ctx.config.trustedProxies)
  const clientKey = (
    request: Request,
    server: { requestIP(r: Request): { address: string } | null } | null,
  ) =>
    clientAddress(
      server?.requestIP(request)?.address,
      request.headers.get('x-forwarded-for'),
      trusted,
    )
  const limit = (key: string) => limiter(`sign-in ${key}`)

  /**
   * Deletes a cookie as it was set: a `__Host-` cookie is only replaced (and so deleted) by a
   * Set-Cookie that is itself Secure with Path=/, which Elysia's remove() does not send.
   */
  const expire = (jar: { set: (v: object) => unknown }) =>
    jar.set({
      value: '',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: ctx.config.secureCookies,
      expires: new Date(0),
      maxAge: 0,
    })
  const logout = async (
    cookie: Record<string, { value: unknown; set: (v: object) => unknown }>,
  ) => {
    const token = cookie[sessionCookie].value
    await deleteSession(ctx, typeof token === 'string' ? token : undefined)
    expire(cookie[sessionCookie])
    return { success: true }
  }

  /** Stores the pending sign-ins (the cookie lives as long as the newest of them). */
  const keepPending = async (jar: { set: (v: object) => unknown }, list: PendingEntry[]) => {
    if (!list.length) return expire(jar)
    const newest = Math.max(...list.map((p) => p.exp))
    jar.set({
      value: await encodePending(ctx, list),
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: ctx.config.secureCookies,
      maxAge: Math.max(1, Math.ceil((newest - Date.now()) / 1000)),
    })
  }

  /**
   * GET /api/logout stays (older clients call it) but is refused when the browser says
   * another site asked (an <img src> or a link on any page would do it): Sec-Fetch-Site
   * cross-site or same-site (a sibling host is not this app), or an Origin that is not ours.
   */
  const allowedOrigin = new URL(ctx.config.publicUrl).origin
  const foreignRequest = (request: Request) => {
    const site = request.headers.get('sec-fetch-site')
    const origin = request.headers.get('origin')
    return site === 'cross-site' || site === 'same-site' || (!!origin && origin !== allowedOrigin)
  }
  return {
    sessionCookie,
    oauthCookie,
    clientKey,
    limit,
    expire,
    logout,
    keepPending,
    foreignRequest,
  }
}
type AuthTools = ReturnType<typeof authTools>

/** Starting a sign-in (the provider's address) and finishing it (the code exchanged for a session). */
function signInRoutes(ctx: AppContext, tools: AuthTools) {
  const { sessionCookie, oauthCookie, clientKey, limit, keepPending } = tools
  return new Elysia({ prefix: '/api' })
    .use(routeRules)
    .get(
      '/oauth/google/redirect_url',
      async ({ cookie, request, server }) => {
        await limit(clientKey(request, server))
        const { pending, redirectUrl } = await startSignIn(ctx)
        const others = await decodePending(ctx, cookie[oauthCookie].value)
        const entry = { ...pending, exp: Date.now() + OAUTH_COOKIE_SECONDS * 1000 }
        await keepPending(cookie[oauthCookie], [...others, entry].slice(-MAX_PENDING))
        return { redirectUrl }
      },
      {
        rules: { public: true },
        response: { 200: SignInUrl, 401: ErrorBody, 429: ErrorBody, 502: ErrorBody },
        detail: { tags: ['auth'] },
      },
    )
    .post(
      '/sessions',
      async ({ body, cookie, request, server }) => {
        await limit(clientKey(request, server))
        if (!body.code) {
          throw new BadRequest(
            'Cannot exchange code for session token: no code provided in the URL search params.',
          )
        }
        // The state is required (the app sends it in the callback's body): without it the
        // exchange could be driven by a code from another sign-in. It is checked first, so a
        // missing state is a 400 whether or not a sign-in is pending.
        if (!body.state) throw new BadRequest('Sign-in state is missing; try again')
        const list = await decodePending(ctx, cookie[oauthCookie].value)
        if (!list.length)
          throw new Unauthorized('Sign-in expired or was not started here; try again')
        const pending = list.find((p) => p.state === body.state)
        if (!pending) throw new Unauthorized('Sign-in state mismatch; try again')
        // Used up whatever the exchange answers; the other tabs' sign-ins stay.
        await keepPending(
          cookie[oauthCookie],
          list.filter((p) => p !== pending),
        )
        const profile = await exchangeCode(ctx, pending, { code: body.code, state: body.state })
        const user = await upsertUser(ctx, profile)
        const { token, expiresAt } = await createSession(ctx, user.id)
        cookie[sessionCookie].set({ value: token, ...sessionCookieOptions(ctx, expiresAt) })
        return { success: true }
      },
      {
        rules: { public: true },
        body: AuthModel.exchange,
        response: {
          200: AuthSuccess,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          429: ErrorBody,
          502: ErrorBody,
        },
        detail: { tags: ['auth'] },
      },
    )
}

/** The signed-in user's own profile. */
function profileRoutes(ctx: AppContext) {
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/users/me', ({ user }) => publicUser(user), {
      auth: true,
      response: { 200: User, 401: ErrorBody },
      detail: { tags: ['auth'] },
    })
    .put('/users/me', ({ user, body }) => updateProfile(ctx, user, body), {
      auth: true,
      body: AuthModel.profile,
      response: { 200: User, 400: ErrorBody, 401: ErrorBody },
      detail: { tags: ['auth'] },
    })
}

function logoutRoutes(tools: AuthTools) {
  const { logout, foreignRequest } = tools
  return (
    new Elysia({ prefix: '/api' })
      .use(routeRules)
      // POST is the logout to use (a side effect; app.ts refuses a foreign Origin); GET stays
      // because older clients call it, refused when another site asked (foreignRequest).
      .post('/logout', ({ cookie }) => logout(cookie), {
        rules: { public: true },
        response: { 200: AuthSuccess },
        detail: { tags: ['auth'] },
      })
      .get(
        '/logout',
        ({ cookie, request }) => {
          if (foreignRequest(request)) throw new Forbidden('Sign out from Cadence itself')
          return logout(cookie)
        },
        {
          rules: { public: true },
          response: { 200: AuthSuccess, 403: ErrorBody },
          detail: { tags: ['auth'] },
        },
      )
  )
}

/**
 * POST /api/sessions/revoke-all: "sign out everywhere" — every session of the signed-in user ends
 * (this one too: its cookie is cleared), on every instance; answers how many ended.
 */
function signOutEverywhereRoutes(ctx: AppContext, tools: AuthTools) {
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .post(
      '/sessions/revoke-all',
      async ({ user, cookie }) => {
        const ended = await endUserSessions(ctx, user.id, user.id)
        tools.expire(cookie[tools.sessionCookie])
        return { success: true, ended }
      },
      {
        auth: true,
        response: {
          200: t.Object({ success: t.Boolean(), ended: t.Integer({ minimum: 0 }) }),
          401: ErrorBody,
        },
        detail: { tags: ['auth'], summary: 'Sign out everywhere: end every session of mine' },
      },
    )
}

/** The development sign-in page and its form (only when the config enables it). */
function devSignInRoutes(ctx: AppContext, tools: AuthTools) {
  const { clientKey, limit } = tools
  const page = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } })
  return new Elysia({ prefix: '/api' })
    .use(routeRules)
    .get(
      DEV_AUTHORIZE_PATH.replace('/api', ''),
      ({ request }) => page(devSignInPage(`${DEV_AUTHORIZE_PATH}${new URL(request.url).search}`)),
      {
        rules: { public: true },
        query: AuthModel.devQuery,
        detail: { tags: ['auth'], summary: 'Development sign-in page' },
      },
    )
    .post(
      DEV_AUTHORIZE_PATH.replace('/api', ''),
      async ({ body, query, request, server, redirect }) => {
        await limit(clientKey(request, server))
        if (!EMAIL.test(body.email.trim())) {
          const action = `${DEV_AUTHORIZE_PATH}${new URL(request.url).search}`
          return page(devSignInPage(action, 'Valid email is required'), 400)
        }
        const code = await issueDevCode(ctx, {
          email: body.email,
          name: body.name,
          codeChallenge: query.code_challenge,
        })
        const target = new URL(`${ctx.config.publicUrl}${paths.authCallback()}`)
        target.searchParams.set('code', code)
        target.searchParams.set('state', query.state)
        return redirect(target.toString(), 303)
      },
      {
        rules: { public: true, formPost: true },
        query: AuthModel.devQuery,
        body: AuthModel.devForm,
        parse: 'urlencoded',
        detail: { tags: ['auth'], summary: 'Development sign-in form' },
      },
    )
}

export function authModule(ctx: AppContext, opts: { signInLimit?: number } = {}) {
  // One set of tools, so the sign-in routes and the development form share one rate limit.
  const tools = authTools(ctx, opts)
  // Signing in and out is what a visitor without a session does: those routes are public.
  const app = new Elysia()
    .use(signInRoutes(ctx, tools))
    .use(profileRoutes(ctx))
    .use(logoutRoutes(tools))
    .use(signOutEverywhereRoutes(ctx, tools))
  if (!ctx.config.devLogin) return app
  return app.use(devSignInRoutes(ctx, tools))
}
