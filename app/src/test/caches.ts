// Test helper: a CacheStorage over Maps, enough of the API for the page's and the worker's calls
// (keys are URLs: a Request counts by its url, as CacheStorage matches it).

type Key = Request | string
const keyOf = (key: Key) => (typeof key === 'string' ? key : key.url)

function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const open = async (name: string) => {
    let store = stores.get(name)
    if (!store) {
      store = new Map()
      stores.set(name, store)
    }
    const entries = store
    return {
      match: async (key: Key, _options?: unknown) => entries.get(keyOf(key))?.clone(),
      put: async (key: Key, response: Response) => void entries.set(keyOf(key), response),
      delete: async (key: Key) => entries.delete(keyOf(key)),
      keys: async () => [...entries.keys()],
    }
  }
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  }
}

const g = globalThis as Record<string, unknown>

/** Installs a fresh fake as `caches`; `removeFakeCaches` takes it away. */
function installFakeCaches() {
  const fake = fakeCaches()
  g.caches = fake.api
  return fake
}

function removeFakeCaches() {
  delete g.caches
}

export { installFakeCaches, removeFakeCaches }
