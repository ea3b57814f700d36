import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import type { SessionCheck } from '../../db/statements'
import { isDatabaseUnavailable } from '../../db/unavailable'
import { Forbidden, Unauthorized } from '../../lib/errors'
import { setUserOf } from '../../lib/request-user'
import { hintedSession, SESSION_DAYS, sessionCookieName, validateSession } from './service'
import { SessionUnvouched } from './session-hints'

export function sessionCookieOptions(ctx: AppContext, expires: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: ctx.config.secureCookies,
    expires,
    maxAge: SESSION_DAYS * 86_400,
  }
}

/**
 * How a `{writer: true}` route writes as the session's user: `as(write)` runs `write` with the
 * user's id, and with the session's check when the user came from a hint (session-hints.ts): the
 * write then checks the session in its own statement and throws SessionUnvouched if it wrote
 * nothing. Whatever such a run throws, the session is then validated the ordinary way (401 when it
 * has ended; its renewal, the day's `last_seen_at`) and, after SessionUnvouched, `write` runs again
 * as that user without a check; any other error stands (a database unavailable at once, unchecked). Without a hint the session was validated
 * before the handler, as `{auth: true}` does.
 */
export type Writer = {
  as<T>(write: (userId: number, check?: SessionCheck) => Promise<T>): Promise<T>
}

type Cookies = Record<string, { value: unknown; set: (v: object) => unknown }>

/**
 * The one auth plugin: `{auth: true}` resolves `user` or answers 401; `{admin: true}` also 403s;
 * `{writer: true}` resolves a `Writer`, for the writes that check their session themselves.
 */
export function authPlugin(ctx: AppContext) {
  const name = sessionCookieName(ctx.config.secureCookies)
  const tokenOf = (cookie: Cookies) => {
    const value = cookie[name]?.value
    return typeof value === 'string' ? value : undefined
  }
  const resolveUser = async (cookie: Cookies) => {
    const jar = cookie[name]
    const token = tokenOf(cookie)
    const result = await validateSession(ctx, token)
    if (!result) throw new Unauthorized()
    if (result.renewedUntil && token) {
      jar.set({ value: token, ...sessionCookieOptions(ctx, result.renewedUntil) })
    }
    return result.user
  }
  return new Elysia().macro({
    auth: {
      resolve: async ({ cookie }) => ({ user: await resolveUser(cookie) }),
    },
    writer: {
      resolve: async ({ cookie, request }) => {
        const hint = hintedSession(ctx, tokenOf(cookie))
        const ordinary = async () => {
          const user = await resolveUser(cookie)
          setUserOf(request, user.id)
          return user.id
        }
        if (!hint) {
          const userId = await ordinary()
          const writer: Writer = { as: (write) => write(userId) }
          return { writer }
        }
        const writer: Writer = {
          async as(write) {
            try {
              const done = await write(hint.userId, hint.check)
              setUserOf(request, hint.userId)
              return done
            } catch (error) {
              // A database that did not answer: the 503 stands (a second wait would double it).
              if (isDatabaseUnavailable(error)) throw error
              const userId = await ordinary()
              if (error instanceof SessionUnvouched) return write(userId)
              throw error
            }
          },
        }
        return { writer }
      },
    },
    admin: {
      resolve: async ({ cookie }) => {
        const user = await resolveUser(cookie)
        if (!user.is_admin) throw new Forbidden('Admin access required')
        return { user }
      },
    },
  })
}
