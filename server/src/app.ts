import { type Context, Elysia } from 'elysia'
import type { Config } from './config'
import type { AppContext } from './context'
import type { Db } from './db'
import { isWriteRace, WRITE_RACE } from './db/engine'
import { type SchemaGate, schemaGate } from './db/schema-gate'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './db/unavailable'
import { bodyTooLarge, readBody, readJsonBody } from './lib/body'
import { HttpError, validationMessage } from './lib/errors'
import { httpCache } from './lib/http-cache'
import type { InFlight } from './lib/in-flight'
import { pathAndQuery } from './lib/request-path'
import { RouteTable, TOKEN_PATH_HEADERS } from './lib/route-rules'
import { adminModule, adminProfileModule } from './modules/admin'
import { asksModule } from './modules/asks'
import { authModule } from './modules/auth'
import { sessionCookieName } from './modules/auth/service'
import { dashboardModule } from './modules/dashboard'
import { decisionsModule } from './modules/decisions'
import { importExportModule } from './modules/import-export'
import { projectHealthModule } from './modules/project-health'
import { projectsModule } from './modules/projects'
import { reportMetricsModule } from './modules/report-metrics'
import { reportsModule } from './modules/reports'
import { searchModule } from './modules/search'
import { sectionItemsModule } from './modules/section-items'
import { sectionTemplatesModule } from './modules/section-templates'
import { deliveryModule } from './modules/sending/delivery'
import { editionsModule } from './modules/sending/editions'
import { settingsModule } from './modules/settings'
import { sharedModule, sharingModule } from './modules/sharing'
import { sourcesModule } from './modules/sources'
import { systemModule } from './modules/system'
import { teamMembersModule } from './modules/team-members'
import { invitationsModule, teamRollUpModule } from './modules/team-roll-up'
import { createObservability, type Observability } from './observability'
import { staticModule } from './static'

export type CreateAppOptions = {
  db: Db
  config: Config
  signInLimit?: number
  /** Counts the requests in flight (the server's graceful shutdown waits for them). */
  inFlight?: InFlight
  /** Request ids, logs, metrics, traces (observability/); made from the config when absent. */
  obs?: Observability
  /** 503 for every API call until the schema is current (db/schema-gate.ts); made when absent. */
  gate?: SchemaGate
}

function securityHeaders(config: Config) {
  const widget = config.helpWidget ? ` ${new URL(config.helpWidget.url).origin}` : ''
  // Served over https: browsers keep to https for a year (HSTS), so no first request goes in clear.
  const hsts: Record<string, string> = config.publicUrl.startsWith('https:')
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {}
  return {
    ...hsts,
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self'${widget}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      `connect-src 'self'${widget}`,
      `frame-src 'self'${widget}`,
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** What the app-wide hooks read: the security headers, the routes' rules, who may write. */
type Wiring = {
  headers: Record<string, string>
  rules: RouteTable
  allowedOrigin: string
  sessionCookiePattern: RegExp
  observe: Observability
}
type ReplySet = Context['set']

/**
 * Before routing: the security headers (and a token path's), then for a write: a foreign Origin
 * (403), a body over the route's limit (413), no session on a signed-in route (401), a body that
 * is not JSON where only JSON is taken (400). An answer here ends the request.
 */
function guardRequest(w: Wiring, request: Request, set: ReplySet) {
  const { rules, allowedOrigin, sessionCookiePattern } = w
  const { pathname } = pathAndQuery(request.url)
  Object.assign(set.headers, w.headers)
  // A token in the path (a shared report, an invitation): no cache, no referrer, no index.
  if (rules.tokenInPath(pathname)) Object.assign(set.headers, TOKEN_PATH_HEADERS)
  const origin = request.headers.get('origin')
  if (!STATE_CHANGING.has(request.method)) return
  if (origin && origin !== allowedOrigin) {
    set.status = 403
    return { error: 'Cross-origin request refused' }
  }
  // Only a present, foreign Origin is refused (docs/security.md), so API clients that send
  // none (curl, fetch outside a browser) work. A browser always sends Origin on these
  // methods; one that says the request is cross-site without it is refused all the same.
  if (
    !origin &&
    request.headers.get('sec-fetch-site') === 'cross-site' &&
    sessionCookiePattern.test(request.headers.get('cookie') ?? '')
  ) {
    set.status = 403
    return { error: 'Cross-origin request refused' }
  }
  const length = Number(request.headers.get('content-length') ?? 0)
  const route = rules.find(request.method, pathname)
  const limit = rules.bodyLimit(request.method, pathname)
  if (length > limit) {
    set.status = 413
    return { error: bodyTooLarge(limit) }
  }
  if (
    pathname.startsWith('/api/') &&
    !route?.public &&
    !sessionCookiePattern.test(request.headers.get('cookie') ?? '')
  ) {
    set.status = 401
    return { error: 'Not signed in' }
  }
  // JSON routes take JSON only: no form posts (a classic CSRF vector), no guessing. A body
  // without a type or sent as text/plain (fetch's default for a string) is read as JSON.
  const type = request.headers.get('content-type')
  if (type && !/^(application\/json|text\/plain)\b/i.test(type) && !route?.formPost) {
    set.status = 400
    return { error: 'Content-Type must be application/json' }
  }
}

/**
 * Every body is read within its route's limit; JSON (also sent without a type or as
 * text/plain) within MAX_JSON_DEPTH levels. Forms reach only the development sign-in.
 */
async function parseBody(rules: RouteTable, request: Request, contentType: string) {
  const limit = rules.bodyLimit(request.method, pathAndQuery(request.url).pathname)
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType))
    return Object.fromEntries(new URLSearchParams(await readBody(request, limit)))
  return readJsonBody(request, limit)
}

