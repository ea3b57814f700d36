import { describe, expect, test } from 'bun:test'
import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { lazyRoute, onRouteSettled } from './lazy-route'

const Page = ({ name = 'page' }: { name?: string }) => <p>Loaded {name}</p>

function tree(Route: (props: { name?: string }) => React.ReactNode) {
  return renderToString(
    <Suspense fallback={<p>Fallback</p>}>
      <Route name="dashboard" />
    </Suspense>,
  )
}

describe('lazyRoute', () => {
  test('suspends before its module is loaded, renders it directly once preloaded', async () => {
    const Route = lazyRoute(() => Promise.resolve({ default: Page }))
    expect(tree(Route)).toContain('Fallback')
    await Route.preload()
    expect(tree(Route)).toContain('Loaded <!-- -->dashboard')
  })

  test('loads once however often it is asked', async () => {
    let loads = 0
    const Route = lazyRoute(async () => {
      loads++
      return { default: Page }
    })
    await Promise.all([Route.preload(), Route.preload()])
    await Route.preload()
    expect(loads).toBe(1)
    expect(Route.handle.loaded?.default).toBe(Page)
  })

  test('a waiting route hears of its module also when it arrived before the route asked', async () => {
    // The landing rendered its spinner, then the modulepreloaded chunk came in before the effect
    // that asks: the effect must still re-render it (it once returned early and the spinner stayed).
    const Route = lazyRoute(() => Promise.resolve({ default: Page }))
    await Route.preload()
    let calls = 0
    onRouteSettled(Route, () => calls++)
    await Bun.sleep(0)
    expect(calls).toBe(1)
    // Cancelled (the component unmounted): no call.
    const cancel = onRouteSettled(Route, () => calls++)
    cancel()
    await Bun.sleep(0)
    expect(calls).toBe(1)
  })

  test('a failed load is tried again on the next ask', async () => {
    let loads = 0
    const Route = lazyRoute(async () => {
      loads++
      if (loads === 1) throw new Error('offline')
      return { default: Page }
    })
    await expect(Route.preload()).rejects.toThrow('offline')
    expect(Route.handle.loaded).toBeNull()
    await Route.preload()
    expect(loads).toBe(2)
    expect(Route.handle.loaded?.default).toBe(Page)
  })
})
