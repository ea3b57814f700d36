import { dirname, join } from 'node:path'
import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import { assets } from '../../lib/assets'
import { routeRules } from '../../lib/route-rules'

// The API reference page (/api/docs) is Scalar's bundle, from the pinned @scalar/api-reference
// package and served from this origin: an air-gapped installation has working docs and the CSP
// names no CDN. No page gets inline script.
export const DOCS_PATH = '/api/docs'
export const SPEC_PATH = '/api/openapi.json'
const SCALAR_PATH = '/api/docs/scalar.js'
const DOCS_INIT_PATH = '/api/docs/init.js'
const scalarBundle = () =>
  Bun.file(
    assets.scalar ??
      join(
        dirname(Bun.resolveSync('@scalar/api-reference', import.meta.dir)),
        'browser/standalone.js',
      ),
  )
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Cadence API</title>
    <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${SCALAR_PATH}"></script>
    <script src="${DOCS_INIT_PATH}"></script>
  </body>
</html>
`
const DOCS_INIT = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: SPEC_PATH,
  withDefaultFonts: false,
})})
`
const docsResponse = (body: string | Blob, type: string) =>
  new Response(body, {
    headers: { 'content-type': type, 'cache-control': 'public, max-age=3600' },
  })

/**
 * The OpenAPI document (/api/openapi.json) and the reference page that reads it (/api/docs), all
 * public. The plugin's own route declares no rules: a GET needs none to answer without a session.
 */
export function docsModule() {
  return new Elysia()
    .use(routeRules)
    .use(
      openapi({
        path: DOCS_PATH,
        specPath: SPEC_PATH,
        // The page is ours (below): the plugin's page carries an inline configuration script
        // that the CSP blocks.
        provider: null,
        documentation: {
          info: {
            title: 'Cadence API',
            version: '1.0.0',
            description: 'Weekly executive reporting',
          },
        },
      }),
    )
    .get(DOCS_PATH, () => docsResponse(DOCS_PAGE, 'text/html; charset=utf-8'), {
      rules: { public: true },
      detail: { hide: true },
    })
    .get(DOCS_INIT_PATH, () => docsResponse(DOCS_INIT, 'text/javascript; charset=utf-8'), {
      rules: { public: true },
      detail: { hide: true },
    })
    .get(SCALAR_PATH, () => docsResponse(scalarBundle(), 'text/javascript; charset=utf-8'), {
      rules: { public: true },
      detail: { hide: true },
    })
}
