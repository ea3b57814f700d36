import * as React from 'react'

/**
 * A trigger that an in-place question replaces (Delete → 'Delete this report?'): once the question
 * closes and the trigger is back, it gets focus again. Put the returned ref on the trigger.
 */
export function useFocusBack<T extends HTMLElement>(asking: boolean) {
  const ref = React.useRef<T>(null)
  const wasAsking = React.useRef(asking)
  React.useEffect(() => {
    if (wasAsking.current && !asking) ref.current?.focus()
    wasAsking.current = asking
  }, [asking])
  return ref
}
