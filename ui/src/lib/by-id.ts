const cache = new WeakMap<readonly object[], Map<number, unknown>>()

/**
 * A Map of the list's entries by id, built once per list (cached by the array's identity), so
 * looking up an item's project or assignee is O(1) instead of a scan of the whole list per item.
 */
export function byId<T extends { id: number }>(list: readonly T[]): Map<number, T> {
  let map = cache.get(list) as Map<number, T> | undefined
  if (!map) {
    map = new Map()
    for (const entry of list) map.set(entry.id, entry)
    cache.set(list, map)
  }
  return map
}
