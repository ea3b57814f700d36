/**
 * Lookups by key that arrive in the same turn of the event loop, answered by one statement.
 *
 * Every authenticated request reads its session and user first (statements/auth.ts). On
 * PostgreSQL each such read alone is a round trip and a statement's fixed cost on both sides, the
 * largest share of a small write's cost after the write itself (docs/benchmarks.md). Requests
 * that arrive together read together: one `= ANY($1)` statement for all their keys, each caller
 * answered with its own row (or none). Nothing is kept between turns: every read goes to the
 * database, as before, so a session ended on another instance ends here at once.
 */
export function readBatch<K extends string | number, R>(
  read: (keys: K[]) => Promise<R[]>,
  keyOf: (row: R) => K,
  /** At most this many keys per statement. */
  max = 500,
): (key: K) => Promise<R | undefined> {
  let waiting = new Map<
    K,
    Array<{ resolve: (row: R | undefined) => void; reject: (e: unknown) => void }>
  >()
  let scheduled = false
  const flush = () => {
    scheduled = false
    const batch = waiting
    waiting = new Map()
    const keys = [...batch.keys()]
    for (let i = 0; i < keys.length; i += max) {
      const part = keys.slice(i, i + max)
      read(part).then(
        (rows) => {
          const byKey = new Map<K, R>()
          for (const row of rows) byKey.set(keyOf(row), row)
          for (const key of part) for (const w of batch.get(key) ?? []) w.resolve(byKey.get(key))
        },
        (error) => {
          for (const key of part) for (const w of batch.get(key) ?? []) w.reject(error)
        },
      )
    }
  }
  return (key) =>
    new Promise((resolve, reject) => {
      const list = waiting.get(key)
      if (list) list.push({ resolve, reject })
      else waiting.set(key, [{ resolve, reject }])
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
