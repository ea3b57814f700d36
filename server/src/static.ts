import { existsSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import { routes } from '@cadence/core/routes'
import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { BadRequest, NotFound } from './lib/errors'
import { routeRules } from './lib/route-rules'

const NO_CACHE = new Set(['/sw.js', '/manifest.webmanifest', '/index.html', '/registerSW.js'])

const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cadence</title></head>
<body style="font-family:system-ui;padding:40px"><h1>Cadence</h1>
<p>The web app is not built yet. Run <code>bun run build</code> (or <code>bun start</code>, which builds it).</p>
<p>The API is up at <a href="/api/docs">/api/docs</a>.</p></body></html>`

/** Serves the built app: files from app/dist, and index.html for every app route. */
export function staticModule(ctx: AppContext) {
  const dist = normalize(ctx.config.appDist)
  // Inside the build folder itself: a sibling whose name starts the same (dist-old) is outside.
  const root = dist.endsWith(sep) ? dist : dist + sep
  const fileAt = (pathname: string) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      throw new BadRequest('Malformed path')
    }
    const path = normalize(join(dist, decoded))
    if (!path.startsWith(root)) return null
    return existsSync(path) && statSync(path).isFile() ? path : null
  }
  const serve = (path: string, cache: string) =>
    new Response(Bun.file(path), { headers: { 'cache-control': cache } })

  /** index.html, which routes the app's own paths in the browser. */
  const appPage = (pathname: string, cache: string) => {
    // A path with an extension that is not in the build is a missing file, not an app route.
    if (extname(pathname)) throw new NotFound('Not found')
    const index = join(dist, 'index.html')
    if (existsSync(index)) return serve(index, cache)
    return new Response(notBuilt, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  }
  const detail = { hide: true }
  // The pages opened by a token (a shared report, an invitation) are stored by no cache, like
  // their API.
  const tokenPage = { rules: { tokenInPath: true }, detail } as const
  // The app's routes of those pages (`/r/:token`, `/invite/:token`), as a wildcard under them.
  const tokenPages = {
    shared: routes.shared.replace(':token', '*'),
    invitation: routes.invitation.replace(':token', '*'),
  }
  return new Elysia()
    .use(routeRules)
    .get(
      tokenPages.shared,
      ({ request }) => appPage(new URL(request.url).pathname, 'no-store'),
      tokenPage,
    )
    .get(
      tokenPages.invitation,
      ({ request }) => appPage(new URL(request.url).pathname, 'no-store'),
      tokenPage,
    )
    .get(
      '/*',
      ({ request }) => {
        const { pathname } = new URL(request.url)
        if (pathname === '/api' || pathname.startsWith('/api/')) throw new NotFound('Not found')
        const file = pathname === '/' ? null : fileAt(pathname)
        if (file) {
          if (NO_CACHE.has(pathname)) return serve(file, 'no-cache')
          if (pathname.startsWith('/assets/'))
            return serve(file, 'public, max-age=31536000, immutable')
          return serve(file, 'public, max-age=3600')
        }
        return appPage(pathname, 'no-cache')
      },
      { detail },
    )
}
