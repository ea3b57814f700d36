/**
 * The signed-in user of a request answered before any route's hooks ran (a cached GET's hit), for
 * its log line and span (observability/). The auth plugin's requests are seen by the hooks. Kept
 * on the request itself (a WeakMap entry per request costs far more).
 */
const USER = Symbol('cadence.user')

export const setUserOf = (request: Request, userId: number) => {
  ;(request as { [USER]?: number })[USER] = userId
}

export const userOf = (request: Request) => (request as { [USER]?: number })[USER]
