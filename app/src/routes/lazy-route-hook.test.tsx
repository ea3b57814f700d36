import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import { installPage } from '../test/happy-page'
import { lazyRoute, useRouteReady } from './lazy-route'

const page = installPage('http://localhost/', { act: true })

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
