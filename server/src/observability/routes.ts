/**
 * The route template (`/api/reports/:uuid`) of a request that no route's hooks saw: one refused
 * before routing (401, 403, 413), for its metrics and log line. Matched as Elysia's router does:
 * a fixed segment before a parameter, a parameter before `*`.
 */
export function routeFinder(routes: readonly { method: string; path: string }[]) {
  type Entry = { method: string; path: string; pattern: RegExp; rank: number }
  const entries: Entry[] = routes.map(({ method, path }) => {
    const segments = path.split('/').filter(Boolean)
    const pattern = new RegExp(
      `^/${segments
        .map((s) =>
          s === '*' ? '.*' : s.startsWith(':') ? '[^/]+' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    )
    // Fixed segments first, then fewer parameters, `*` last.
    const rank = segments.reduce(
      (n, s, i) => n + (s === '*' ? 1000 : s.startsWith(':') ? 10 ** Math.max(0, 2 - i) : 0),
      0,
    )
    return { method, path, pattern, rank }
  })
  entries.sort((a, b) => a.rank - b.rank)
  return (method: string, pathname: string) => {
    const want = method === 'HEAD' ? 'GET' : method
    return entries.find(
      (e) => (e.method === want || e.method === 'ALL') && e.pattern.test(pathname),
    )?.path
  }
}
