// The offline table's part the per-user API cache reads (app/src/offline/api-cache.ts, on every
// page's first download and in the service worker): which reads it never keeps, and how a path is
// matched to a route. The rest of the table, what each offline write is, is ./offline.ts, which
// re-exports this. No elysia here either.

/** Who is signed in: the page and the service worker read it to record the user, never stored. */
export const SIGNED_IN_USER_READ = '/api/users/me'

/**
 * The GET routes whose answers the per-user API cache never keeps: who is signed in (offline the
 * app decides that from its own record of the last user, never from a cached answer), whether one
 * is an admin, sign-in's own pages, and a shared report (a reader's, not the signed-in user's).
 */
export const NEVER_KEPT_READS = [
  SIGNED_IN_USER_READ,
  '/api/admin/profile',
  '/api/logout',
  '/api/oauth/google/redirect_url',
  '/api/oauth/dev/authorize',
  '/api/shared/:token',
] as const

const INTEGER = /^-?\d+$/

/**
 * The path parameters of `path` when it is a path of the route `pattern` (`:id` only an integer),
 * else undefined. A trailing slash does not count.
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean)
  const got = path.split('/').filter(Boolean)
  if (want.length !== got.length) return
  const params: Record<string, string> = {}
  for (const [i, segment] of want.entries()) {
    if (!segment.startsWith(':')) {
      if (segment !== got[i]) return
      continue
    }
    const name = segment.slice(1)
    if (name === 'id' && !INTEGER.test(got[i])) return
    params[name] = got[i]
  }
  return params
}

/** A read (`path` is a pathname) whose answer the per-user API cache never keeps. */
export function isNeverKept(path: string): boolean {
  return NEVER_KEPT_READS.some((route) => matchRoute(route, path) !== undefined)
}
