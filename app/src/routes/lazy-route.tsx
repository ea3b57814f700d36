import { type ComponentType, lazy, useEffect, useState } from 'react'

type RouteModule = { default: ComponentType<never> }

type Handle = {
  loaded: RouteModule | null
  preload: () => Promise<RouteModule>
  lazy: ComponentType<object>
}

function LazyRouteOf({ handle, props }: { handle: Handle; props: object }) {
  // Chosen once per mount: switching from the lazy one to the module's component would remount.
  const [Component] = useState(
    () => (handle.loaded?.default as ComponentType<object> | undefined) ?? handle.lazy,
  )
  return <Component {...props} />
}

/**
 * React.lazy for a route that may be loaded ahead (`preload`). Once its module is in, a new mount
 * renders it directly instead of suspending: no Suspense fallback is committed, so React's reveal
 * throttle (content shown at the earliest 300 ms after a fallback) is not paid on the critical
 * path. useRouteReady lets a caller keep its own spinner until then rather than suspend.
 */
export function lazyRoute<P extends object, M extends { default: ComponentType<P> }>(
  load: () => Promise<M>,
) {
  let pending: Promise<M> | null = null
  const handle: Handle = {
    loaded: null,
    preload: () => {
      pending ??= load().then(
        (module) => {
          handle.loaded = module as unknown as RouteModule
          return module
        },
        (error: unknown) => {
          pending = null
          throw error
        },
      )
      return pending as unknown as Promise<RouteModule>
    },
    lazy: lazy(() => handle.preload() as unknown as Promise<{ default: ComponentType<object> }>),
  }
  const route = (props: P) => <LazyRouteOf handle={handle} props={props} />
  return Object.assign(route, { handle, preload: handle.preload as () => Promise<M> })
}

/**
 * Calls `onSettled` once the route's module is in, or its load failed; also when it is in already
 * (in a microtask): a component that rendered before the module arrived must render again even if
 * the module arrived before its effect ran. Returns a function that cancels the call.
 */
export function onRouteSettled(route: { handle: Handle }, onSettled: () => void): () => void {
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
export function useRouteReady(route: { handle: Handle }, enabled: boolean): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(
    () => (enabled ? onRouteSettled(route, () => setSettled(true)) : undefined),
    [enabled, route],
  )
  return route.handle.loaded !== null || settled
}
