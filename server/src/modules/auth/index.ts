import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { BadRequest, Forbidden, Unauthorized } from '../../lib/errors'
import { clientAddress, createRateLimiter, trustedProxies } from '../../lib/rate-limit'
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
  oauthCookieName,
  publicUser,
  sessionCookieName,
  upsertUser,
} from './service'

const OAUTH_COOKIE_SECONDS = 10 * 60
const EMAIL =
  /^[^\s@"<>()[\],;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i

/**
 * The pending sign-in ({state, verifier, provider}) rides in a cookie signed with a key all
 * instances share (lib/secrets.ts): a visitor cannot write one, so cannot pick the provider (the
 * development one beside Google, say) nor the verifier. Only a provider that is active now is
 * accepted when it comes back.
 */
const PENDING_KEY = 'pending-sign-in'
const encodePending = async (ctx: AppContext, p: Pending) =>
  sign(await sharedSecret(ctx.db, PENDING_KEY), p)
async function decodePending(ctx: AppContext, value: unknown): Promise<Pending | null> {
  if (typeof value !== 'string' || value.length > 2000) return null
  const parsed = verify(await sharedSecret(ctx.db, PENDING_KEY), value) as Partial<Pending> | null
  if (typeof parsed?.state !== 'string' || typeof parsed?.verifier !== 'string') return null
  if (!activeProviders(ctx).includes(parsed.provider as Pending['provider'])) return null
  return parsed as Pending
}

export function authModule(ctx: AppContext, opts: { signInLimit?: number } = {}) {
  const sessionCookie = sessionCookieName(ctx.config.secureCookies)
  const oauthCookie = oauthCookieName(ctx.config.secureCookies)
  // In the database: the limit holds across every instance (keyed per client, lib/rate-limit.ts).
  const limiter = createRateLimiter(ctx.db, opts.signInLimit ?? 30)
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

  const app = new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .get(
      '/oauth/google/redirect_url',
      async ({ cookie, request, server }) => {
        await limit(clientKey(request, server))
        const { pending, redirectUrl } = await startSignIn(ctx)
        cookie[oauthCookie].set({
          value: await encodePending(ctx, pending),
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: ctx.config.secureCookies,
          maxAge: OAUTH_COOKIE_SECONDS,
        })
        return { redirectUrl }
      },
      { response: { 200: AuthModel.redirect }, detail: { tags: ['auth'] } },
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
        const pending = await decodePending(ctx, cookie[oauthCookie].value)
        if (!pending) throw new Unauthorized('Sign-in expired or was not started here; try again')
        // The state is required (interface.md §3 adds it to the callback's body): without it the
        // exchange could be driven by a code from another sign-in.
        if (!body.state) throw new BadRequest('Sign-in state is missing; try again')
        if (body.state !== pending.state)
          throw new Unauthorized('Sign-in state mismatch; try again')
        expire(cookie[oauthCookie])
        const profile = await exchangeCode(ctx, pending, body.code)
        const user = await upsertUser(ctx, profile)
        const { token, expiresAt } = await createSession(ctx, user.id)
        cookie[sessionCookie].set({ value: token, ...sessionCookieOptions(ctx, expiresAt) })
        return { success: true }
      },
      { body: AuthModel.exchange, response: { 200: AuthModel.ok }, detail: { tags: ['auth'] } },
    )
    .get('/users/me', ({ user }) => publicUser(user), { auth: true, detail: { tags: ['auth'] } })
    // POST is the logout to use (a side effect); GET stays because the spec's client calls it,
    // refused when the browser says another site asked (an <img src> on any page would do it).
    .post('/logout', ({ cookie }) => logout(cookie), {
      response: { 200: AuthModel.ok },
      detail: { tags: ['auth'] },
    })
    .get(
      '/logout',
      ({ cookie, request }) => {
        if (request.headers.get('sec-fetch-site') === 'cross-site')
          throw new Forbidden('Sign out from Cadence itself')
        return logout(cookie)
      },
      { response: { 200: AuthModel.ok }, detail: { tags: ['auth'] } },
    )

  if (!ctx.config.devLogin) return app

  const page = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } })
  return app
    .get(
      DEV_AUTHORIZE_PATH.replace('/api', ''),
      ({ request }) => page(devSignInPage(`${DEV_AUTHORIZE_PATH}${new URL(request.url).search}`)),
      {
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
        const target = new URL(`${ctx.config.publicUrl}/auth/callback`)
        target.searchParams.set('code', code)
        target.searchParams.set('state', query.state)
        return redirect(target.toString(), 303)
      },
      {
        query: AuthModel.devQuery,
        body: AuthModel.devForm,
        parse: 'urlencoded',
        detail: { tags: ['auth'], summary: 'Development sign-in form' },
      },
    )
}
