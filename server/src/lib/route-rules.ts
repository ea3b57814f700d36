import { Elysia } from 'elysia'

export const MB = 1024 * 1024

/**
 * What a route declares about itself, beside its handler, in its options:
 * `.post('/import', handler, { rules: { bodyLimit: 8 * MB }, … })`. app.ts and lib/http-cache.ts
 * read these declarations (through `RouteTable`); nothing else says which route is public, cached
 * or takes a large body. A route that declares nothing is signed in, takes at most 1 MB of JSON
 * and is not cached. (Which writes the app may queue offline is the contract's: contract/src/offline.ts.)
 */
export type RouteRules = {
  /**
   * Answers without a session. A write (POST, PUT, PATCH, DELETE) to any other API route that
   * carries no session cookie is refused 401 before its body is read.
   */
  public?: true
  /**
   * The largest request body it takes, in bytes (413 over it): unless set, `PUBLIC_BODY_LIMIT` for
   * a public route, `DEFAULT_BODY_LIMIT` for any other.
   */
  bodyLimit?: number
  /**
   * A GET answered from the per-user response cache (lib/http-cache.ts): only for answers that
   * depend on nothing but the user's own data version and the calendar day.
   */
  cachedPerUser?: true
  /**
   * Opened by a token in its path (a shared report, an invitation): every answer, errors too,
   * carries `TOKEN_PATH_HEADERS` (stored by no cache, no referrer, not indexed).
   */
  tokenInPath?: true
  /** Takes an HTML form post as well as JSON (the development sign-in page). */
  formPost?: true
}

/** JSON bodies: what a signed-in route takes unless it declares a `bodyLimit`. */
export const DEFAULT_BODY_LIMIT = 1 * MB
/** What a public route takes unless it declares a `bodyLimit`: no session, so little. */
export const PUBLIC_BODY_LIMIT = 8 * 1024

/** Headers of every answer of a `tokenInPath` route, set before anything else runs. */
export const TOKEN_PATH_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
}

/**
 * The `rules` option of a route, typed (an Elysia macro that adds nothing to the request's
 * lifecycle: the declaration is only read, by `RouteTable`). A module that declares rules uses it.
 */
export const routeRules = new Elysia({ name: 'route-rules' }).macro({
  rules: (_rules: RouteRules) => ({}),
})

/** A route as declared: its path template (`/api/reports/:uuid`) and its rules. */
type Declared = { path: string; rules: RouteRules }
type Node = {
  fixed: Map<string, Node>
  param?: Node
  /** The `*` routes here (the rest of the path, whatever it is), by method. */
  rest: Map<string, Declared>
  /** The routes ending here, by method. */
  methods: Map<string, Declared>
}
const node = (): Node => ({ fixed: new Map(), rest: new Map(), methods: new Map() })
type Pick = (byMethod: Map<string, Declared>) => Declared | undefined

/** An app's routes as Elysia lists them (`app.routes`). */
type DeclaredRoute = { method: string; path: string; hooks?: unknown }

/**
 * The rules of an app's routes, found by method and path as Elysia's router finds the route: a
 * fixed segment before a parameter, a parameter before `*`, a trailing slash ignored. The one
 * route matcher outside Elysia: the rules, and the route template a request refused before
 * routing is logged and measured under (observability).
 */
export class RouteTable {
  private root = node()
  private declared: { method: string; path: string; rules: RouteRules }[] = []

  /** Reads the declarations of these routes (call once the app has all its routes). */
  load(routes: readonly DeclaredRoute[]) {
    for (const route of routes) {
      const rules = (route.hooks as { rules?: RouteRules } | undefined)?.rules ?? {}
      this.declared.push({ method: route.method, path: route.path, rules })
      let at = this.root
      let byMethod = at.methods
      for (const segment of route.path.split('/').filter(Boolean)) {
        if (segment === '*') {
          byMethod = at.rest
          break
        }
        if (segment.startsWith(':')) at = at.param ??= node()
        else {
          const next = at.fixed.get(segment) ?? node()
          at.fixed.set(segment, next)
          at = next
        }
        byMethod = at.methods
      }
      // The first route of a method and path is the one Elysia answers with.
      if (!byMethod.has(route.method)) byMethod.set(route.method, { path: route.path, rules })
    }
    return this
  }

  /** The rules of the route that answers `method pathname` (HEAD: its GET), or undefined. */
  find(method: string, pathname: string): RouteRules | undefined {
    return this.match(
      this.root,
      pathname,
      1,
      (byMethod) => byMethod.get(method) ?? (method === 'HEAD' ? byMethod.get('GET') : undefined),
    )?.rules
  }

  /**
   * The template of the route that answers `method pathname` (`/api/reports/:uuid`; HEAD: its
   * GET; a route of any method, `ALL`, too), or undefined.
   */
  template(method: string, pathname: string): string | undefined {
    const want = method === 'HEAD' ? 'GET' : method
    return this.match(this.root, pathname, 1, (m) => m.get(want) ?? m.get('ALL'))?.path
  }

  /** The largest body the route that answers `method pathname` takes (any path: 1 MB at most). */
  bodyLimit(method: string, pathname: string) {
    const rules = this.find(method, pathname)
    return rules?.bodyLimit ?? (rules?.public ? PUBLIC_BODY_LIMIT : DEFAULT_BODY_LIMIT)
  }

  /** Whether a route at this path, whatever its method, is opened by a token in the path. */
  tokenInPath(pathname: string) {
    const anyToken: Pick = (byMethod) => {
      for (const route of byMethod.values()) if (route.rules.tokenInPath) return route
    }
    return this.match(this.root, pathname, 1, anyToken) !== undefined
  }

  /** The routes whose rules pass `test`, as Elysia declared them. */
  routes(test: (rules: RouteRules) => boolean | undefined) {
    return this.declared.filter((r) => test(r.rules)).map(({ method, path }) => ({ method, path }))
  }

  /** The largest body any route takes (the server reads no more, Content-Length or not). */
  maxBodyLimit() {
    return Math.max(DEFAULT_BODY_LIMIT, ...this.declared.map((r) => r.rules.bodyLimit ?? 0))
  }

  /** Walks `pathname` from index `from` (just after a slash) without splitting it. */
  private match(at: Node, pathname: string, from: number, pick: Pick): Declared | undefined {
    if (from >= pathname.length) return pick(at.methods) ?? pick(at.rest)
    const slash = pathname.indexOf('/', from)
    const end = slash < 0 ? pathname.length : slash
    if (end === from) return this.match(at, pathname, end + 1, pick)
    const fixed = at.fixed.get(pathname.slice(from, end))
    return (
      (fixed && this.match(fixed, pathname, end + 1, pick)) ||
      (at.param && this.match(at.param, pathname, end + 1, pick)) ||
      pick(at.rest)
    )
  }
}
