/**
 * Requests whose handler is still running, counted around every route (Elysia's `wrap`).
 *
 * A graceful shutdown (src/index.ts) stops taking connections and then waits for this to reach
 * zero before it closes the database. The server's own stop waits only for requests whose client
 * is still connected: a handler whose client went away (a load balancer's timeout, a closed tab)
 * keeps running, and closing the pool under it would fail its next query.
 */
export class InFlight {
  private count = 0
  private waiters: (() => void)[] = []

  get size() {
    return this.count
  }

  /** Runs a request's handler, counting it until its answer (or error) is settled. */
  track<T>(run: () => T): T {
    this.count++
    let result: T
    try {
      result = run()
    } catch (error) {
      this.done()
      throw error
    }
    if (result instanceof Promise) return result.finally(() => this.done()) as T
    this.done()
    return result
  }

  /** Resolves once no handler runs, or after `timeoutMs` (true when idle). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs)
      this.waiters.push(() => {
        clearTimeout(timer)
        resolve(true)
      })
    })
  }

  private done() {
    this.count--
    if (this.count > 0) return
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }
}
