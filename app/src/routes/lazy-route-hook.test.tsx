import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Window as HappyWindow } from 'happy-dom'
import { act } from 'react'
import { lazyRoute, useRouteReady } from './lazy-route'

// React DOM needs a document: a happy-dom page installed for this file only, and removed after.
const page = new HappyWindow({ url: 'http://localhost/' })
const saved: Record<string, unknown> = {}
const globals = { window: page, document: page.document, navigator: page.navigator }
beforeAll(() => {
  for (const [key, value] of Object.entries(globals)) {
    saved[key] = (globalThis as Record<string, unknown>)[key]
    ;(globalThis as Record<string, unknown>)[key] = value
  }
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})
afterAll(() => {
  for (const key of Object.keys(globals)) (globalThis as Record<string, unknown>)[key] = saved[key]
  page.close()
})

const Page = () => <p>Loaded</p>
const Route = lazyRoute(() => Promise.resolve({ default: Page }))

function Probe() {
  const ready = useRouteReady(Route, true)
  // The module comes in between this render and the effect (a modulepreloaded chunk).
  if (!ready) Route.handle.loaded = { default: Page as never }
  return ready ? <Route /> : <p>Spinner</p>
}

describe('useRouteReady', () => {
  test('a route that rendered its spinner before its module arrived shows the page once it has', async () => {
    const { createRoot } = await import('react-dom/client')
    const container = page.document.createElement('div')
    const root = createRoot(container as unknown as Element)
    await act(async () => {
      root.render(<Probe />)
    })
    await act(async () => {
      await Bun.sleep(0)
    })
    expect(container.textContent).toBe('Loaded')
    await act(async () => root.unmount())
  })
})
