import { Elysia } from 'elysia'
import type { Config } from '../config'
import type { Db } from '../db'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../db/unavailable'
import { trustedProxies } from '../lib/rate-limit'
import { pathAndQuery } from '../lib/request-path'
import { userOf } from '../lib/request-user'
import { createLogger, type Logger } from './log'
import type { Metrics } from './prometheus'
import type { Tracing } from './tracing'

export type { Logger } from './log'
export type { Metrics } from './prometheus'

/**
 * What every request passes through, outside Elysia's routing (so the cached GETs answered before
 * routing are seen too): its request id (X-Request-Id, kept from a trusted proxy, made otherwise,
 * answered on every response), its span, its metrics and its access-log line. A handler that
 * throws past the app's own error handling is answered here: 503 with Retry-After when the
 * database is unavailable, else 500, always `{error}`, never an empty reply.
 */
export type Observability = {
  log: Logger
  metrics: Metrics | null
  tracing: Tracing | null
  /**
   * Runs one request's handler (given the request: no closure per request); `route` when the
   * caller knows the route template already.
   */
  handle(
    request: Request,
    run: (request: Request) => Response | Promise<Response>,
    route?: string,
  ): Response | Promise<Response>
  /** Records hooks on the app: the route template and the signed-in user of each request. */
  plugin: ReturnType<typeof observePlugin>
  /** The request's id (for the error log line of a request). */
  requestId(request: Request): string | undefined
  /** Logs an unexpected error of a request, with its request id. */
  requestError(request: Request, error: unknown): void
  /** Finds the route template of a request no route answered (an early refusal). */
  setRouteFinder(find: (method: string, pathname: string) => string | undefined): void
  close(): Promise<void>
}

export type ObservabilityOptions = {
  /** One line per answered request (the listening server; tests leave it off). */
  accessLog?: boolean
  /** The log (default: LOG_FORMAT's, on the process's stdout and stderr). */
  log?: Logger
  /** The socket address of a request (the listening server's requestIP), for TRUSTED_PROXIES. */
  socketAddress?: (request: Request) => string | undefined
  /** Headers every answer carries (the security headers), for the answers made here. */
  headers?: Record<string, string>
}

/** A request's record: its id, route template, user, and when its handler started (ms). */
type Seen = { id: string; route?: string; userId?: number; started: number }

// Each request's record rides on the request itself: a WeakMap entry per request cost several
// microseconds of garbage collection each, a property almost nothing.
const SEEN = Symbol('cadence.observed')
const seenOf = (request: Request) => (request as { [SEEN]?: Seen })[SEEN]

/** A route's path as one label: without the trailing slash a module's root route has. */
const template = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path

const VALID_ID = /^[\w.:@/+=-]{1,128}$/

function observePlugin() {
  // `route` is Elysia's template of the route that answers; `user` is what the auth plugin
  // resolved (absent on public routes).
  const record = (ctx: { request: Request; route?: string }) => {
    const entry = seenOf(ctx.request)
    if (!entry) return
    if (ctx.route) entry.route = template(ctx.route)
    const user = (ctx as { user?: { id?: unknown } }).user
    if (typeof user?.id === 'number') entry.userId = user.id
  }
  return new Elysia({ name: 'observability' })
    .onAfterHandle({ as: 'global' }, (ctx) => {
      record(ctx)
    })
    .onError({ as: 'global' }, (ctx) => {
      record(ctx as never)
    })
}

type Finish = (route: string, status: number, userId?: number) => void
type Answer = Response | Promise<Response>
type Run = (request: Request) => Answer

/** Answers with the request id header. */
function withId(response: Response, id: string) {
  try {
    response.headers.set('x-request-id', id)
    return response
  } catch {
    // An immutable response (a static file's): answered again with the header.
    const copy = new Response(response.body, response)
    copy.headers.set('x-request-id', id)
    return copy
  }
}

