import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { type PeekedSession, peekSession, sessionCookieName } from '../modules/auth/service'
import { sha256Hex } from '../modules/auth/tokens'
import { buildId } from './build-id'
import type { InFlight } from './in-flight'
import { pathAndQuery } from './request-path'
import { setUserOf } from './request-user'
import type { RouteTable } from './route-rules'
import { gzipOffLoop, jsonPieces, piecesStream } from './sliced-json'
import { gzipChunks } from './sliced-text'

/**
 * Per-user response cache, ETag/304 and gzip for the large GETs.
 *
 * A cached body is valid while the user's data version (table data_versions, bumped by triggers
 * on every write to that user's rows, drizzle/0003_perf_indexes.sql), the sum of the versions of
 * the team members linked to the user (their sent reports' health shows on the user's report) and
 * the calendar day are the ones it was computed for: the cached routes depend on nothing else
 * (their week windows and ageing are counted in days). The weak ETag is that same tuple plus the build id of the code
 * (lib/build-id.ts): every instance running the same version makes the same ETag for the same
 * data, so a browser revalidating gets a 304 from any of them without the body being computed at
 * all, and a new version never answers 304 for a body shaped by the old one.
 *
 * Only the GETs that declare `rules: { cachedPerUser: true }` beside their handler
 * (lib/route-rules.ts) are cached; everything else passes through (and is still compressed).
 */

/** Bodies at least this long are gzipped for a client that accepts it. */
export const COMPRESS_MIN_BYTES = 1024
/** The cache's budget (bodies plus their gzip), least recently used first out. */
export const CACHE_MAX_BYTES = 16 * 1024 * 1024
/** Gzipped build assets (their names carry a content hash, so a path never changes content). */
const ASSET_CACHE_MAX_BYTES = 8 * 1024 * 1024
const GZIP_LEVEL = 4
const JSON_TYPE = 'application/json'
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg)/

type Bytes = Uint8Array<ArrayBuffer>
type Entry = {
  etag: string
  body: Bytes
  gzip?: Bytes
  /**
   * A large answer the route wrote in pieces (lib/sliced-json.ts, a report at its item limit):
   * kept as those pieces, answered and gzipped a piece at a time (then `body` is empty). One body
   * of 6 MB costs 25–40 ms of one turn wherever it is made or copied (fresh memory's first touch).
   */
  pieces?: Bytes[]
  gzipPieces?: Promise<Bytes[]>
  bytes: number
  /** Its key while the cache holds it. */
  key?: string
  /** A hit's headers, built once per entry and variant (Bun copies a Headers natively). */
  plainHeaders?: Headers
  gzipHeaders?: Headers
  /**
   * A hit's body as a Blob, per variant: a Response shares a Blob's bytes, where it copies a
   * Uint8Array's into a new one on every answer.
   */
  plainBlob?: Blob
  gzipBlob?: Blob
  /** The LRU's clock when it last moved this entry to the newest end. */
  touched?: number
}

class ByteLru {
  private entries = new Map<string, Entry>()
  private bytes = 0
  /** Counts the moves to the newest end. */
  private clock = 0
  constructor(private readonly max: number) {}
  get(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    // Moved to the newest end only once at least half the entries were moved there after it: an
    // entry in the newer half is not first out anyway, and a hit then changes no Map.
    if (this.clock - (entry.touched ?? 0) > this.entries.size >> 1) {
      this.entries.delete(key)
      this.entries.set(key, entry)
      entry.touched = ++this.clock
    }
    return entry
  }
  set(key: string, entry: Entry) {
    this.delete(key)
    if (entry.bytes > this.max) return
    entry.key = key
    entry.touched = ++this.clock
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    this.shrink()
  }
  grow(entry: Entry, by: number) {
    entry.bytes += by
    // An entry let go meanwhile (a gzip made after an await) is no longer counted.
    if (entry.key === undefined || this.entries.get(entry.key) !== entry) return
    this.bytes += by
    this.shrink()
  }
  delete(key: string) {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= old.bytes
  }
  private shrink() {
    while (this.bytes > this.max) {
      const oldest = this.entries.keys().next().value as string
      this.delete(oldest)
    }
  }
  get size() {
    return { entries: this.entries.size, bytes: this.bytes }
  }
}

const EMPTY = new Uint8Array(0)
/**
 * Elysia types a mapResponse hook's result as a Response, but maps any value it returns as it maps a
 * handler's (bytes become one Response with `set.headers`), which is what jsonBody relies on.
 */
