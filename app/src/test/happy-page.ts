import { afterAll, beforeAll } from 'bun:test'
import { Window as HappyWindow } from 'happy-dom'

/**
 * A happy-dom page for one test file (React DOM needs a document): its window, document and
 * navigator, and the `also` globals asked for, installed before the file's tests and the previous
 * values put back after, then the page closed. App tests otherwise run without a global DOM
 * (happy-dom's globals would replace fetch). `act`: the file renders inside React's act().
 */
export function installPage(
  url = 'http://localhost/',
  opts: { also?: ('location' | 'history')[]; act?: boolean } = {},
) {
  const page = new HappyWindow({ url })
  const globals: Record<string, unknown> = {
    window: page,
    document: page.document,
    navigator: page.navigator,
  }
  for (const key of opts.also ?? []) globals[key] = page[key]
  const saved: Record<string, unknown> = {}
  const scope = globalThis as Record<string, unknown>
  beforeAll(() => {
    for (const [key, value] of Object.entries(globals)) {
      saved[key] = scope[key]
      scope[key] = value
    }
    if (opts.act) scope.IS_REACT_ACT_ENVIRONMENT = true
  })
  afterAll(() => {
    for (const key of Object.keys(globals)) scope[key] = saved[key]
    page.close()
  })
  return page
}
