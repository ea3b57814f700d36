import { AsyncLocalStorage } from 'node:async_hooks'
import {
  type Context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from '@opentelemetry/api'
import {
  type ExportResult,
  ExportResultCode,
  setGlobalErrorHandler,
  W3CTraceContextPropagator,
} from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import { type QueryObserver, queryObserver } from '../db/query-observer'
import { type Logger, withoutParameters } from './log'

/**
 * Traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT), with the OpenTelemetry SDK: each request
 * is a server span named by its route template, child of the caller's span when the request
 * carries a W3C `traceparent` and comes from a TRUSTED_PROXIES address (`followParent`; from
 * anyone else the header is ignored and the request starts a trace of its own); each database statement it runs is a client span under it
 * (db.query.text is the statement with placeholders, never its values). Spans are batched and
 * exported in the background; an unreachable collector costs the requests nothing.
 */
export type Tracing = {
  /** Runs `fn` inside a request span; `finish` names it and ends it once the answer is known. */
  request<T>(
    request: Request,
    fn: (finish: (route: string, status: number, userId?: number) => void) => T,
  ): T
  flush(): Promise<void>
  shutdown(): Promise<void>
}

type Current = { span: Span; context: Context; tracer: Tracer; engine: string }
// The request span a statement belongs to (the async context of the request's handler).
const current = new AsyncLocalStorage<Current>()

const getter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
}

/** The first word of a statement (SELECT, INSERT, …), for the span's name. */
const operation = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY'

// Every statement, on either engine, reports here (db/query-observer.ts); outside a traced
// request nothing is recorded.
const observeQuery: QueryObserver = (text) => {
  const at = current.getStore()
  if (!at) return () => {}
  const span = at.tracer.startSpan(
    operation(text),
    {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': at.engine, 'db.query.text': text.slice(0, 2000) },
    },
    at.context,
  )
  return (error?: unknown) => {
    if (error) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: withoutParameters(String((error as Error)?.message ?? error)),
      })
    }
    span.end()
  }
}

/** At most one warning per this long while the collector keeps failing. */
export const EXPORT_WARN_MS = 60_000

/**
 * The exporter, with its failures logged: a collector that is down or refuses spans is one
 * warning (its cause and the spans lost so far) per EXPORT_WARN_MS, not one per batch or span,
 * and one info line when exports succeed again. Without it the SDK drops them silently.
 */
export function reportingExporter(
  exporter: SpanExporter,
  log: Pick<Logger, 'warn' | 'info'>,
  now: () => number = Date.now,
): SpanExporter {
  let lastWarned = Number.NEGATIVE_INFINITY
  let failing = false
  let lost = 0
  return {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
      exporter.export(spans, (result) => {
        if (result.code === ExportResultCode.SUCCESS) {
          if (failing) log.info('OTLP trace export works again', { spans_lost: lost })
          failing = false
          lost = 0
        } else {
          failing = true
          lost += spans.length
          if (now() - lastWarned >= EXPORT_WARN_MS) {
            lastWarned = now()
            log.warn('OTLP trace export failed; spans are dropped until the collector answers', {
              cause: withoutParameters(String(result.error?.message ?? result.error ?? 'unknown')),
              spans_lost: lost,
            })
          }
        }
        done(result)
      })
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  }
}

/** @public Loaded with `require` only when tracing is configured (observability/index.ts). */
export function createTracing(options: {
  endpoint: string
  serviceName: string
  engine: 'sqlite' | 'pg'
  /** Whether this request's `traceparent` is followed (a trusted proxy's); default: never. */
  followParent?: (request: Request) => boolean
  /** Where export failures are reported (once per EXPORT_WARN_MS). */
  log?: Pick<Logger, 'warn' | 'info'>
}): Tracing {
  const base = options.endpoint.replace(/\/+$/, '')
  const otlp = new OTLPTraceExporter({
    // The signal's path under the base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT means it.
    url: base.endsWith('/v1/traces') ? base : `${base}/v1/traces`,
  })
  const exporter = options.log ? reportingExporter(otlp, options.log) : otlp
  // The SDK's own handler prints each failed batch to the console, unformatted: the reporting
  // exporter says it instead, in the log's format, once per EXPORT_WARN_MS.
  if (options.log) setGlobalErrorHandler(() => {})
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 2000 })],
  })
  const tracer = provider.getTracer('cadence')
  const propagator = new W3CTraceContextPropagator()
  const engine = options.engine === 'pg' ? 'postgresql' : 'sqlite'
  queryObserver.current = observeQuery

  return {
    request(request, fn) {
      const parent = options.followParent?.(request)
        ? propagator.extract(ROOT_CONTEXT, request.headers, getter)
        : ROOT_CONTEXT
      const span = tracer.startSpan(
        request.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
        parent,
      )
      const context = trace.setSpan(parent, span)
      let ended = false
      const finish = (route: string, status: number, userId?: number) => {
        if (ended) return
        ended = true
        span.updateName(`${request.method} ${route}`)
        span.setAttribute('http.route', route)
        span.setAttribute('http.response.status_code', status)
        if (userId !== undefined) span.setAttribute('cadence.user.id', userId)
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        span.end()
      }
      return current.run({ span, context, tracer, engine }, () => fn(finish))
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      if (queryObserver.current === observeQuery) queryObserver.current = null
      await provider.shutdown()
    },
  }
}