const mapped = (bytes: Bytes) => bytes as unknown as Response

const acceptsGzip = (request: Request) =>
  /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')

function cookieValue(header: string | null, name: string) {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}

const validators = (etag: string) => ({
  etag,
  vary: 'Accept-Encoding, Cookie',
  'cache-control': 'private, no-cache',
})

/** How many session ids (the SHA-256 of their token) the cache keeps, least recently added out. */
const SESSION_IDS_MAX = 10_000
/** How many ETags' 304 headers the cache keeps (all dropped past it; ~1 KB each). */
const NOT_MODIFIED_MAX = 1_000
/** How many Cookie headers the cache remembers the session token of (all dropped past it). */
const COOKIE_TOKENS_MAX = 4_096
/** A longer Cookie header is parsed each time: the memo stays within ~4 MB. */
const COOKIE_HEADER_MAX = 1_024

/**
 * The session token in a Cookie header, remembered per header text (a pure function of it, so
 * nothing makes a remembered one wrong): a browser sends the same header on every request.
 */
function cookieTokens(name: string) {
  const tokens = new Map<string, string | undefined>()
  return (header: string | null) => {
    if (header === null) return undefined
    if (header.length > COOKIE_HEADER_MAX) return cookieValue(header, name)
    if (tokens.has(header)) return tokens.get(header)
    const token = cookieValue(header, name)
    if (tokens.size >= COOKIE_TOKENS_MAX) tokens.clear()
    tokens.set(header, token)
    return token
  }
}

/**
 * A token's session id, remembered: the hash is a pure function of the token, so nothing ever
 * makes a remembered one wrong; whether the session still holds (signed out, revoked, expired) is
 * read from the database on every request all the same.
 */
function sessionIds() {
  const ids = new Map<string, string>()
  return (token: string) => {
    let id = ids.get(token)
    if (id === undefined) {
      id = sha256Hex(token)
      if (ids.size >= SESSION_IDS_MAX) ids.delete(ids.keys().next().value as string)
      ids.set(token, id)
    }
    return id
  }
}

/** What one cache holds and reads: its entries, the misses awaiting their body, the assets. */
type CacheState = {
  ctx: AppContext
  rules: RouteTable
  disabled: boolean
  cache: ByteLru
  /** The misses: the route answers, and what it answers is cached under this key and ETag. */
  pending: WeakMap<Request, { key: string; etag: string }>
  assets: ByteLru
  cookieName: string
  /** The session token of a Cookie header. */
  tokenOf: (header: string | null) => string | undefined
  sessionId: (token: string) => string
  /** The ETag of a peeked session (the same object while its row and day are the same). */
  etags: WeakMap<PeekedSession, string>
}

type Hit = { status: 200 | 304; etag: string; entry?: Entry }

/**
 * `rules`: the app's route declarations (read when a request comes, so they may be loaded after
 * this is made). `HTTP_CACHE=off` answers every GET from its route (to measure the uncached path).
 */
export function httpCache(ctx: AppContext, options: { rules: RouteTable; maxBytes?: number }) {
  const state: CacheState = {
    ctx,
    rules: options.rules,
    disabled: process.env.HTTP_CACHE === 'off',
    cache: new ByteLru(options.maxBytes ?? CACHE_MAX_BYTES),
    pending: new WeakMap(),
    assets: new ByteLru(ASSET_CACHE_MAX_BYTES),
    cookieName: sessionCookieName(ctx.config.secureCookies),
    tokenOf: cookieTokens(sessionCookieName(ctx.config.secureCookies)),
    sessionId: sessionIds(),
    etags: new WeakMap(),
  }
  return {
    plugin: cachePlugin(state),
    routes: (
      headers: Record<string, string>,
      fallback: (request: Request) => unknown,
      inFlight?: InFlight,
    ) => cachedRoutes(state, headers, fallback, inFlight),
  }
}

/**
 * A JSON body as bytes, gzipped when large and accepted; its headers go into `set.headers`.
 * Answering bytes (not a Response) lets Elysia build the one Response with the headers it
 * already holds (the security headers): a Response returned from a hook is copied again, its
 * body read through a stream, which cost more than the rest of a cached answer.
 * The gzip of a cached `entry` is kept with it.
 */
