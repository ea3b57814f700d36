import { type ComponentType, lazy, useEffect, useState } from 'react'

type RouteModule<P extends object> = { default: ComponentType<P> }

type Handle<P extends object> = {
  loaded: RouteModule<P> | null
  preload: () => Promise<RouteModule<P>>
  lazy: ComponentType<P>
}

/** What callers that only wait for a route read of its handle, whatever its props. */
type Loadable = { handle: { loaded: object | null; preload: () => Promise<unknown> } }

function LazyRouteOf<P extends object>({ handle, props }: { handle: Handle<P>; props: P }) {
  // Chosen once per mount: switching from the lazy one to the module's component would remount.
  const [Component] = useState(() => handle.loaded?.default ?? handle.lazy)
  return <Component {...props} />
}

/**
 * React.lazy for a route that may be loaded ahead (`preload`). Once its module is in, a new mount
 * renders it directly instead of suspending: no Suspense fallback is committed, so React's reveal
 * throttle (content shown at the earliest 300 ms after a fallback) is not paid on the critical
 * path. useRouteReady lets a caller keep its own spinner until then rather than suspend.
 */
export function lazyRoute<P extends object, M extends RouteModule<P>>(load: () => Promise<M>) {
  let pending: Promise<M> | null = null
  const preload = (): Promise<M> => {
    pending ??= load().then(
      (module) => {
        handle.loaded = module
        return module
      },
      (error: unknown) => {
        pending = null
        throw error
      },
    )
    return pending
  }
  const handle: Handle<P> = { loaded: null, preload, lazy: lazy(preload) }
  const route = (props: P) => <LazyRouteOf handle={handle} props={props} />
  return Object.assign(route, { handle, preload })
}

/**
 * Calls `onSettled` once the route's module is in, or its load failed; also when it is in already
 * (in a microtask): a component that rendered before the module arrived must render again even if
 * the module arrived before its effect ran. Returns a function that cancels the call.
 */
export function onRouteSettled(route: Loadable, onSettled: () => void): () => void {
  let live = true
  const settle = () => {
    if (live) onSettled()
  }
  route.handle.preload().then(settle, settle)
  return () => {
    live = false
  }
}

/** Starts loading `route` when `enabled`; true once it is loaded (or failed: Lazy then throws). */
export function useRouteReady(route: Loadable, enabled: boolean): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(
    () => (enabled ? onRouteSettled(route, () => setSettled(true)) : undefined),
    [enabled, route],
  )
  return route.handle.loaded !== null || settled
}