/** The request id maker: a trusted proxy's X-Request-Id is kept, else a new one is made. */
function requestIds(config: Config, socketAddress: ObservabilityOptions['socketAddress']) {
  const trusted = trustedProxies(config.trustedProxies)
  return (request: Request) => {
    // Only a trusted proxy's id is kept (no proxy trusted: the header is not even read).
    if (config.trustedProxies.length) {
      const given = request.headers.get('x-request-id')
      const socket = given && VALID_ID.test(given) ? socketAddress?.(request) : undefined
      if (given && socket && trusted(socket)) return given
    }
    return crypto.randomUUID()
  }
}

function logRequestError(log: Logger, request: Request, error: unknown) {
  const entry = seenOf(request)
  log.error('request failed', error, {
    request_id: entry?.id,
    method: request.method,
    route: entry?.route,
    user_id: entry?.userId,
  })
}

/** The answer to a handler that threw: 503 with Retry-After when the database is down, else 500. */
function fallbackAnswer(
  request: Request,
  error: unknown,
  extraHeaders: Record<string, string> | undefined,
  requestError: (request: Request, error: unknown) => void,
) {
  const unavailable = isDatabaseUnavailable(error)
  if (!unavailable) requestError(request, error)
  const headers: Record<string, string> = {
    ...extraHeaders,
    'content-type': 'application/json',
  }
  if (unavailable) headers['retry-after'] = String(RETRY_AFTER_SECONDS)
  return new Response(
    JSON.stringify({ error: unavailable ? UNAVAILABLE_MESSAGE : 'Internal server error' }),
    { status: unavailable ? 503 : 500, headers },
  )
}

/** One access-log line (JSON or text, as the log is). */
function logAccess(
  log: Logger,
  request: Request,
  entry: Seen,
  route: string | undefined,
  pathname: string,
  status: number,
  seconds: number,
) {
  const ms = Math.round(seconds * 10_000) / 10
  if (log.format === 'json')
    log.info('request', {
      request_id: entry.id,
      method: request.method,
      route: route ?? null,
      // The path only where no route matched (a route's path may hold a token).
      ...(route ? {} : { path: pathname.slice(0, 200) }),
      status,
      duration_ms: ms,
      user_id: entry.userId,
    })
  else
    log.info(`${request.method} ${route ?? pathname.slice(0, 200)} ${status} ${ms}ms`, {
      request_id: entry.id,
      user_id: entry.userId,
    })
}

/** What watches the answered requests: metrics, the access log, the route of early refusals. */
type Watchers = {
  log: Logger
  metrics: Metrics | null
  accessLog: boolean
  findRoute: (method: string, pathname: string) => string | undefined
}

/** Records an answered request (metrics, span name, access log) and answers it with its id. */
function recordAnswer(
  w: Watchers,
  request: Request,
  entry: Seen,
  response: Response,
  seconds: number,
  finish?: Finish,
) {
  // The path only when no route is known yet (an early refusal): reading request.url makes a
  // string, and the answers of a known route (every cached GET) never need it.
  let pathname = ''
  let found = entry.route
  if (found === undefined) {
    pathname = pathAndQuery(request.url).pathname
    found = w.findRoute(request.method, pathname)
  }
  const route = found === undefined ? undefined : template(found)
  const label = route ?? 'unmatched'
  entry.userId ??= userOf(request)
  w.metrics?.request(request.method, label, response.status, seconds)
  finish?.(label, response.status, entry.userId)
  if (w.accessLog) logAccess(w.log, request, entry, route, pathname, response.status, seconds)
  return withId(response, entry.id)
}

/**
 * Whether a request came straight from a TRUSTED_PROXIES address (its socket's): only such a
 * request's `traceparent` is followed. No proxy trusted: none is.
 */
function fromTrustedProxy(config: Config, socketAddress: ObservabilityOptions['socketAddress']) {
  const trusted = trustedProxies(config.trustedProxies)
  return (request: Request) => {
    if (!config.trustedProxies.length) return false
    const socket = socketAddress?.(request)
    return socket !== undefined && trusted(socket)
  }
}