function jsonBody(
  cache: ByteLru,
  request: Request,
  set: { headers: Record<string, string | number> },
  body: Bytes,
  etag: string | undefined,
  entry?: Entry,
): Bytes {
  const headers = set.headers
  headers['content-type'] = JSON_TYPE
  if (etag) Object.assign(headers, validators(etag))
  if (body.length < COMPRESS_MIN_BYTES || !acceptsGzip(request)) return body
  let gzip = entry?.gzip
  if (!gzip) {
    gzip = Bun.gzipSync(body, { level: GZIP_LEVEL }) as Bytes
    if (entry) {
      entry.gzip = gzip
      cache.grow(entry, gzip.length)
    }
  }
  headers['content-encoding'] = 'gzip'
  headers.vary = 'Accept-Encoding, Cookie'
  return gzip
}

/**
 * A cached route's answer when the cache has it (200) or the browser does (304); otherwise
 * undefined, and the route answers (what it answers is then cached, see `pending`).
 */
function lookup(
  state: CacheState,
  request: Request,
  cachedRoute = false,
): Hit | undefined | Promise<Hit | undefined> {
  if (request.method !== 'GET' || state.disabled) return
  const { pathname, search } = pathAndQuery(request.url)
  // `cachedRoute`: Bun's router matched a cached route already (cachedRoutes), no second match.
  if (!cachedRoute && !state.rules.find('GET', pathname)?.cachedPerUser) return
  // The data version is read from the database on every request, so a write through any
  // instance is seen at once and no instance answers a stale body or a stale 304.
  const cookie = state.tokenOf(request.headers.get('cookie'))
  const session = peekSession(state.ctx, cookie, state.sessionId)
  // Without a promise when the engine answered at once (SQLite): the hot path stays synchronous.
  return session instanceof Promise
    ? session.then((s) => hitFor(state, request, pathname, search, s))
    : hitFor(state, request, pathname, search, session)
}

/** The ETag of the user's data as it is now, and the cached body or 304 it allows. */
function hitFor(
  state: CacheState,
  request: Request,
  pathname: string,
  search: string,
  session: PeekedSession | null,
): Hit | undefined {
  // No session, or one the ordinary path must update: let the route answer (401, renewal).
  if (!session) return
  setUserOf(request, session.userId)
  let etag = state.etags.get(session)
  if (etag === undefined) {
    etag = `W/"${buildId}-${session.userId}-${session.version}-${session.day}"`
    state.etags.set(session, etag)
  }
  if (matches(request.headers.get('if-none-match'), etag)) return { status: 304, etag }
  const key = `${session.userId} ${pathname}${search}`
  const entry = state.cache.get(key)
  if (entry && entry.etag === etag) return { status: 200, etag, entry }
  state.pending.set(request, { key, etag })
}

/**
 * The cached GETs answered before Elysia routes them (Bun's router calls these directly; the
 * server passes them to Bun.serve through Elysia's `serve.routes`). A hit is one Response with
 * `headers` (the security headers every answer carries) and the cache's own; anything else goes
 * to `fallback` (the app), which finds the lookup already done. Over HTTP this answers a
 * cached report about a quarter faster than the same lookup inside Elysia's request hooks.
 */