/** One error shape everywhere: {error}. Bad input is 400, never Elysia's 422 or a 500. */
function answerError(w: Wiring, code: unknown, thrown: unknown, set: ReplySet, request: Request) {
  const { rules, observe } = w
  Object.assign(set.headers, w.headers)
  // An error about a token keeps the token's headers (the referrer policy above all).
  if (rules.tokenInPath(pathAndQuery(request.url).pathname))
    Object.assign(set.headers, TOKEN_PATH_HEADERS)
  // What the body parser threw (413, 400) comes wrapped in Elysia's ParseError.
  const cause = (thrown as { cause?: unknown } | undefined)?.cause
  const error = code === 'PARSE' && cause instanceof HttpError ? cause : thrown
  if (error instanceof HttpError) {
    set.status = error.status
    return { error: error.message, ...error.extra }
  }
  switch (code) {
    case 'VALIDATION':
      // A response that fails its own schema is our bug, not the client's bad input.
      if ((error as { type?: string }).type === 'response') {
        observe.requestError(request, error)
        set.status = 500
        return { error: 'Internal server error' }
      }
      set.status = 400
      return { error: validationMessage(error as never) }
    case 'PARSE':
      set.status = 400
      return { error: 'Malformed request body' }
    case 'NOT_FOUND':
      set.status = 404
      return { error: 'Not found' }
    default:
      // Another request changed the same rows at the same moment: a conflict, not our bug.
      if (isWriteRace(error)) {
        set.status = 409
        return { error: WRITE_RACE }
      }
      // The database is down, unreachable or hung: try again shortly, never a 500.
      if (isDatabaseUnavailable(error)) {
        set.status = 503
        set.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
        return { error: UNAVAILABLE_MESSAGE }
      }
      observe.requestError(request, error)
      set.status = 500
      return { error: 'Internal server error' }
  }
}

