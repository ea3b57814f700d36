import * as React from 'react'

/** What the browser and the in-app confirmation say when leaving would lose changes. */
export const LEAVE_WARNING = 'You have unsaved changes. Leave without saving them?'

/** A click that would leave the page through a link of this app (not a new tab or a download). */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  const link = (event.target as Element | null)?.closest?.('a[href]')
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target === '_blank' ||
    link.hasAttribute('download')
  )
    return false
  const to = new URL(link.href, location.href)
  return to.origin === location.origin && to.pathname !== location.pathname
}

/**
 * While `dirty`, leaving asks first: a reload or a closed tab gets the browser's own question, a
 * link to another page of the app a confirmation (captured before the router sees the click).
 */
export function useLeaveWarning(dirty: boolean) {
  React.useEffect(() => {
    if (!dirty) return
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const click = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(LEAVE_WARNING)) return
      event.preventDefault()
      event.stopPropagation()
    }
    window.addEventListener('beforeunload', beforeUnload)
    document.addEventListener('click', click, true)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      document.removeEventListener('click', click, true)
    }
  }, [dirty])
}