function cachedRoutes(
  state: CacheState,
  headers: Record<string, string>,
  fallback: (request: Request) => unknown,
  inFlight?: InFlight,
) {
  // A 304's headers per ETag, built once (a browser revalidates the same ETag again and again).
  const notModified = new Map<string, Headers>()
  const notModifiedHeaders = (etag: string) => {
    let made = notModified.get(etag)
    if (!made) {
      made = new Headers({ ...headers, ...validators(etag) })
      if (notModified.size >= NOT_MODIFIED_MAX) notModified.clear()
      notModified.set(etag, made)
    }
    return made
  }
  const respond = (request: Request, hit: Hit | undefined) => {
    if (!hit) return fallback(request) as Response | Promise<Response>
    if (hit.status === 304)
      return new Response(null, { status: 304, headers: notModifiedHeaders(hit.etag) })
    const entry = hit.entry as Entry
    if (entry.pieces) return piecesAnswer(state.cache, request, headers, entry, hit.etag)
    // The entry's headers as one Headers, built on its first hit of each variant: a plain object
    // of the dozen headers was converted on every answer (~a sixth of a cached answer's CPU).
    const gzip = entry.body.length >= COMPRESS_MIN_BYTES && acceptsGzip(request)
    const built = gzip ? entry.gzipHeaders : entry.plainHeaders
    const blob = gzip ? entry.gzipBlob : entry.plainBlob
    if (built && blob) return new Response(blob, { headers: built })
    const set = { headers: { ...headers } as Record<string, string | number> }
    const body = jsonBody(state.cache, request, set, entry.body, hit.etag, entry)
    const made = new Headers(set.headers as Record<string, string>)
    const madeBlob = new Blob([body])
    state.cache.grow(entry, madeBlob.size)
    if (gzip) {
      entry.gzipHeaders = made
      entry.gzipBlob = madeBlob
    } else {
      entry.plainHeaders = made
      entry.plainBlob = madeBlob
    }
    return new Response(madeBlob, { headers: made })
  }
  const answerOrFallback = (request: Request) => {
    const hit = lookup(state, request, true)
    return hit instanceof Promise ? hit.then((h) => respond(request, h)) : respond(request, hit)
  }
  const answer = inFlight
    ? (request: Request) => inFlight.track(() => answerOrFallback(request))
    : answerOrFallback
  // The cached routes as Bun route patterns. A module's root route (`/api/dashboard/`) is named
  // with and without its trailing slash: Elysia's listen merges these routes into its own and then
  // renames its `/x/` to `/x`, over ours; under `/x/` too, ours win that merge. Without it every
  // cached dashboard went through Elysia's hooks (found by profiling, docs/benchmarks.md).
  const paths = state.rules
    .routes((r) => r.cachedPerUser)
    .filter((route) => route.method === 'GET')
    .flatMap((route) => {
      const bare = route.path.replace(/(.)\/$/, '$1')
      return bare === route.path ? [bare] : [bare, route.path]
    })
  return Object.fromEntries(paths.map((path) => [path, { GET: answer }]))
}

/**
 * The hooks inside the app: a hit answered before the handler runs; a miss's answer cached; the
 * other answers gzipped when large and accepted.
 */
function cachePlugin(state: CacheState) {
  const { cache, pending, assets } = state
  return (
    new Elysia({ name: 'http-cache' })
      .onRequest(async ({ request, set }) => {
        // Looked up already (a miss of `routes`): the route answers.
        if (pending.has(request)) return
        const hit = await lookup(state, request)
        if (!hit) return
        if (hit.status === 304) {
          set.status = 304
          Object.assign(set.headers, validators(hit.etag))
          return EMPTY
        }
        const entry = hit.entry as Entry
        // Elysia adds `set.headers` to a Response a hook answers.
        if (entry.pieces) return piecesAnswer(cache, request, {}, entry, hit.etag)
        return jsonBody(cache, request, set, entry.body, hit.etag, entry)
      })
      // Answers the value itself when it has nothing to change: Elysia's error path takes the hook's
      // result as the response even when it is undefined.
      .mapResponse({ as: 'global' }, ({ request, responseValue: value, set }) => {
        // Typed as a Response for Elysia; any other value is mapped by Elysia as before.
        const responseValue = value as Response
        const status = typeof set.status === 'number' ? set.status : 200
        if (responseValue instanceof Response) {
          const miss = pending.get(request)
          // JSON the route wrote in pieces: kept (a cached route's miss) and answered in them.
          const pieces = jsonPieces.get(responseValue)
          if (pieces && status === 200) return piecedAnswer(cache, request, pieces, miss)
          // A cached route's JSON built by the route itself (lib/sliced-json.ts): kept and
          // compressed as the mapped answers below are, the compression off the event loop.
          if (miss && status === 200 && responseValue.headers.get('content-type') === JSON_TYPE)
            return cachedResponse(cache, request, responseValue, miss.etag, miss.key)
          return compressResponse(request, responseValue, assets) ?? responseValue
        }
        if (typeof responseValue !== 'object' || responseValue === null) return responseValue
        if ((value as object) instanceof Blob || (value as object) instanceof Uint8Array) {
          return responseValue
        }
        const miss = pending.get(request)
        if (miss && status === 200) {
          const body = new TextEncoder().encode(JSON.stringify(responseValue))
          const entry: Entry = { etag: miss.etag, body, bytes: body.length }
          cache.set(miss.key, entry)
          return mapped(jsonBody(cache, request, set, body, miss.etag, entry))
        }
        if (!acceptsGzip(request)) return responseValue
        const body = new TextEncoder().encode(JSON.stringify(responseValue))
        if (body.length < COMPRESS_MIN_BYTES) return responseValue
        set.status = status
        return mapped(jsonBody(cache, request, set, body, undefined))
      })
  )
}

