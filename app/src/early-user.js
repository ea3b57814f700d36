// Loaded by index.html before the app (a classic script: the CSP allows no inline script). It
// starts, while the app's scripts download, what the first screen of the path will ask for:
// - GET /api/users/me on `/` and on every signed-in path (app/src/state/auth.ts takes this
//   response once, for its first user fetch, instead of asking again);
// - the page's first data request (GET /api/dashboard on /dashboard, the report on
//   /reports/{uuid}, ...), taken once by the app's first identical GET (app/src/api/early.ts);
// - a modulepreload of the page's chunks (the signed-in app and the route), which the build
//   writes into this script's `data-files` and `data-chunks` (vite.config.ts), so they download beside the entry
//   instead of after it has run and the session has answered.
// Not on /auth/callback (a response from before the sign-in would be a stale 401), the static
// pages and invitations; a shared page (/r/{token}) asks for its report only.
;(() => {
  const path = location.pathname
  const api = (url) => fetch(url, { credentials: 'include' })
  const quiet = (promise) => {
    // A failure is the app's to handle when it takes the response; never an unhandled rejection.
    promise.catch(() => {})
    return promise
  }
  const segment = '([^/]+)'
  // Each signed-in page of core/src/routes.ts that has a chunk; `data` is its first request.
  const pages = [
    ['dashboard', /^\/dashboard$/, () => ['/api/dashboard']],
    ['reports', /^\/reports$/],
    ['draft', new RegExp(`^/reports/${segment}/draft$`), (uuid) => [`/api/reports/${uuid}`]],
    ['edition', new RegExp(`^/reports/${segment}/editions/${segment}$`)],
    ['report', new RegExp(`^/reports/${segment}$`), (uuid) => [`/api/reports/${uuid}`]],
    ['projects', /^\/projects$/, () => ['/api/projects/portfolio']],
    ['project', new RegExp(`^/projects/${segment}$`)],
    ['team', /^\/team$/],
    ['teamUpdates', /^\/team-updates$/],
    ['decisions', /^\/decisions$/, () => (location.search ? [] : ['/api/decisions'])],
    ['prep', new RegExp(`^/team-members/${segment}/prep$`)],
    ['teamMember', new RegExp(`^/team-members/${segment}$`)],
    ['settings', /^\/settings$/],
    ['admin', /^\/admin$/],
  ]
  const signedOut = /^\/(auth\/callback|release-notes|privacy|terms|invite\/[^/]+)$/
  const shared = new RegExp(`^/r/${segment}$`)

  // The build's table of chunk files and, by page, the indexes of its chunks (vite.config.ts).
  const data = document.currentScript?.dataset ?? {}
  const files = (data.files ?? '').split(',')
  const chunks = {}
  for (const entry of (data.chunks ?? '').split(';')) {
    const [name, indexes] = entry.split(':')
    if (name && indexes) chunks[name] = indexes.split(',').map((i) => `assets/${files[i]}.js`)
  }
  const preload = (name) => {
    for (const file of chunks[name] ?? []) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = `/${file}`
      document.head.appendChild(link)
    }
  }
  const early = {}
  const start = (urls) => {
    for (const url of urls) early[url] = quiet(api(url))
  }

  const sharedMatch = shared.exec(path)
  if (sharedMatch) {
    start([`/api/shared/${sharedMatch[1]}`])
    preload('shared')
  } else if (!signedOut.test(path)) {
    window.__cadenceEarlyUser = quiet(api('/api/users/me'))
    if (path !== '/') {
      // Every request first, then the preloads: appending a modulepreload link starts its fetch
      // at once, which costs the main thread a few ms per link on a slow phone (35 links here).
      const page = pages.find(([, pattern]) => pattern.test(path))
      const data = page?.[2]
      if (data) start(data(...page[1].exec(path).slice(1)))
      preload('signedIn')
      if (page) preload(page[0])
    }
  }
  // Whether a service worker saw these requests (it controlled the page when they began): if not,
  // the app keeps their answers itself (app/src/offline/fetch.ts), even once a worker claims it.
  const controlled = Boolean(navigator.serviceWorker?.controller)
  window.__cadenceEarly = { at: Date.now(), answers: early, controlled }
})()
