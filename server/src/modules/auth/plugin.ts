import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { Forbidden, Unauthorized } from '../../lib/errors'
import { SESSION_DAYS, sessionCookieName, validateSession } from './service'

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

/** The one auth plugin: `{auth: true}` resolves `user` or answers 401; `{admin: true}` also 403s. */
export function authPlugin(ctx: AppContext) {
  const name = sessionCookieName(ctx.config.secureCookies)
  const resolveUser = async (
    cookie: Record<string, { value: unknown; set: (v: object) => unknown }>,
  ) => {
    const jar = cookie[name]
    const token = typeof jar?.value === 'string' ? jar.value : undefined
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
    admin: {
      resolve: async ({ cookie }) => {
        const user = await resolveUser(cookie)
        if (!user.is_admin) throw new Forbidden('Admin access required')
        return { user }
      },
    },
  })
}