/*
 * prom-client (~16 MB of RSS) and the OpenTelemetry SDK with its OTLP exporter (~18 MB, 200
 * modules) are loaded only when METRICS_TOKEN or OTEL_EXPORTER_OTLP_ENDPOINT asks for them, once,
 * at creation: `require` keeps createObservability synchronous (Bun requires ES modules) and
 * `typeof import` keeps the modules' types. `src/start-imports.test.ts` holds this.
 */
const loadMetrics = () => (require('./prometheus') as typeof import('./prometheus')).createMetrics
const loadTracing = () => (require('./tracing') as typeof import('./tracing')).createTracing

function createTracingFor(
  db: Db,
  config: Config,
  socketAddress: ObservabilityOptions['socketAddress'],
  log: Logger,
) {
  return config.ops.otlpEndpoint
    ? loadTracing()({
        endpoint: config.ops.otlpEndpoint,
        serviceName: config.ops.serviceName,
        engine: db.kind,
        // A client's own traceparent would put our spans into a trace of its choosing.
        followParent: fromTrustedProxy(config, socketAddress),
        log,
      })
    : null
}

export function createObservability(
  { db, config }: { db: Db; config: Config },
  options: ObservabilityOptions = {},
): Observability {
  const log = options.log ?? createLogger(config.ops.logFormat)
  const metrics = config.ops.metricsToken ? loadMetrics()(db) : null
  const tracing = createTracingFor(db, config, options.socketAddress, log)
  const watchers: Watchers = {
    log,
    metrics,
    accessLog: options.accessLog ?? false,
    findRoute: () => undefined,
  }
  const watching = watchers.accessLog || !!metrics || !!tracing
  const idFor = requestIds(config, options.socketAddress)
  const requestError = (request: Request, error: unknown) => logRequestError(log, request, error)

  /** The answer as recorded (metrics, span name, access log) and carrying the request id. */
  const answered = (request: Request, entry: Seen, response: Response, finish?: Finish) =>
    watching
      ? recordAnswer(
          watchers,
          request,
          entry,
          response,
          (performance.now() - entry.started) / 1000,
          finish,
        )
      : withId(response, entry.id)
  const failed = (request: Request, entry: Seen, error: unknown, finish?: Finish) =>
    answered(request, entry, fallbackAnswer(request, error, options.headers, requestError), finish)

  /**
   * Runs a handler and records its answer; a handler that throws (or rejects) is answered by
   * the fallback. Synchronous when the handler is. No closure is made per request on that path
   * (a cached answer's few microseconds are mostly allocations and their collection).
   */
  function settle(request: Request, entry: Seen, run: Run, finish?: Finish): Answer {
    let result: Answer
    try {
      result = run(request)
    } catch (error) {
      return failed(request, entry, error, finish)
    }
    if (result instanceof Promise)
      return result.then(
        (response) => answered(request, entry, response, finish),
        (error) => failed(request, entry, error, finish),
      )
    return answered(request, entry, result, finish)
  }

  function handle(request: Request, run: Run, route?: string): Answer {
    // The cached GETs' misses come through twice (their route, then the app): seen once.
    if (seenOf(request)) return run(request)
    const entry: Seen = { id: idFor(request), route, started: watching ? performance.now() : 0 }
    ;(request as { [SEEN]?: Seen })[SEEN] = entry
    if (tracing) return tracing.request(request, (finish) => settle(request, entry, run, finish))
    return settle(request, entry, run)
  }

  return {
    log,
    metrics,
    tracing,
    handle,
    plugin: observePlugin(),
    requestId: (request) => seenOf(request)?.id,
    requestError,
    setRouteFinder(find) {
      watchers.findRoute = find
    },
    async close() {
      await tracing?.shutdown()
    },
  }
}
