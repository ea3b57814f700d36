import { afterEach, describe, expect, test } from 'bun:test'
import type { Root } from 'react-dom/client'
import { deferred } from '../test/fetch'
import { installPage } from '../test/happy-page'
import { answerBatch, loadAfterPaint } from './after-paint'
import { createResource, type Resource, useResource } from './resource'

// Not an act() environment: act() would batch every update itself and hide what is measured here,
// React's own rendering of valtio's notifications as the answers come.
const page = installPage()

let root: Root | null = null
afterEach(async () => {
  root?.unmount()
  root = null
  // React's passive effects run in a later task: not after the page is gone.
  await Bun.sleep(5)
})

/** Follows both resources; records what each render showed. */
function Probe({ a, b, renders }: { a: Resource<string>; b: Resource<string>; renders: string[] }) {
  const first = useResource(a)
  const second = useResource(b)
  renders.push(`${first.data}/${second.data}`)
  return null
}

/** Renders a Probe of both resources; returns what each render showed. */
async function follow(a: Resource<string>, b: Resource<string>) {
  const renders: string[] = []
  const { createRoot } = await import('react-dom/client')
  root = createRoot(page.document.createElement('div') as unknown as Element)
  root.render(<Probe a={a} b={b} renders={renders} />)
  await Bun.sleep(5)
  return renders
}

/** Two resources answering when their gates are opened. */
function twoResources() {
  const gates = [deferred<string>(), deferred<string>()]
  const [a, b] = gates.map((gate) => createResource(() => gate.promise))
  return { gates, a, b }
}

describe('answerBatch', () => {
  test('without a batch, each answer renders its followers on its own', async () => {
    const { gates, a, b } = twoResources()
    const renders = await follow(a, b)
    void a.load()
    void b.load()
    gates[0].resolve('a')
    await Bun.sleep(5)
    gates[1].resolve('b')
    await Bun.sleep(5)
    expect(renders).toEqual(['null/null', 'a/null', 'a/b'])
  })

  test("a batch's answers are applied together: one render for all of them", async () => {
    const { gates, a, b } = twoResources()
    const renders = await follow(a, b)
    const batch = answerBatch()
    const loads = [a.load({ batch }), b.load({ batch })]
    batch.close()
    gates[0].resolve('a')
    await Bun.sleep(5)
    // The first answer waits for the second.
    expect(a.state.data).toBeNull()
    gates[1].resolve('b')
    await Bun.sleep(5)
    expect(renders).toEqual(['null/null', 'a/b'])
    expect(await Promise.all(loads)).toEqual(['a', 'b'])
  })

  test('a failed answer is applied with the others and still rejects its load', async () => {
    const gate = deferred<string>()
    const ok = createResource(() => gate.promise)
    const failing = createResource<string>(() => Promise.reject(new Error('down')))
    const batch = answerBatch()
    const okLoad = ok.load({ batch })
    const failedLoad = failing.load({ batch })
    batch.close()
    await Bun.sleep(5)
    expect(failing.state.error).toBeNull()
    gate.resolve('fine')
    await expect(failedLoad).rejects.toThrow('down')
    expect(await okLoad).toBe('fine')
    expect(failing.state.error).toBe('down')
  })

  test('a slow answer holds the others for the longest wait only; it then lands on its own', async () => {
    const { gates, a, b } = twoResources()
    const batch = answerBatch(20)
    void a.load({ batch })
    const slow = b.load({ batch })
    batch.close()
    gates[0].resolve('a')
    await Bun.sleep(5)
    expect(a.state.data).toBeNull()
    await Bun.sleep(30)
    expect(a.state.data).toBe('a')
    expect(b.state.data).toBeNull()
    gates[1].resolve('b')
    expect(await slow).toBe('b')
    expect(b.state.data).toBe('b')
  })

  test('an answer is held until the batch is closed (more loads may still join)', async () => {
    const { gates, a, b } = twoResources()
    const batch = answerBatch()
    void a.load({ batch })
    gates[0].resolve('a')
    await Bun.sleep(5)
    expect(a.state.data).toBeNull()
    void b.load({ batch })
    batch.close()
    gates[1].resolve('b')
    await Bun.sleep(5)
    expect([a.state.data, b.state.data]).toEqual(['a', 'b'])
  })
})

describe('loadAfterPaint', () => {
  test('starts every load queued before the next frame together, after it, in one batch', async () => {
    const frames: FrameRequestCallback[] = []
    const savedFrame = globalThis.requestAnimationFrame
    globalThis.requestAnimationFrame = (callback) => frames.push(callback)
    try {
      const { gates, a, b } = twoResources()
      const renders = await follow(a, b)
      const started: string[] = []
      loadAfterPaint((batch) => {
        started.push('shell')
        void a.load({ batch })
      })
      loadAfterPaint((batch) => {
        started.push('page')
        void b.load({ batch })
      })
      await Bun.sleep(5)
      // Nothing before the frame is painted.
      expect(started).toEqual([])
      expect(frames).toHaveLength(1)
      frames[0](0)
      await Bun.sleep(5)
      expect(started).toEqual(['shell', 'page'])
      gates[0].resolve('a')
      await Bun.sleep(5)
      gates[1].resolve('b')
      await Bun.sleep(5)
      expect(renders).toEqual(['null/null', 'a/b'])
    } finally {
      globalThis.requestAnimationFrame = savedFrame
    }
  })
})
