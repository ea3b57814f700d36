import * as React from 'react'

/**
 * The same array as on the last render when its elements are the same (callers often pass a
 * fresh `filter`ed array each render), so memoised children are not re-rendered for nothing.
 */
export function useShallowStable<T>(list: readonly T[]): readonly T[] {
  const ref = React.useRef(list)
  const prev = ref.current
  if (prev !== list && (prev.length !== list.length || prev.some((x, i) => x !== list[i]))) {
    ref.current = list
  }
  return ref.current
}