/** Every module's routes, in the order they are registered (static files last, in createApp). */
function apiModules(ctx: AppContext, observe: Observability, signInLimit: number) {
  return (
    new Elysia()
      .use(systemModule(ctx, { metrics: observe.metrics }))
      .use(authModule(ctx, { signInLimit }))
      .use(adminProfileModule(ctx))
      .use(settingsModule(ctx))
      .use(sectionTemplatesModule(ctx))
      .use(projectsModule(ctx))
      .use(teamMembersModule(ctx))
      .use(reportsModule(ctx))
      .use(editionsModule(ctx))
      .use(projectHealthModule(ctx))
      // Metrics: an account's metrics and a report's values of them.
      .use(reportMetricsModule(ctx))
      .use(sharingModule(ctx))
      .use(sharedModule(ctx))
      .use(asksModule(ctx))
      .use(teamRollUpModule(ctx))
      .use(invitationsModule(ctx))
      .use(sectionItemsModule(ctx))
      .use(dashboardModule(ctx))
      .use(decisionsModule(ctx))
      .use(sourcesModule(ctx))
      .use(searchModule(ctx))
      .use(importExportModule(ctx))
      .use(deliveryModule(ctx))
      .use(adminModule(ctx))
  )
}

type Answer = (request: Request) => Response | Promise<Response>
type Track = (request: Request, run: Answer, route?: string) => Promise<Response> | Response

/**
 * The cached GETs, answered before Elysia's routing when the server listens (http-cache.ts), each
 * inside its observation like any other request; a miss goes to the app itself.
 */
function cachedGetRoutes(
  cache: ReturnType<typeof httpCache>,
  headers: Record<string, string>,
  app: { fetch: Answer },
  track: Track,
) {
  const routes = cache.routes(headers, (request) => app.fetch(request)) as Record<
    string,
    Record<string, Answer>
  >
  for (const [path, methods] of Object.entries(routes))
    for (const [method, answer] of Object.entries(methods))
      methods[method] = (request) => track(request, answer, path)
  return routes
}

/**
 * What each route declares beside its handler (`rules`: public, body limit, cached per user,
 * token in the path; lib/route-rules.ts) decides here which writes need a session, how large a
 * body may be (413: checked from Content-Length before anything reads the body, and on the bytes
 * as they are read, lib/body.ts) and which answers carry the token headers.
 */
export function createApp({ db, config, signInLimit, inFlight, obs, gate }: CreateAppOptions) {
  const ctx: AppContext = { db, config }
  const headers = securityHeaders(config)
  const observe = obs ?? createObservability(ctx, { headers })
  // Filled from the routes' declarations once the app has them all (below).
  const rules = new RouteTable()
  const w: Wiring = {
    headers,
    rules,
    observe,
    allowedOrigin: new URL(config.publicUrl).origin,
    sessionCookiePattern: new RegExp(`(^|;\\s*)${sessionCookieName(config.secureCookies)}=`),
  }
  const cache = httpCache(ctx, { rules })
  const cachedRoutes: Record<string, unknown> = {}
  const app = new Elysia({
    // The cached GETs, answered before Elysia's routing when the server listens (http-cache.ts).
    serve: { routes: cachedRoutes as never },
  })
  // Every request (hooks included, the cached GETs too) runs inside its observation (request id,
  // span, metrics, log line) and, when the server listens, the in-flight count.
  const schema = gate ?? schemaGate(db.schemaCurrent?.bind(db), { headers })
  // The gate, until the schema is found current; then never again (it is not checked again).
  const gated =
    (run: Answer): Answer =>
    (request) =>
      schema.answer(request, () => run(request))
  const track: Track = (request, run, route) => {
    const answer = schema.current ? run : gated(run)
    return inFlight
      ? inFlight.track(() => observe.handle(request, answer, route))
      : observe.handle(request, answer, route)
  }
  app.wrap((handle) => (request: Request) => track(request, handle as unknown as Answer))
  const built = app
    .use(observe.plugin)
    .onRequest(({ request, set }) => guardRequest(w, request, set))
    .onParse({ as: 'global' }, ({ request, contentType }) => parseBody(rules, request, contentType))
    .onError(({ code, error, set, request }) => answerError(w, code, error, set, request))
    // Per-user response cache, ETag/304 and gzip; before the modules so it covers their routes.
    .use(cache.plugin)
    .use(apiModules(ctx, observe, signInLimit ?? config.signInRateLimit))
    .use(staticModule(ctx))
  rules.load(built.routes)
  observe.setRouteFinder((method, pathname) => rules.template(method, pathname))
  Object.assign(cachedRoutes, cachedGetRoutes(cache, headers, built, track))
  return built
}

export type App = ReturnType<typeof createApp>
