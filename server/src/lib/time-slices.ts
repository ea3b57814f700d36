/**
 * Long work inside one request (an account or report import) gives the event loop back whenever
 * it has run for `sliceMs`: `const slices = timeSlices()`, then `for await (const x of
 * slices.each(list))` for its loops (or `await slices.pause()` between steps). Other requests,
 * the load balancer's health check first, are answered meanwhile; each step itself stays short
 * (the imports insert in chunks of CHUNK rows).
 */
export const SLICE_MS = 10

/** Gives the event loop back now (a macrotask turn): between two heavy steps of one request. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export function timeSlices(sliceMs = SLICE_MS) {
  let started = performance.now()
  /** Yields to the event loop (a macrotask turn) if this slice is spent. */
  const pause = async () => {
    if (performance.now() - started < sliceMs) return
    await nextTurn()
    started = performance.now()
  }
  /** The elements of `list` one at a time, pausing before each when the slice is spent. */
  async function* each<T>(list: Iterable<T>): AsyncGenerator<T> {
    for (const item of list) {
      await pause()
      yield item
    }
  }
  return { pause, each }
}