/** A route's own JSON Response on a cache miss: cached under its ETag, gzipped off the loop. */
async function cachedResponse(
  cache: ByteLru,
  request: Request,
  response: Response,
  etag: string,
  key: string,
) {
  const body = new Uint8Array(await response.arrayBuffer()) as Bytes
  const entry: Entry = { etag, body, bytes: body.length }
  cache.set(key, entry)
  const headers = new Headers({ 'content-type': JSON_TYPE, ...validators(etag) })
  if (body.length < COMPRESS_MIN_BYTES || !acceptsGzip(request))
    return new Response(body, { status: 200, headers })
  const gzip = (await gzipOffLoop(body, GZIP_LEVEL)) as Bytes
  entry.gzip = gzip
  cache.grow(entry, gzip.length)
  headers.set('content-encoding', 'gzip')
  headers.set('vary', 'Accept-Encoding, Cookie')
  return new Response(gzip, { status: 200, headers })
}

/** A route's JSON in pieces (jsonPieces): cached under its ETag on a miss, and answered. */
function piecedAnswer(
  cache: ByteLru,
  request: Request,
  pieces: Bytes[],
  miss: { key: string; etag: string } | undefined,
) {
  const bytes = pieces.reduce((n, piece) => n + piece.length, 0)
  const entry: Entry = { etag: miss?.etag ?? '', body: EMPTY, pieces, bytes }
  if (miss) cache.set(miss.key, entry)
  return piecesAnswer(cache, request, {}, entry, miss?.etag)
}

/**
 * An answer kept in pieces, as a stream of those pieces; gzipped when accepted, a piece at a
 * time on libuv's thread pool (gzipChunks), that gzip kept with the entry.
 */
async function piecesAnswer(
  cache: ByteLru,
  request: Request,
  base: Record<string, string | number>,
  entry: Entry,
  etag: string | undefined,
): Promise<Response> {
  const pieces = entry.pieces as Bytes[]
  const headers = { ...base, 'content-type': JSON_TYPE } as Record<string, string>
  if (etag) Object.assign(headers, validators(etag))
  if (entry.bytes < COMPRESS_MIN_BYTES || !acceptsGzip(request))
    return new Response(piecesStream(pieces), { headers })
  if (!entry.gzipPieces) {
    entry.gzipPieces = (async () => {
      const gzip: Bytes[] = []
      let bytes = 0
      for await (const piece of gzipChunks(pieces)) {
        gzip.push(piece as Bytes)
        bytes += piece.length
      }
      cache.grow(entry, bytes)
      return gzip
    })()
  }
  const gzip = await entry.gzipPieces
  headers['content-encoding'] = 'gzip'
  headers.vary = 'Accept-Encoding, Cookie'
  return new Response(piecesStream(gzip), { headers })
}

/**
 * Static files and other text responses: gzipped when large, when the client accepts it and when
 * not yet encoded. Hashed build assets are compressed once (level 9) and kept; the rest per request.
 * A sync function returning a promise only for these, so Elysia keeps the JSON routes synchronous.
 */
function compressResponse(request: Request, response: Response, assets: ByteLru) {
  if (response.headers.has('content-encoding') || response.status !== 200) return
  const type = response.headers.get('content-type') ?? ''
  if (!COMPRESSIBLE.test(type) || !acceptsGzip(request)) return
  const { pathname } = new URL(request.url)
  const immutable = pathname.startsWith('/assets/')
  const headers = new Headers(response.headers)
  headers.append('vary', 'Accept-Encoding')
  headers.delete('content-length')
  const cached = immutable ? assets.get(pathname) : undefined
  if (cached) {
    headers.set('content-encoding', 'gzip')
    return new Response(cached.body, { status: 200, headers })
  }
  return response.arrayBuffer().then((buffer) => {
    const bytes = new Uint8Array(buffer)
    if (bytes.length < COMPRESS_MIN_BYTES) return new Response(bytes, { status: 200, headers })
    const gzip = Bun.gzipSync(bytes, { level: immutable ? 9 : 6 }) as Bytes
    if (immutable) assets.set(pathname, { etag: '', body: gzip, bytes: gzip.length })
    headers.set('content-encoding', 'gzip')
    return new Response(gzip, { status: 200, headers })
  })
}
