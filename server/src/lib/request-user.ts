/**
 * The signed-in user of a request answered before any route's hooks ran (a cached GET's hit), for
 * its log line and span (observability/). The auth plugin's requests are seen by the hooks.
 */
export const requestUser = new WeakMap<Request, number>()
