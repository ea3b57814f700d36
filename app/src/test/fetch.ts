// Test helper: replaces global fetch with a handler and records every call.
type Call = { method: string; path: string; body: unknown }
type Handler = (call: Call) => Response | Promise<Response>

const realFetch = globalThis.fetch

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

function stubFetch(handler: Handler) {
  const calls: Call[] = []
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url)
    const text = init?.body !== undefined ? String(init.body) : await request.clone().text()
    let body: unknown = text || undefined
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {}
    const call = { method: request.method, path: url.pathname + url.search, body }
    calls.push(call)
    return handler(call)
  }
  globalThis.fetch = stub as typeof fetch
  return calls
}

function restoreFetch() {
  globalThis.fetch = realFetch
}

/** A promise plus its resolver, to hold a response until the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

export type { Call }
export { deferred, json, restoreFetch, stubFetch }
